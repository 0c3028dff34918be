/// Writes the diff image while a kernel walks the pixels. Pixel indices, not byte offsets.
struct DiffCanvas {
    let output: UnsafeMutablePointer<UInt8>
    /// The expected image, whose faded brightness forms the background.
    let expected: UnsafePointer<UInt8>
    let style: DiffImageStyle

    /// pixelmatch's `drawGrayPixel`: `v = 255 + (Y − 255) · (fadeAlpha · A / 255)` with
    /// `Y = 0.29889531 R + 0.58662247 G + 0.11448223 B` of the un-blended expected pixel,
    /// stored by truncation as Node's `Buffer`/`Uint8Array` does (not rounded as a canvas
    /// `Uint8ClampedArray` would), so grey levels equal pixelmatch's PNG output byte for byte.
    @inline(__always)
    func fade(_ index: Int) {
        let offset = index &* 4
        let r = Double(expected[offset])
        let g = Double(expected[offset &+ 1])
        let b = Double(expected[offset &+ 2])
        let a = Double(expected[offset &+ 3])
        let y = r * 0.29889531 + g * 0.58662247 + b * 0.11448223
        let value = 255 + (y - 255) * (style.fadeAlpha * a / 255)
        let grey: UInt8 = value >= 255 ? 255 : (value > 0 ? UInt8(value) : 0)
        output[offset] = grey
        output[offset &+ 1] = grey
        output[offset &+ 2] = grey
        output[offset &+ 3] = 255
    }

    @inline(__always)
    func fadeRange(_ range: Range<Int>) {
        for index in range { fade(index) }
    }

    @inline(__always)
    func paint(_ index: Int, _ color: DiffImageColor) {
        let offset = index &* 4
        output[offset] = color.red
        output[offset &+ 1] = color.green
        output[offset &+ 2] = color.blue
        output[offset &+ 3] = 255
    }
}
