/// The `perceptual` metric, swift-snapshot-testing's `perceptualPrecision`: a pixel differs when
/// its ΔE94 (`LabColorDelta`) exceeds `(1 − P) · 100`, as there: the threshold in `Float`, each
/// ΔE rounded to half precision first (its `perceptuallyCompare` renders the ΔE image as
/// `CIFormat.Rh` and widens it with `vImageConvert_Planar16FtoPlanarF`), ties passing (only
/// `deltaE > deltaThreshold` fails).
/// Byte-identical rows (one `memcmp`) and pixels have ΔE 0 and skip the colour maths.
struct PerceptualKernel {
    let buffers: PixelBuffers
    let perceptualPrecision: Double

    struct Counts {
        var diff = 0
        /// The largest ΔE94 met (0 when the images are equal).
        var maxDeltaE = 0.0
    }

    /// `ImageComparisonOptions.perceptualDeltaThreshold` of `perceptualPrecision`.
    static func threshold(_ perceptualPrecision: Double) -> Float {
        var options = ImageComparisonOptions(metric: .perceptual)
        options.perceptualPrecision = perceptualPrecision
        return options.perceptualDeltaThreshold
    }

    /// A ΔE as swift-snapshot-testing reads it back: rounded to the nearest half-precision value
    /// (so ΔE 1.9996 reads 2.0 and fails at 0.98).
    @inline(__always)
    static func readBack(_ deltaE: Double) -> Float {
        Float(Float16(Float(deltaE)))
    }

    func run(canvas: DiffCanvas?) -> Counts {
        let width = buffers.width
        let expected = buffers.expected
        let actual = buffers.actual
        let threshold = PerceptualKernel.threshold(perceptualPrecision)
        var counts = Counts()
        var cache = LabCache()
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
                let delta = LabColorDelta.deltaE94(
                    reference: cache.lab(expected, index), sample: cache.lab(actual, index))
                if delta > counts.maxDeltaE { counts.maxDeltaE = delta }
                if PerceptualKernel.readBack(delta) > threshold {
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

/// L*a*b* of recently met colours, by RGBA word (direct-mapped, 8192 entries): a golden's
/// differing pixels are mostly a few colours and the anti-aliased shades between them, so most
/// conversions (three cube roots each) are found here. Exact: a hit returns what `lab` computed.
struct LabCache {
    private static let bits = 13
    /// The word plus 2³² (0: empty slot).
    private var keys = [UInt64](repeating: 0, count: 1 << LabCache.bits)
    private var values = [(l: Double, a: Double, b: Double)](repeating: (0, 0, 0), count: 1 << LabCache.bits)

    @inline(__always)
    mutating func lab(_ p: UnsafePointer<UInt8>, _ index: Int) -> (l: Double, a: Double, b: Double) {
        let word = PixelBuffers.word(p, index)
        let slot = Int(truncatingIfNeeded: (word &* 2_654_435_761) >> (32 - UInt32(LabCache.bits)))
        let key = UInt64(word) | (1 << 32)
        if keys[slot] == key { return values[slot] }
        let lab = LabColorDelta.lab(p, index &* 4)
        keys[slot] = key
        values[slot] = lab
        return lab
    }
}
