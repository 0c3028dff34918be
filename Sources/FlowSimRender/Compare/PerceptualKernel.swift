/// The `perceptual` metric, swift-snapshot-testing's `perceptualPrecision`: a pixel differs when
/// its ΔE94 (`LabColorDelta`) exceeds `(1 − P) · 100`, both sides in `Float` as there (its
/// `deltaThreshold` and Core Image's `Rf` ΔE values; ties pass, since only ΔE > threshold fails).
/// Byte-identical rows (one `memcmp`) and pixels have ΔE 0 and skip the colour maths.
struct PerceptualKernel {
    let buffers: PixelBuffers
    let perceptualPrecision: Double

    struct Counts {
        var diff = 0
        /// The largest ΔE94 met (0 when the images are equal).
        var maxDeltaE = 0.0
    }

    /// `(1 − P) · 100` in `Float`: 1.999998 for P = 0.98, as swift-snapshot-testing computes it.
    static func threshold(_ perceptualPrecision: Double) -> Float {
        (1 - Float(perceptualPrecision)) * 100
    }

    func run(canvas: DiffCanvas?) -> Counts {
        let width = buffers.width
        let expected = buffers.expected
        let actual = buffers.actual
        let threshold = PerceptualKernel.threshold(perceptualPrecision)
        var counts = Counts()
        for y in 0..<buffers.height {
            let rowStart = y &* width
            if buffers.rowsEqual(y) {
                canvas?.fadeRange(rowStart..<(rowStart &+ width))
                continue
            }
            for index in rowStart..<(rowStart &+ width) {
                if PixelBuffers.word(expected, index) == PixelBuffers.word(actual, index) {
                    canvas?.fade(index)
                    continue
                }
                let offset = index &* 4
                let delta = LabColorDelta.deltaE94(
                    reference: LabColorDelta.lab(expected, offset), sample: LabColorDelta.lab(actual, offset))
                if delta > counts.maxDeltaE { counts.maxDeltaE = delta }
                if Float(delta) > threshold {
                    counts.diff &+= 1
                    if let canvas { canvas.paint(index, canvas.style.diffColor) }
                } else {
                    canvas?.fade(index)
                }
            }
        }
        return counts
    }
}
