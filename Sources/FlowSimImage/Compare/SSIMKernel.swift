import FlowSimSupport
import Foundation

/// The `ssim` metric: mean structural similarity (Wang, Bovik, Sheikh & Simoncelli, "Image
/// Quality Assessment: From Error Visibility to Structural Similarity", IEEE TIP 13(4), 2004)
/// as their reference implementation (`ssim_index.m`) and scikit-image's
/// `structural_similarity(gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
/// data_range=255)` compute it:
/// - on the luminance `Y = 0.2989 R + 0.5870 G + 0.1140 B` (MATLAB's `rgb2gray` weights; the
///   reference takes grey images) of each pixel composited over white (as pixelmatch
///   composites), not per channel;
/// - local statistics under a Gaussian window, σ = 1.5 truncated to 11 × 11 (radius 5),
///   population (co)variances;
/// - `S = (2 μx μy + C1)(2 σxy + C2) / ((μx² + μy² + C1)(σx² + σy² + C2))`,
///   C1 = (0.01 · 255)², C2 = (0.03 · 255)²;
/// - the mean over the pixels at least 5 px from every edge (windows that fit in the image),
///   masked pixels left out.
/// A window over identical pixels has S = 1 exactly (numerator and denominator are the same
/// floating-point numbers), so only windows within 5 px of a differing row span are computed:
/// the cost follows the changed area. Images under 11 px on a side have no window: SSIM is 1
/// when they are byte-identical, else 0.
struct SSIMKernel {
    let buffers: PixelBuffers
    /// One flag per pixel (true: masked, left out of the mean), or empty.
    let masked: [Bool]
    let threshold: Double

    static let radius = 5
    static let c1 = (0.01 * 255) * (0.01 * 255)
    static let c2 = (0.03 * 255) * (0.03 * 255)
    /// The normalised 1-D Gaussian, σ = 1.5, x = −5…5 (SciPy's `_gaussian_kernel1d`).
    static let weights: [Double] = {
        let raw = (-radius...radius).map { exp(-0.5 / (1.5 * 1.5) * Double($0 * $0)) }
        let sum = raw.reduce(0, +)
        return raw.map { $0 / sum }
    }()

    struct Outcome {
        var mean = 1.0
        /// Judged pixels whose local SSIM is below the threshold (painted in the diff image).
        var below = 0
    }

    @inline(__always)
    static func luminance(_ p: UnsafePointer<UInt8>, _ offset: Int) -> Double {
        let (r, g, b) = YIQColorDelta.blended(p, offset)
        return 0.2989 * r + 0.5870 * g + 0.1140 * b
    }

    func isMasked(_ index: Int) -> Bool { !masked.isEmpty && masked[index] }

    func run(canvas: DiffCanvas?) -> Outcome {
        let width = buffers.width
        let height = buffers.height
        let r = SSIMKernel.radius
        canvas?.fadeRange(0..<(width * height))
        // Differing column span of each row (nil: the row is byte-identical).
        var spans = [ClosedRange<Int>?](repeating: nil, count: height)
        for y in 0..<height where !buffers.rowsEqual(y) {
            var low = width
            var high = -1
            for x in 0..<width
            where PixelBuffers.word(buffers.expected, y &* width &+ x)
                != PixelBuffers.word(buffers.actual, y &* width &+ x)
            {
                low = min(low, x)
                high = x
            }
            if high >= 0 { spans[y] = low...high }
        }
        guard width > 2 * r, height > 2 * r else { return smallImage(spans, canvas: canvas) }

        // Bands of output rows (r..<height−r) that need computing (a differing row within r),
        // with the columns their windows reach; computed on all cores, summed in order.
        var bands: [(rows: ClosedRange<Int>, columns: ClosedRange<Int>)] = []
        var y = r
        while y < height - r {
            guard let columns = span(spans, rows: (y - r)...(y + r)) else {
                y += 1
                continue
            }
            var end = y
            var bandColumns = columns
            while end + 1 < height - r, end + 1 - y < 64,
                let next = span(spans, rows: (end + 1 - r)...(end + 1 + r))
            {
                bandColumns =
                    min(bandColumns.lowerBound, next.lowerBound)...max(bandColumns.upperBound, next.upperBound)
                end += 1
            }
            let x0 = max(r, bandColumns.lowerBound - r)
            let x1 = min(width - r - 1, bandColumns.upperBound + r)
            bands.append((y...end, x0...x1))
            y = end + 1
        }
        // `band` cannot throw, so `parallelMap` does not either (the serial fallback is never taken).
        let compute = { (i: Int) in band(rows: bands[i].rows, columns: bands[i].columns) }
        let values =
            (try? parallelMap(count: bands.count, concurrency: ProcessInfo.processInfo.activeProcessorCount, compute))
            ?? bands.indices.map(compute)
        var sum = 0.0
        var judged = 0
        var outcome = Outcome()
        var next = 0
        for row in r..<(height - r) {
            while next < bands.count && bands[next].rows.upperBound < row { next += 1 }
            let band = next < bands.count && bands[next].rows.contains(row) ? next : nil
            for x in r..<(width - r) {
                let index = row * width + x
                guard !isMasked(index) else { continue }
                var s = 1.0
                if let band, bands[band].columns.contains(x) {
                    let columns = bands[band].columns
                    s = values[band][(row - bands[band].rows.lowerBound) * columns.count + (x - columns.lowerBound)]
                }
                sum += s
                judged += 1
                if s < threshold {
                    outcome.below += 1
                    if let canvas { canvas.paint(index, canvas.style.diffColor) }
                }
            }
        }
        outcome.mean = judged == 0 ? 1 : sum / Double(judged)
        return outcome
    }

