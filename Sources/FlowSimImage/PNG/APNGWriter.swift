import CLibDeflate
import Foundation

/// Errors reading PNG chunk streams or assembling an animated PNG.
public enum APNGError: Error, Equatable, CustomStringConvertible, Sendable {
    case notPNG(frame: Int)
    case truncated(frame: Int)
    case badCRC(frame: Int, chunk: String)
    case missingChunk(frame: Int, chunk: String)
    case headerMismatch(frame: Int)
    case noFrames
    case tooManyFrames(Int)
    case invalidFrameRate(Double)
    /// A stream declared `expected` frames in acTL but was given `actual`.
    case frameCountMismatch(expected: Int, actual: Int)

    public var description: String {
        switch self {
        case .notPNG(let f): return "APNG: frame \(f) is not a PNG stream"
        case .truncated(let f): return "APNG: frame \(f) is truncated"
        case .badCRC(let f, let c): return "APNG: frame \(f): CRC mismatch in \(c) chunk"
        case .missingChunk(let f, let c): return "APNG: frame \(f) has no \(c) chunk"
        case .headerMismatch(let f): return "APNG: frame \(f) differs from frame 0 in size or pixel format"
        case .noFrames: return "APNG: no frames"
        case .tooManyFrames(let n): return "APNG: \(n) frames is more than an APNG can hold"
        case .invalidFrameRate(let fps): return "APNG: invalid frame rate \(fps)"
        case .frameCountMismatch(let e, let a): return "APNG: \(e) frames declared but \(a) given"
        }
    }
}

/// One PNG chunk: 4-letter type and payload (length and CRC are implied).
public struct PNGChunk: Equatable, Sendable {
    public var type: String
    public var data: Data

    public init(type: String, data: Data) {
        self.type = type
        self.data = data
    }

    /// Length, type, data, CRC-32 over type + data.
    public func serialized() -> Data {
        var out = Data(capacity: data.count + 12)
        out.appendBigEndian(UInt32(data.count))
        let typeBytes = Data(type.utf8)
        out.append(typeBytes)
        out.append(data)
        var crc = CRC32()
        crc.update(typeBytes)
        crc.update(data)
        out.appendBigEndian(crc.value)
        return out
    }

    public static let signature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    /// Splits a PNG stream into chunks, verifying the signature and every CRC. `frame` only
    /// labels errors.
    public static func parse(_ png: Data, frame: Int = 0) throws -> [PNGChunk] {
        let bytes = [UInt8](png)
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(signature) else {
            throw APNGError.notPNG(frame: frame)
        }
        var chunks: [PNGChunk] = []
        var offset = 8
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else { throw APNGError.truncated(frame: frame) }
            let length = Int(readBigEndian(bytes, offset))
            guard length <= bytes.count - offset - 12 else { throw APNGError.truncated(frame: frame) }
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            let type = String(decoding: typeBytes, as: UTF8.self)
            let payload = bytes[(offset + 8)..<(offset + 8 + length)]
            var crc = CRC32()
            crc.update(typeBytes)
            crc.update(payload)
            guard crc.value == readBigEndian(bytes, offset + 8 + length) else {
                throw APNGError.badCRC(frame: frame, chunk: type)
            }
            chunks.append(PNGChunk(type: type, data: Data(payload)))
            offset += 12 + length
            if type == "IEND" { break }
        }
        return chunks
    }
}

/// Builds an animated PNG (APNG) by re-chunking PNGs produced by `PNGEncoder`: frame 0's IDAT
/// chunks become the default image and first frame, later frames' IDAT payloads become fdAT
/// chunks. Every frame is full size at (0, 0), dispose NONE, blend SOURCE, with the delay
/// `1/fps` written as `delay_num/delay_den`. Sequence numbers run 0, 1, 2… across fcTL and fdAT.
public struct APNGWriter: Sendable {
    public var framesPerSecond: Double
    /// 0 = loop forever.
    public var loopCount: UInt32

    public init(framesPerSecond: Double, loopCount: UInt32 = 0) {
        self.framesPerSecond = framesPerSecond
        self.loopCount = loopCount
    }

    /// The frame delay as an APNG fraction of seconds (each part ≤ 65535).
    public static func delayFraction(framesPerSecond fps: Double) throws -> (numerator: UInt16, denominator: UInt16) {
        guard fps.isFinite, fps > 0 else { throw APNGError.invalidFrameRate(fps) }
        let rounded = fps.rounded()
        if abs(fps - rounded) < 1e-9, rounded >= 1, rounded <= 65535 {
            return (1, UInt16(rounded))
        }
        // delay = 1/fps = num/den: pick the largest power-of-ten numerator that keeps den ≤ 65535.
        for numerator in [1000.0, 100.0, 10.0, 1.0] {
            let denominator = (fps * numerator).rounded()
            if denominator >= 1, denominator <= 65535 {
                return (UInt16(numerator), UInt16(denominator))
            }
        }
        // Slower than 1 frame per 65.535 s or faster than 65535 fps: clamp.
        return fps < 1 ? (65535, UInt16(max(1, (65535 * fps).rounded()))) : (1, 65535)
    }

