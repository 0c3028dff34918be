import Foundation

/// Where the chunks of a PNG lie, found by walking the chunk lengths once, without copying or
/// checking CRCs: for PNGs FlowSim's own encoder has just written (on the render threads), so the
/// APNG writer appends their image data without parsing the files again.
public struct PNGLayout: Sendable {
    /// The whole IHDR chunk (length, type, data, CRC) and its 13 data bytes.
    public var ihdr: Range<Int>
    public var ihdrData: Range<Int>
    /// Whole chunks between IHDR and the first IDAT (sRGB, gAMA …).
    public var ancillary: [Range<Int>]
    /// Whole IDAT chunks, and their payloads.
    public var idat: [Range<Int>]
    public var idatData: [Range<Int>]

    /// The layout of `png`; throws when the lengths do not describe a PNG with IHDR and IDAT.
    public init(trusting png: Data, frame: Int = 0) throws {
        var ihdr: Range<Int>?
        var ihdrData: Range<Int>?
        var ancillary: [Range<Int>] = []
        var idat: [Range<Int>] = []
        var idatData: [Range<Int>] = []
        // Read in place (a frame's PNG is ~70 KB; copying it to an array first cost more than
        // the walk), chunk types compared as 32-bit words.
        let signed = png.withUnsafeBytes { bytes -> Bool in
            guard bytes.count >= 8, bytes.prefix(8).elementsEqual(PNGChunk.signature) else { return false }
            func word(_ offset: Int) -> UInt32 {
                UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
                    | UInt32(bytes[offset + 3])
            }
            var offset = 8
            while offset + 12 <= bytes.count {
                let length = Int(word(offset))
                let end = offset + 12 + length
                guard end <= bytes.count else { break }
                let data = offset + 8..<offset + 8 + length
                switch word(offset + 4) {
                case PNGLayout.IHDR:
                    ihdr = offset..<end
                    ihdrData = data
                case PNGLayout.IDAT:
                    idat.append(offset..<end)
                    idatData.append(data)
                case PNGLayout.IEND: return true
                case PNGLayout.acTL, PNGLayout.fcTL, PNGLayout.fdAT: break
                default: if idat.isEmpty && ihdr != nil { ancillary.append(offset..<end) }
                }
                offset = end
            }
            return true
        }
        guard signed else { throw APNGError.missingChunk(frame: frame, chunk: "signature") }
        guard let ihdr, let ihdrData, ihdrData.count == 13 else {
            throw APNGError.missingChunk(frame: frame, chunk: "IHDR")
        }
        guard !idat.isEmpty else { throw APNGError.missingChunk(frame: frame, chunk: "IDAT") }
        self.ihdr = ihdr
        self.ihdrData = ihdrData
        self.ancillary = ancillary
        self.idat = idat
        self.idatData = idatData
    }

    /// Chunk types as big-endian words.
    static let IHDR: UInt32 = 0x4948_4452
    static let IDAT: UInt32 = 0x4944_4154
    static let IEND: UInt32 = 0x4945_4E44
    static let acTL: UInt32 = 0x6163_544C
    static let fcTL: UInt32 = 0x6663_544C
    static let fdAT: UInt32 = 0x6664_4154
}
