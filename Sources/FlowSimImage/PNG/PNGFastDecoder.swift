// Over 400 lines on purpose: the fast decoder is one kernel (chunks, CRC, inflate, the five
// filters for each bit depth) whose loops the compiler specialises and inlines together; it is
// pinned byte for byte to libpng by its own tests.

import CLibDeflate

/// The fast path of `PNGDecoder`: chunk parsing, CRC checks (libdeflate's CRC-32), one
/// whole-buffer inflate (`libdeflate_zlib_decompress_ex`) and the five PNG filters in Swift.
///
/// It accepts only files whose libpng-simplified-API output is known to be the raw samples
/// (expanded to RGBA), so its output is byte-identical to the libpng path:
/// - non-interlaced, bit depth 8, colour type 0 (grey), 2 (RGB), 3 (palette), 4 (grey+alpha)
///   or 6 (RGBA); width and height within libpng's default user limits (1,000,000);
/// - no tRNS (except on palette images, where it is applied exactly as libpng's
///   `png_do_expand_palette` does), no sBIT, no PLTE on non-palette images; bKGD is
///   accepted because libpng only composes onto a background when alpha is removed, and the
///   RGBA output keeps it;
/// - no gAMA, or gAMA values so close to 1/2.2 that libpng applies no gamma transform
///   (libpng's threshold is ±5 % of the product with the sRGB screen gamma 2.2, i.e.
///   43182...47727; we accept 43500...47500); sRGB, cHRM and iCCP never change the samples of
///   RGBA output (no rgb-to-grey conversion, no colour management in libpng);
/// - every chunk's CRC correct, IDAT chunks consecutive, no chunk over 8,000,000 bytes
///   (libpng's `PNG_USER_CHUNK_MALLOC_MAX`), an IEND; a zlib stream that inflates to exactly
///   `height * (1 + rowBytes)` bytes, passes its Adler-32 check and uses all IDAT bytes;
///   filter bytes 0...4; palette indices below the palette length.
///
/// Anything else returns `nil` and `PNGDecoder` runs libpng, which then decodes the file or
/// produces its own error kind and message. The fast path therefore never throws: errors
/// always come from libpng, with the same text as before.
enum PNGFastDecoder {
    /// Decodes `bytes` (signature already checked by the caller) or returns `nil` when the file
    /// is outside the fast path, damaged, or larger than `maxPixelCount` (libpng reports it).
    static func decode(_ bytes: UnsafeRawBufferPointer, maxPixelCount: Int) -> RGBAImage? {
        guard bytes.count >= 8, zip(bytes.prefix(8), signature).allSatisfy({ $0 == $1 }),
            let layout = parse(bytes), let base = bytes.baseAddress
        else { return nil }
        let header = layout.header
        let width = header.width
        let height = header.height
        // Pixel limit before any pixel memory is allocated (libpng's path reports it).
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow, pixels.partialValue <= maxPixelCount else { return nil }
        let channels = header.channels
        let rowBytes = width * channels  // width <= 1e6, channels <= 4: no overflow
        let rawSize = (rowBytes + 1).multipliedReportingOverflow(by: height)
        let outSize = pixels.partialValue.multipliedReportingOverflow(by: 4)
        guard !rawSize.overflow, !outSize.overflow else { return nil }

        // The compressed stream: the single IDAT's bytes, or the IDATs concatenated.
        return withCompressedStream(base: base, idats: layout.idats) { compressed in
            if header.colourType == 6 {
                return decodeRGBAInPlace(
                    compressed, width: width, height: height,
                    rawSize: rawSize.partialValue, outSize: outSize.partialValue)
            }
            return decodeExpanding(
                compressed, layout: layout, rawSize: rawSize.partialValue,
                outSize: outSize.partialValue)
        }
    }