    /// A delay of `seconds` as an APNG fraction (each part ≤ 65535): the closest fraction with
    /// both parts in range (continued fractions, so 1/60, 1/30 or 3/2 are exact), clamped to
    /// [1/65535, 65535] s; 0 for zero, negative or non-finite delays.
    public static func delayFraction(seconds: Double) -> (numerator: UInt16, denominator: UInt16) {
        let limit = 65535.0
        guard seconds.isFinite, seconds > 0 else { return (0, 1) }
        if seconds >= limit { return (65535, 1) }
        if seconds <= 1 / limit { return (1, 65535) }
        var (p0, q0, p1, q1) = (0.0, 1.0, 1.0, 0.0)
        var value = seconds
        for _ in 0..<64 {
            let a = value.rounded(.down)
            let p2 = a * p1 + p0
            let q2 = a * q1 + q0
            if p2 > limit || q2 > limit {
                // The best semiconvergent that fits, if closer than the last convergent.
                let k = min(
                    p1 > 0 ? ((limit - p0) / p1).rounded(.down) : a, q1 > 0 ? ((limit - q0) / q1).rounded(.down) : a)
                let (ps, qs) = (k * p1 + p0, k * q1 + q0)
                if k >= 1, qs > 0, abs(ps / qs - seconds) < abs(p1 / q1 - seconds) { (p1, q1) = (ps, qs) }
                break
            }
            (p0, q0, p1, q1) = (p1, q1, p2, q2)
            let fraction = value - a
            if fraction < 1e-12 || abs(p1 / q1 - seconds) <= 1e-12 * seconds { break }
            value = 1 / fraction
        }
        return (UInt16(max(1, min(limit, p1))), UInt16(max(1, min(limit, q1))))
    }

    /// Every frame shown for `1/framesPerSecond`.
    public func animation(fromPNGs frames: [Data]) throws -> Data {
        guard !frames.isEmpty else { throw APNGError.noFrames }
        let delay = try APNGWriter.delayFraction(framesPerSecond: framesPerSecond)
        return try animation(fromPNGs: frames, delays: Array(repeating: delay, count: frames.count))
    }

    /// Frame `i` shown for `delays[i]` (as from `delayFraction`).
    public func animation(fromPNGs frames: [Data], delays: [(numerator: UInt16, denominator: UInt16)]) throws -> Data {
        let out = DataSink()
        var stream = try APNGStream(frameCount: frames.count, loopCount: loopCount) { out.data.append($0) }
        for (index, png) in frames.enumerated() {
            try stream.append(png, delay: index < delays.count ? delays[index] : (1, 60))
        }
        try stream.finish()
        return out.data
    }
}

private final class DataSink {
    var data = Data()
}

/// Writes an APNG frame by frame to `sink` (e.g. a file), so a long animation never has to be
/// held in memory: the frame count goes into acTL up front, then each `append` writes that
/// frame's fcTL and image data (IDAT for frame 0, fdAT after), `finish` writes IEND and checks
/// that exactly `frameCount` frames came. Same layout as `APNGWriter`.
public struct APNGStream {
    public let frameCount: Int
    public let loopCount: UInt32
    public private(set) var framesWritten = 0
    private let sink: (Data) throws -> Void
    private var header: Data?
    private var sequence: UInt32 = 0

    public init(frameCount: Int, loopCount: UInt32 = 0, sink: @escaping (Data) throws -> Void) throws {
        guard frameCount > 0 else { throw APNGError.noFrames }
        guard frameCount <= Int(UInt32.max / 2) else { throw APNGError.tooManyFrames(frameCount) }
        self.frameCount = frameCount
        self.loopCount = loopCount
        self.sink = sink
    }

    /// Appends one PNG whose layout the render thread already found (`PNGLayout(trusting:)`):
    /// frame 0's chunks are copied as they are (their CRCs stand), later frames' IDAT payloads
    /// become fdAT chunks. Nothing is parsed or CRC-checked again.
    public mutating func append(
        _ png: Data, layout: PNGLayout, delay: (numerator: UInt16, denominator: UInt16)
    ) throws {
        let index = framesWritten
        guard index < frameCount else { throw APNGError.frameCountMismatch(expected: frameCount, actual: index + 1) }
        let ihdrData = png.subdata(
            in: png.startIndex + layout.ihdrData.lowerBound..<png.startIndex + layout.ihdrData.upperBound)
        var out = Data()
        out.reserveCapacity(png.count + 64)
        if index == 0 {
            header = ihdrData
            out.append(PNGChunk.signature)
            out.append(png[png.startIndex + layout.ihdr.lowerBound..<png.startIndex + layout.ihdr.upperBound])
            for range in layout.ancillary {
                out.append(png[png.startIndex + range.lowerBound..<png.startIndex + range.upperBound])
            }
            var actl = Data()
            actl.appendBigEndian(UInt32(frameCount))
            actl.appendBigEndian(loopCount)
            out.append(PNGChunk(type: "acTL", data: actl).serialized())
        } else if ihdrData != header {
            throw APNGError.headerMismatch(frame: index)
        }
        out.append(frameControl(ihdrData, delay: delay))
        var next = sequence + 1
        for (chunk, payload) in zip(layout.idat, layout.idatData) {
            if index == 0 {
                out.append(png[png.startIndex + chunk.lowerBound..<png.startIndex + chunk.upperBound])
            } else {
                // Length, "fdAT", sequence number, the IDAT's payload, CRC: written straight
                // into `out`, the CRC continued over the payload in place.
                let data = png[png.startIndex + payload.lowerBound..<png.startIndex + payload.upperBound]
                var head = Data(capacity: 12)
                head.appendBigEndian(UInt32(data.count + 4))
                head.append(contentsOf: [0x66, 0x64, 0x41, 0x54])  // fdAT
                head.appendBigEndian(next)
                var crc = CRC32()
                crc.update(head.dropFirst(4))
                crc.update(data)
                out.append(head)
                out.append(data)
                out.appendBigEndian(crc.value)
                next += 1
            }
        }
        try sink(out)
        sequence = next
        framesWritten += 1
    }