    /// The union of the differing spans of `rows` (clamped to the image), or nil.
    func span(_ spans: [ClosedRange<Int>?], rows: ClosedRange<Int>) -> ClosedRange<Int>? {
        var result: ClosedRange<Int>?
        for y in max(rows.lowerBound, 0)...min(rows.upperBound, spans.count - 1) {
            guard let s = spans[y] else { continue }
            result = result.map { min($0.lowerBound, s.lowerBound)...max($0.upperBound, s.upperBound) } ?? s
        }
        return result
    }

    /// S at every pixel of `rows × columns` (all at least `radius` from the edges), row-major:
    /// the five local statistics filtered along x, then along y (SciPy's separable filter).
    func band(rows: ClosedRange<Int>, columns: ClosedRange<Int>) -> [Double] {
        let r = SSIMKernel.radius
        let w = SSIMKernel.weights
        let width = buffers.width
        let inRows = (rows.lowerBound - r)...(rows.upperBound + r)
        let outWidth = columns.count
        let inWidth = outWidth + 2 * r
        // Luminance of the input region.
        var lx = [Double](repeating: 0, count: inRows.count * inWidth)
        var ly = lx
        for (i, y) in inRows.enumerated() {
            for j in 0..<inWidth {
                let offset = (y * width + columns.lowerBound - r + j) * 4
                lx[i * inWidth + j] = SSIMKernel.luminance(buffers.expected, offset)
                ly[i * inWidth + j] = SSIMKernel.luminance(buffers.actual, offset)
            }
        }
        // Horizontal pass: μx, μy, E[x²], E[y²], E[xy] for each input row, output column.
        let count = inRows.count * outWidth
        var hx = [Double](repeating: 0, count: count)
        var hy = hx
        var hxx = hx
        var hyy = hx
        var hxy = hx
        for i in 0..<inRows.count {
            for j in 0..<outWidth {
                var sx = 0.0
                var sy = 0.0
                var sxx = 0.0
                var syy = 0.0
                var sxy = 0.0
                for k in 0...(2 * r) {
                    let a = lx[i * inWidth + j + k]
                    let b = ly[i * inWidth + j + k]
                    sx += w[k] * a
                    sy += w[k] * b
                    sxx += w[k] * (a * a)
                    syy += w[k] * (b * b)
                    sxy += w[k] * (a * b)
                }
                let o = i * outWidth + j
                hx[o] = sx
                hy[o] = sy
                hxx[o] = sxx
                hyy[o] = syy
                hxy[o] = sxy
            }
        }
        // Vertical pass and S.
        var result = [Double](repeating: 1, count: rows.count * outWidth)
        for i in 0..<rows.count {
            for j in 0..<outWidth {
                var ux = 0.0
                var uy = 0.0
                var uxx = 0.0
                var uyy = 0.0
                var uxy = 0.0
                for k in 0...(2 * r) {
                    let o = (i + k) * outWidth + j
                    ux += w[k] * hx[o]
                    uy += w[k] * hy[o]
                    uxx += w[k] * hxx[o]
                    uyy += w[k] * hyy[o]
                    uxy += w[k] * hxy[o]
                }
                let vx = uxx - ux * ux
                let vy = uyy - uy * uy
                let vxy = uxy - ux * uy
                let numerator = (2 * ux * uy + SSIMKernel.c1) * (2 * vxy + SSIMKernel.c2)
                let denominator = (ux * ux + uy * uy + SSIMKernel.c1) * (vx + vy + SSIMKernel.c2)
                result[i * outWidth + j] = numerator / denominator
            }
        }
        return result
    }

    /// No 11 × 11 window fits: 1 when identical, else 0; every differing unmasked pixel is below.
    func smallImage(_ spans: [ClosedRange<Int>?], canvas: DiffCanvas?) -> Outcome {
        var outcome = Outcome()
        for (y, span) in spans.enumerated() {
            guard let span else { continue }
            for x in span {
                let index = y * buffers.width + x
                guard !isMasked(index),
                    PixelBuffers.word(buffers.expected, index) != PixelBuffers.word(buffers.actual, index)
                else { continue }
                outcome.below += 1
                if let canvas { canvas.paint(index, canvas.style.diffColor) }
            }
        }
        outcome.mean = outcome.below == 0 ? 1 : 0
        return outcome
    }
}
