/// The `pixelmatch` metric, pixelmatch 5.3's algorithm re-expressed for speed: rows that are
/// byte-identical in both images are skipped with one `memcmp` (their pixels have δ = 0, so
/// this also covers pixelmatch's whole-image fast path), byte-equal pixels skip the colour
/// maths, and the anti-aliasing detector only runs for pixels above the threshold.
struct PixelmatchKernel {
    let buffers: PixelBuffers
    let threshold: Double
    let detectAntiAliasing: Bool

    struct Counts {
        var diff = 0
        var antiAliased = 0
    }

    func run(canvas: DiffCanvas?) -> Counts {
        let width = buffers.width
        let expected = buffers.expected
        let actual = buffers.actual
        // Same evaluation order as pixelmatch: (35215 · t) · t.
        let maxDelta = 35215 * threshold * threshold
        let detector = AntiAliasingDetector(width: width, height: buffers.height)
        var counts = Counts()

        for y in 0..<buffers.height {
            let rowStart = y &* width
            if buffers.rowsEqual(y) {
                canvas?.fadeRange(rowStart..<(rowStart &+ width))
                continue
            }
            for x in 0..<width {
                let index = rowStart &+ x
                if PixelBuffers.word(expected, index) == PixelBuffers.word(actual, index) {
                    canvas?.fade(index)
                    continue
                }
                let delta = YIQColorDelta.delta(expected, actual, index &* 4)
                guard abs(delta) > maxDelta else {
                    canvas?.fade(index)
                    continue
                }
                if detectAntiAliasing
                    && (detector.isAntiAliased(expected, other: actual, x: x, y: y)
                        || detector.isAntiAliased(actual, other: expected, x: x, y: y))
                {
                    counts.antiAliased &+= 1
                    if let canvas { canvas.paint(index, canvas.style.antiAliasedColor) }
                } else {
                    counts.diff &+= 1
                    if let canvas {
                        let alt = delta < 0 ? canvas.style.diffColorAlt : nil
                        canvas.paint(index, alt ?? canvas.style.diffColor)
                    }
                }
            }
        }
        return counts
    }
}