    /// The fcTL chunk of the next frame: full size at (0, 0), dispose NONE, blend SOURCE.
    private func frameControl(_ ihdrData: Data, delay: (numerator: UInt16, denominator: UInt16)) -> Data {
        var fctl = Data()
        fctl.appendBigEndian(sequence)
        fctl.append(ihdrData.prefix(4))
        fctl.append(ihdrData.dropFirst(4).prefix(4))
        fctl.appendBigEndian(UInt32(0))  // x offset
        fctl.appendBigEndian(UInt32(0))  // y offset
        fctl.appendBigEndian(delay.numerator)
        fctl.appendBigEndian(delay.denominator)
        fctl.append(0)  // dispose_op NONE
        fctl.append(0)  // blend_op SOURCE
        return PNGChunk(type: "fcTL", data: fctl).serialized()
    }

    /// Appends one PNG (from `PNGEncoder`, same IHDR as the first) shown for `delay` seconds
    /// (`numerator/denominator`), parsing it and checking every CRC first.
    public mutating func append(_ png: Data, delay: (numerator: UInt16, denominator: UInt16)) throws {
        let index = framesWritten
        guard index < frameCount else { throw APNGError.frameCountMismatch(expected: frameCount, actual: index + 1) }
        let chunks = try PNGChunk.parse(png, frame: index)
        guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
            throw APNGError.missingChunk(frame: index, chunk: "IHDR")
        }
        let idats = chunks.filter { $0.type == "IDAT" }
        guard !idats.isEmpty else { throw APNGError.missingChunk(frame: index, chunk: "IDAT") }
        var out = Data()
        if index == 0 {
            header = ihdr.data
            out.append(PNGChunk.signature)
            out.append(ihdr.serialized())
            // Ancillary chunks before the image data (sRGB, gAMA, cHRM…), then acTL.
            for chunk in chunks.dropFirst() {
                if chunk.type == "IDAT" || chunk.type == "IEND" { break }
                if ["acTL", "fcTL", "fdAT"].contains(chunk.type) { continue }
                out.append(chunk.serialized())
            }
            var actl = Data()
            actl.appendBigEndian(UInt32(frameCount))
            actl.appendBigEndian(loopCount)
            out.append(PNGChunk(type: "acTL", data: actl).serialized())
        } else if ihdr.data != header {
            throw APNGError.headerMismatch(frame: index)
        }

        out.append(frameControl(ihdr.data, delay: delay))
        var next = sequence + 1

        for idat in idats {
            if index == 0 {
                out.append(idat.serialized())
            } else {
                var fdat = Data(capacity: idat.data.count + 4)
                fdat.appendBigEndian(next)
                fdat.append(idat.data)
                out.append(PNGChunk(type: "fdAT", data: fdat).serialized())
                next += 1
            }
        }
        try sink(out)
        sequence = next
        framesWritten += 1
    }

    /// Writes IEND; throws if fewer frames than declared were appended.
    public mutating func finish() throws {
        guard framesWritten == frameCount else {
            throw APNGError.frameCountMismatch(expected: frameCount, actual: framesWritten)
        }
        try sink(PNGChunk(type: "IEND", data: Data()).serialized())
    }
}

/// CRC-32 (ISO 3309 / PNG), by libdeflate (several GB/s: the APNG's fdAT chunks are the whole
/// animation's compressed data, and a byte-at-a-time table loop was 1.5 % of a default render).
public struct CRC32: Sendable {
    /// The CRC of the bytes so far (libdeflate continues from a finished value).
    public private(set) var value: UInt32 = 0

    public init() {}

    public mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) != nil { return }
        update(Array(bytes))
    }

    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        value = libdeflate_crc32(value, base, bytes.count)
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }

    mutating func appendBigEndian(_ value: UInt16) {
        append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
    }
}

private func readBigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
        | UInt32(bytes[offset + 3])
}