    // MARK: - Chunks

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Header {
        var width = 0
        var height = 0
        var colourType: UInt8 = 0
        /// Samples per pixel (bit depth is always 8 on the fast path).
        var channels: Int {
            switch colourType {
            case 0, 3: return 1
            case 4: return 2
            case 2: return 3
            default: return 4
            }
        }
    }

    struct Layout {
        var header = Header()
        /// (offset, length) of each IDAT chunk's data, in file order.
        var idats: [(offset: Int, length: Int)] = []
        /// Palette as RGBA (alpha from tRNS, else 255); only for colour type 3.
        var palette: [UInt8] = []
        var paletteCount = 0
    }

    /// libpng's `PNG_USER_CHUNK_MALLOC_MAX`: longer chunks make libpng fail, so leave them
    /// (and every IDAT that long) to libpng.
    static let maxChunkLength = 8_000_000
    /// libpng's default `PNG_USER_WIDTH_MAX` / `PNG_USER_HEIGHT_MAX`.
    static let maxDimension = 1_000_000
    /// gAMA values (×100000) for which libpng applies no gamma transform to sRGB output,
    /// with a margin inside libpng's own threshold (43182...47727).
    static let untouchedGamma: ClosedRange<UInt32> = 43_500...47_500

    private static func chunkType(_ s: String) -> UInt32 {
        s.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static let IHDR = chunkType("IHDR"), PLTE = chunkType("PLTE"),
        IDAT = chunkType("IDAT"), IEND = chunkType("IEND"), tRNS = chunkType("tRNS"),
        gAMA = chunkType("gAMA"), sRGB = chunkType("sRGB"), sBIT = chunkType("sBIT")

    @inline(__always)
    private static func readUInt32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        // Callers check offset + 4 <= bytes.count.
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
            | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }

