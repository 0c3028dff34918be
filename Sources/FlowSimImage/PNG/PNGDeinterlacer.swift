import CLibDeflate

/// Rewrites an interlaced 16-bit PNG as the equivalent non-interlaced PNG, which libpng's
/// simplified API then decodes as usual (colour conversions, tRNS, gAMA unchanged).
///
/// Why: libpng's simplified API (`png_image_finish_read`) decodes interlaced 16-bit files
/// wrongly (about half the pixels differ from other decoders). Here the image data is inflated
/// (libdeflate), each Adam7 pass is unfiltered (`PNGFastDecoder.unfilterRow`) and its pixels put
/// in place, and the full image is compressed again with filter 0 in one IDAT chunk run; every
/// other chunk is copied unchanged. Any irregularity (bad CRC, truncated or extra data, a
/// filter byte above 4) returns nil, and the file goes to libpng as it is, which reports it.
enum PNGDeinterlacer {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Adam7: (x start, y start, x step, y step) of each pass.
    static let passes: [(Int, Int, Int, Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// Whether `bytes` is an interlaced PNG with 16-bit samples (the files to rewrite).
    static func needsRewrite(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 33 && zip(bytes.prefix(8), signature).allSatisfy({ $0 == $1 })
            && Array(bytes[12..<16]) == Array("IHDR".utf8) && bytes[24] == 16 && bytes[28] == 1
    }

    static func rewrite(_ bytes: UnsafeRawBufferPointer, maxPixelCount: Int) -> [UInt8]? {
        guard needsRewrite(bytes), let base = bytes.baseAddress else { return nil }
        func u32(_ offset: Int) -> Int {
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
        }
        let width = u32(16)
        let height = u32(20)
        let colourType = bytes[25]
        let channels: Int
        switch colourType {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: return nil
        }
        guard width >= 1, height >= 1, width <= 1_000_000, height <= 1_000_000,
            width * height <= maxPixelCount
        else { return nil }
        let bpp = channels * 2
        // Chunks: IDAT data joined, the others kept in order (before / after the IDAT run).
        var before: [UInt8] = []
        var after: [UInt8] = []
        var compressed: [UInt8] = []
        var offset = 8
        var seenIDAT = false
        var ended = false
        while !ended {
            guard bytes.count - offset >= 12 else { return nil }
            let length = u32(offset)
            guard length <= 0x7FFF_FFFF, bytes.count - offset - 12 >= length else { return nil }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let crc = libdeflate_crc32(0, base + offset + 4, length + 4)
            guard crc == UInt32(truncatingIfNeeded: u32(offset + 8 + length)) else { return nil }
            let whole = bytes[offset..<(offset + 12 + length)]
            switch type {
            case "IHDR": guard offset == 8 else { return nil }
            case "IDAT":
                compressed += bytes[(offset + 8)..<(offset + 8 + length)]
                seenIDAT = true
            case "IEND": ended = true
            default:
                if seenIDAT { after += whole } else { before += whole }
            }
            offset += 12 + length
        }
        // Inflate every pass at once: its size is known exactly.
        var passSizes: [(width: Int, height: Int)] = []
        var inflatedSize = 0
        for (x0, y0, dx, dy) in passes {
            let w = width > x0 ? (width - x0 + dx - 1) / dx : 0
            let h = height > y0 ? (height - y0 + dy - 1) / dy : 0
            passSizes.append((w, h))
            if w > 0 && h > 0 { inflatedSize += h * (1 + w * bpp) }
        }
        var inflated = [UInt8](repeating: 0, count: inflatedSize)
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var produced = 0
        let status = compressed.withUnsafeBytes { input in
            inflated.withUnsafeMutableBytes { output in
                libdeflate_zlib_decompress(
                    decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &produced)
            }
        }
        guard status == LIBDEFLATE_SUCCESS, produced == inflatedSize else { return nil }
        // Unfilter each pass and scatter its pixels into the rows of the full image, each
        // prefixed by filter byte 0.
        let rowBytes = width * bpp
        var raw = [UInt8](repeating: 0, count: height * (1 + rowBytes))
        var position = 0
        var ok = true
        inflated.withUnsafeMutableBufferPointer { data in
            guard let data = data.baseAddress else { return }
            for (index, (x0, y0, dx, dy)) in passes.enumerated() {
                let (w, h) = passSizes[index]
                guard w > 0 && h > 0 else { continue }
                let stride = w * bpp
                var previous: UnsafeMutablePointer<UInt8>? = nil
                for row in 0..<h {
                    let line = data + position + 1
                    guard
                        PNGFastDecoder.unfilterRow(
                            filter: data[position], source: line, destination: line,
                            previous: previous.map { UnsafePointer($0) }, count: stride, bpp: bpp)
                    else {
                        ok = false
                        return
                    }
                    let y = y0 + row * dy
                    for column in 0..<w {
                        let x = x0 + column * dx
                        let target = y * (1 + rowBytes) + 1 + x * bpp
                        for byte in 0..<bpp { raw[target + byte] = line[column * bpp + byte] }
                    }
                    previous = line
                    position += 1 + stride
                }
            }
        }
        guard ok, let compressor = libdeflate_alloc_compressor(6) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        var deflated = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, raw.count))
        let deflatedSize = raw.withUnsafeBytes { input in
            deflated.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard deflatedSize > 0 else { return nil }
        var out = signature
        func chunk(_ type: String, _ data: ArraySlice<UInt8>) {
            let count = UInt32(data.count)
            out += [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
            let start = out.count
            out += Array(type.utf8)
            out += data
            let crc = out.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress! + start, out.count - start) }
            out += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        }
        var header = Array(bytes[16..<29])
        header[12] = 0  // not interlaced
        chunk("IHDR", header[...])
        out += before
        var start = 0
        while start < deflatedSize {
            let end = min(deflatedSize, start + (1 << 20))
            chunk("IDAT", deflated[start..<end])
            start = end
        }
        out += after
        chunk("IEND", [])
        return out
    }
}