    /// Walks every chunk up to IEND; `nil` for anything outside the fast path.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> Layout? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var layout = Layout()
        var offset = 8
        var seenHeader = false
        var seenPalette = false
        var seenTransparency = false
        var seenSRGB = false
        var seenGamma = false
        var idatRunEnded = false
        var transparency: [UInt8] = []
        while true {
            guard count - offset >= 12 else { return nil }  // length, type, CRC at least
            let length32 = readUInt32(bytes, offset)
            guard length32 <= UInt32(maxChunkLength) else { return nil }
            let length = Int(length32)
            let type = readUInt32(bytes, offset + 4)
            let isAncillary = bytes[offset + 4] & 0x20 != 0
            for index in 4..<8 where !isLetter(bytes[offset + index]) { return nil }
            let dataStart = offset + 8
            guard count - dataStart - 4 >= length else { return nil }
            let dataEnd = dataStart + length
            let storedCRC = readUInt32(bytes, dataEnd)
            let crc = libdeflate_crc32(0, base + offset + 4, length + 4)
            guard crc == storedCRC else { return nil }
            offset = dataEnd + 4

            if !seenHeader {
                guard type == IHDR, length == 13 else { return nil }
                let width = readUInt32(bytes, dataStart)
                let height = readUInt32(bytes, dataStart + 4)
                guard width >= 1, width <= UInt32(maxDimension),
                    height >= 1, height <= UInt32(maxDimension)
                else { return nil }
                let depth = bytes[dataStart + 8]
                let colourType = bytes[dataStart + 9]
                guard depth == 8, [0, 2, 3, 4, 6].contains(colourType),
                    bytes[dataStart + 10] == 0,  // compression
                    bytes[dataStart + 11] == 0,  // filter method
                    bytes[dataStart + 12] == 0  // not interlaced
                else { return nil }
                layout.header = Header(
                    width: Int(width), height: Int(height), colourType: colourType)
                seenHeader = true
                continue
            }
            let haveIDAT = !layout.idats.isEmpty
            if type != IDAT && haveIDAT { idatRunEnded = true }
            switch type {
            case IDAT:
                guard !idatRunEnded else { return nil }
                if layout.header.colourType == 3 && !seenPalette { return nil }
                layout.idats.append((dataStart, length))
            case IEND:
                guard haveIDAT, length == 0 else { return nil }
                if layout.header.colourType == 3 {
                    layout.palette = paletteRGBA(layout.palette, transparency)
                }
                return layout
            case PLTE:
                guard layout.header.colourType == 3, !seenPalette, !seenTransparency,
                    !haveIDAT, length >= 3, length <= 768, length % 3 == 0
                else { return nil }
                seenPalette = true
                layout.paletteCount = length / 3
                layout.palette = Array(bytes[dataStart..<dataEnd])
            case tRNS:
                guard layout.header.colourType == 3, seenPalette, !seenTransparency,
                    !haveIDAT, length >= 1, length <= layout.paletteCount
                else { return nil }
                seenTransparency = true
                transparency = Array(bytes[dataStart..<dataEnd])
            case gAMA:
                guard !seenGamma, !haveIDAT, length == 4,
                    untouchedGamma.contains(readUInt32(bytes, dataStart))
                else { return nil }
                seenGamma = true
            case sRGB:
                guard !seenSRGB, !haveIDAT, length == 1, bytes[dataStart] <= 3 else {
                    return nil
                }
                seenSRGB = true
            case sBIT, IHDR:
                return nil
            default:
                // Other critical chunks make libpng fail; other ancillary chunks (cHRM,
                // iCCP, text, pHYs, tIME, eXIf, unknown ones such as Apple's iDOT) do not
                // change the samples of RGBA output.
                guard isAncillary else { return nil }
            }
        }
    }

    /// 256 RGBA entries: the palette, alpha from tRNS (255 past its end); unused entries stay
    /// zero and are never read (indices are checked against `paletteCount`).
    private static func paletteRGBA(_ rgb: [UInt8], _ alpha: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 256 * 4)
        for entry in 0..<(rgb.count / 3) {
            table[entry * 4] = rgb[entry * 3]
            table[entry * 4 + 1] = rgb[entry * 3 + 1]
            table[entry * 4 + 2] = rgb[entry * 3 + 2]
            table[entry * 4 + 3] = entry < alpha.count ? alpha[entry] : 255
        }
        return table
    }

    private static func withCompressedStream<T>(
        base: UnsafeRawPointer, idats: [(offset: Int, length: Int)],
        _ body: (UnsafeRawBufferPointer) -> T?
    ) -> T? {
        if idats.count == 1, let only = idats.first {
            return body(UnsafeRawBufferPointer(start: base + only.offset, count: only.length))
        }
        var total = 0
        for idat in idats {
            let sum = total.addingReportingOverflow(idat.length)
            guard !sum.overflow else { return nil }
            total = sum.partialValue
        }
        let joined = UnsafeMutableRawBufferPointer.allocate(byteCount: max(total, 1), alignment: 16)
        defer { joined.deallocate() }
        guard let start = joined.baseAddress else { return nil }
        var position = 0
        for idat in idats where idat.length > 0 {
            (start + position).copyMemory(from: base + idat.offset, byteCount: idat.length)
            position += idat.length
        }
        return body(UnsafeRawBufferPointer(start: start, count: total))
    }

    // MARK: - Inflate

    /// Inflates the whole zlib stream into `out` (exactly `out.count` bytes expected, all
    /// input consumed, Adler-32 verified by libdeflate).
    private static func inflate(
        _ compressed: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard let decompressor = libdeflate_alloc_decompressor() else { return false }
        defer { libdeflate_free_decompressor(decompressor) }
        var consumed = 0
        var produced = 0
        let result = libdeflate_zlib_decompress_ex(
            decompressor, compressed.baseAddress, compressed.count,
            out.baseAddress, out.count, &consumed, &produced)
        return result == LIBDEFLATE_SUCCESS && consumed == compressed.count
            && produced == out.count
    }

    // MARK: - Colour type 6: unfilter in place, dropping the filter bytes

    private static func decodeRGBAInPlace(
        _ compressed: UnsafeRawBufferPointer, width: Int, height: Int, rawSize: Int,
        outSize: Int
    ) -> RGBAImage? {
        let stride = width * 4
        var ok = false
        // Capacity rawSize (height filter bytes more than the image); row y's filtered bytes
        // start at y * (stride + 1) + 1 and are unfiltered to y * stride, which never
        // overtakes the bytes still to be read.
        let pixels = [UInt8](unsafeUninitializedCapacity: rawSize) { buffer, initialized in
            initialized = 0
            guard let start = buffer.baseAddress,
                inflate(compressed, into: UnsafeMutableRawBufferPointer(buffer))
            else { return }
            for y in 0..<height {
                let source = start + y * (stride + 1)
                let filter = source.pointee
                let destination = start + y * stride
                let previous: UnsafePointer<UInt8>? = y == 0 ? nil : UnsafePointer(start + (y - 1) * stride)
                guard
                    unfilterRow(
                        filter: filter, source: UnsafePointer(source + 1), destination: destination,
                        previous: previous, count: stride, bpp: 4)
                else { return }
            }
            ok = true
            initialized = outSize
        }
        guard ok, pixels.count == outSize else { return nil }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    // MARK: - Other colour types: unfilter in a scratch buffer, expand to RGBA

    private static func decodeExpanding(
        _ compressed: UnsafeRawBufferPointer, layout: Layout, rawSize: Int, outSize: Int
    ) -> RGBAImage? {
        let header = layout.header
        let width = header.width
        let height = header.height
        let bpp = header.channels
        let rowBytes = width * bpp
        let raw = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rawSize)
        defer { raw.deallocate() }
        guard let rawStart = raw.baseAddress,
            inflate(compressed, into: UnsafeMutableRawBufferPointer(raw))
        else { return nil }
        var ok = false
        let palette = layout.palette
        let paletteCount = layout.paletteCount
        let pixels = [UInt8](unsafeUninitializedCapacity: outSize) { buffer, initialized in
            initialized = 0
            guard let out = buffer.baseAddress else { return }
            palette.withUnsafeBufferPointer { table in
                var previous: UnsafePointer<UInt8>? = nil
                for y in 0..<height {
                    let rowStart = rawStart + y * (rowBytes + 1)
                    let row = rowStart + 1
                    guard
                        unfilterRow(
                            filter: rowStart.pointee, source: UnsafePointer(row), destination: row,
                            previous: previous, count: rowBytes, bpp: bpp)
                    else { return }
                    previous = UnsafePointer(row)
                    let target = out + y * width * 4
                    switch header.colourType {
                    case 0: expandGrey(row, target, width)
                    case 4: expandGreyAlpha(row, target, width)
                    case 2: expandRGB(row, target, width)
                    default:
                        guard table.count == 256 * 4,
                            expandPalette(row, target, width, table, paletteCount)
                        else { return }
                    }
                }
                ok = true
            }
            initialized = ok ? outSize : 0
        }
        guard ok, pixels.count == outSize else { return nil }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @inline(__always)
    private static func expandRGB(
        _ row: UnsafeMutablePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ width: Int
    ) {
        var s = row
        var d = out
        for _ in 0..<width {
            d[0] = s[0]
            d[1] = s[1]
            d[2] = s[2]
            d[3] = 255
            s += 3
            d += 4
        }
    }

    @inline(__always)
    private static func expandGrey(
        _ row: UnsafeMutablePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ width: Int
    ) {
        for x in 0..<width {
            let g = row[x]
            let d = out + x * 4
            d[0] = g
            d[1] = g
            d[2] = g
            d[3] = 255
        }
    }

    @inline(__always)
    private static func expandGreyAlpha(
        _ row: UnsafeMutablePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ width: Int
    ) {
        for x in 0..<width {
            let g = row[x * 2]
            let d = out + x * 4
            d[0] = g
            d[1] = g
            d[2] = g
            d[3] = row[x * 2 + 1]
        }
    }

    /// `false` when an index is past the palette (libpng's handling of that is left to it).
    @inline(__always)
    private static func expandPalette(
        _ row: UnsafeMutablePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ width: Int,
        _ table: UnsafeBufferPointer<UInt8>, _ paletteCount: Int
    ) -> Bool {
        guard let entries = table.baseAddress else { return false }
        var maxIndex = 0
        for x in 0..<width {
            let index = Int(row[x])
            maxIndex = max(maxIndex, index)
            // table has 256 entries, so any byte index is in bounds.
            (out + x * 4).update(from: entries + index * 4, count: 4)
        }
        return maxIndex < paletteCount
    }

    // MARK: - Filters

    /// memmove: the in-place RGBA path copies a row a few bytes to the left.
    @inline(__always)
    private static func copyOverlapping(
        _ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ count: Int
    ) {
        UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: count)
    }

    /// Reverses one row's filter. `previous` is the unfiltered previous row (`nil` on the
    /// first row: zeros). `source` may alias `destination` as long as
    /// `destination <= source` (each byte is read before the byte at its position is written;
    /// the vector loops load up to 16 source bytes before storing as many).
    @inline(__always)
    static func unfilterRow(
        filter: UInt8, source: UnsafePointer<UInt8>, destination: UnsafeMutablePointer<UInt8>,
        previous: UnsafePointer<UInt8>?, count: Int, bpp: Int
    ) -> Bool {
        let s = source
        let d = destination
        switch filter {
        case 0:
            if UnsafePointer(d) != s { copyOverlapping(s, d, count) }
            return true
        case 2:  // Up
            if let p = previous {
                unfilterUp(s, d, p, count)
            } else if UnsafePointer(d) != s {
                copyOverlapping(s, d, count)
            }
            return true
        case 1, 3, 4:
            switch bpp {
            case 4: unfilterPixels(FourBytes.self, filter, s, d, previous, count)
            case 3: unfilterPixels(ThreeBytes.self, filter, s, d, previous, count)
            default: unfilterBytes(filter, s, d, previous, count, bpp)
            }
            return true
        default:
            return false
        }
    }

    @inline(__always)
    private static func unfilterUp(
        _ s: UnsafePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>, _ p: UnsafePointer<UInt8>,
        _ count: Int
    ) {
        var i = 0
        while count - i >= 16 {
            let sum =
                UnsafeRawPointer(s + i).loadUnaligned(as: SIMD16<UInt8>.self)
                &+ UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(d + i).storeBytes(of: sum, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            d[i] = s[i] &+ p[i]
            i += 1
        }
    }

    /// Loads and stores one pixel of 3 or 4 bytes as four 16-bit lanes.
    private protocol PixelBytes {
        static var size: Int { get }
        static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD4<Int16>
        static func store(_ value: SIMD4<Int16>, _ pointer: UnsafeMutablePointer<UInt8>)
    }

    private enum FourBytes: PixelBytes {
        static var size: Int { 4 }
        @inline(__always)
        static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD4<Int16> {
            SIMD4<Int16>(truncatingIfNeeded: UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<UInt8>.self))
        }
        @inline(__always)
        static func store(_ value: SIMD4<Int16>, _ pointer: UnsafeMutablePointer<UInt8>) {
            UnsafeMutableRawPointer(pointer).storeBytes(
                of: SIMD4<UInt8>(truncatingIfNeeded: value), as: SIMD4<UInt8>.self)
        }
    }

    private enum ThreeBytes: PixelBytes {
        static var size: Int { 3 }
        @inline(__always)
        static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD4<Int16> {
            SIMD4<Int16>(Int16(pointer[0]), Int16(pointer[1]), Int16(pointer[2]), 0)
        }
        @inline(__always)
        static func store(_ value: SIMD4<Int16>, _ pointer: UnsafeMutablePointer<UInt8>) {
            pointer[0] = UInt8(truncatingIfNeeded: value[0])
            pointer[1] = UInt8(truncatingIfNeeded: value[1])
            pointer[2] = UInt8(truncatingIfNeeded: value[2])
        }
    }

    /// Sub, Average and Paeth for 3- and 4-byte pixels, one pixel per step (the filters
    /// depend on the pixel to the left), channels in vector lanes. `count` is a whole number
    /// of pixels.
    @inline(__always)
    private static func unfilterPixels<Pixel: PixelBytes>(
        _: Pixel.Type, _ filter: UInt8, _ s: UnsafePointer<UInt8>,
        _ d: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>?, _ count: Int
    ) {
        let size = Pixel.size
        let mask = SIMD4<Int16>(repeating: 0xFF)
        var a = SIMD4<Int16>.zero  // the unfiltered pixel to the left
        var i = 0
        switch (filter, previous) {
        case (1, _), (4, nil):  // Sub; Paeth on the first row predicts from the left
            while i < count {
                a = (Pixel.load(s + i) &+ a) & mask
                Pixel.store(a, d + i)
                i += size
            }
        case (3, nil):
            while i < count {
                a = (Pixel.load(s + i) &+ (a &>> 1)) & mask
                Pixel.store(a, d + i)
                i += size
            }
        case (3, let p?):
            while i < count {
                let b = Pixel.load(p + i)
                a = (Pixel.load(s + i) &+ ((a &+ b) &>> 1)) & mask
                Pixel.store(a, d + i)
                i += size
            }
        case (_, let p?):  // Paeth
            var c = SIMD4<Int16>.zero  // the pixel above-left
            while i < count {
                let b = Pixel.load(p + i)
                let pa = magnitude(b &- c)
                let pb = magnitude(a &- c)
                let pc = magnitude(a &+ b &- c &- c)
                var predictor = c.replacing(with: b, where: pb .<= pc)
                predictor.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
                a = (Pixel.load(s + i) &+ predictor) & mask
                Pixel.store(a, d + i)
                c = b
                i += size
            }
        default:
            break
        }
    }

    @inline(__always)
    private static func magnitude(_ v: SIMD4<Int16>) -> SIMD4<Int16> {
        v.replacing(with: 0 &- v, where: v .< 0)
    }

    /// Sub, Average and Paeth for 1- and 2-byte pixels, byte by byte.
    @inline(__always)
    private static func unfilterBytes(
        _ filter: UInt8, _ s: UnsafePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>,
        _ previous: UnsafePointer<UInt8>?, _ count: Int, _ bpp: Int
    ) {
        let head = min(bpp, count)
        switch (filter, previous) {
        case (1, _), (4, nil):
            for i in 0..<head { d[i] = s[i] }
            var i = head
            while i < count {
                d[i] = s[i] &+ d[i - bpp]
                i += 1
            }
        case (3, nil):
            for i in 0..<head { d[i] = s[i] }
            var i = head
            while i < count {
                d[i] = s[i] &+ (d[i - bpp] >> 1)
                i += 1
            }
        case (3, let p?):
            for i in 0..<head { d[i] = s[i] &+ (p[i] >> 1) }
            var i = head
            while i < count {
                d[i] = s[i] &+ UInt8(truncatingIfNeeded: (UInt16(d[i - bpp]) &+ UInt16(p[i])) >> 1)
                i += 1
            }
        case (_, let p?):  // Paeth
            for i in 0..<head { d[i] = s[i] &+ p[i] }  // a = c = 0: predictor is b
            var i = head
            while i < count {
                let a = Int(d[i - bpp])
                let b = Int(p[i])
                let c = Int(p[i - bpp])
                let pa = abs(b - c)
                let pb = abs(a - c)
                let pc = abs(a + b - 2 * c)
                let predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
                d[i] = s[i] &+ UInt8(truncatingIfNeeded: predictor)
                i += 1
            }
        default:
            break
        }
    }
}
