import Foundation

/// Compares an expected image with an actual one (UIKit-free, no global state, thread-safe).
///
/// `expected` plays pixelmatch's `img1`: its faded brightness is the diff image's background
/// and the sign of δ is "expected minus actual".
public enum ImageComparator {
    /// Throws `ImageComparisonError.maskOutsideImage` for a mask that is not inside a
    /// `width × height` image (the comparisons clip masks; callers that take masks from users
    /// check them first).
    public static func validateMasks(_ options: ImageComparisonOptions, width: Int, height: Int) throws {
        try ImageMask.validate(options.masks, width: width, height: height)
    }

    /// Counts differing pixels and applies the limits; no diff image is drawn.
    public static func compare(
        _ expected: RGBAImage, _ actual: RGBAImage,
        options: ImageComparisonOptions = ImageComparisonOptions()
    ) -> ImageComparisonResult {
        run(expected, actual, options: options, drawDiff: false).result
    }

    /// Like `compare`, and also draws the diff image when the sizes agree.
    public static func compareWithDiff(
        _ expected: RGBAImage, _ actual: RGBAImage,
        options: ImageComparisonOptions = ImageComparisonOptions()
    ) -> ImageComparison {
        run(expected, actual, options: options, drawDiff: true)
    }

    /// Decodes both files (concurrently) and compares them. Throws the `PNGDecodingError` of
    /// the expected file, else of the actual file (its description names the file), then
    /// `ImageComparisonError.maskOutsideImage` for a mask not inside the expected image.
    public static func compareFiles(
        expected expectedPath: String, actual actualPath: String,
        options: ImageComparisonOptions = ImageComparisonOptions(), drawDiff: Bool = false
    ) throws -> ImageComparison {
        try compareFiles(
            expected: expectedPath, actual: actualPath, options: options, drawDiff: drawDiff, keepImages: false
        ).comparison
    }

    /// `compareFiles`, also returning the decoded images when `keepImages` (for side-by-side
    /// images of `flowsim diff --diff-out`).
    public static func compareFiles(
        expected expectedPath: String, actual actualPath: String, options: ImageComparisonOptions,
        drawDiff: Bool, keepImages: Bool
    ) throws -> ImageFileComparison {
        let decoded = PNGDecoder.decodeConcurrently(contentsOfFiles: [expectedPath, actualPath])
        let expected = try decoded[0].get()
        let actual = try decoded[1].get()
        try ImageMask.validate(options.masks, width: expected.width, height: expected.height)
        return ImageFileComparison(
            comparison: run(expected, actual, options: options, drawDiff: drawDiff),
            expected: keepImages ? expected : nil, actual: keepImages ? actual : nil)
    }

    static func run(
        _ expected: RGBAImage, _ actual: RGBAImage, options: ImageComparisonOptions,
        drawDiff: Bool
    ) -> ImageComparison {
        let total = expected.width * expected.height
        guard expected.width == actual.width, expected.height == actual.height else {
            let mismatch = SizeMismatch(
                expectedWidth: expected.width, expectedHeight: expected.height, actualWidth: actual.width,
                actualHeight: actual.height)
            let result = ImageComparisonResult(
                width: expected.width, height: expected.height, totalPixels: total,
                diffPixels: total, antiAliasedPixels: 0, ratio: 1, match: false,
                sizeMismatch: mismatch)
            return ImageComparison(result: result, diffImage: nil)
        }
        // Masked pixels take the expected image's values, so no metric finds them different.
        var flags: [Bool] = []
        var masked = 0
        var covered: [UInt8]?
        if !options.masks.isEmpty {
            (flags, masked) = ImageMask.flags(options.masks, width: expected.width, height: expected.height)
            covered = ImageMask.covered(actual.pixels, by: expected.pixels, flags: flags)
        }

        var diffPixels = [UInt8]()
        if drawDiff { diffPixels = [UInt8](repeating: 0, count: total * 4) }
        let counts = expected.pixels.withUnsafeBufferPointer { e in
            (covered ?? actual.pixels).withUnsafeBufferPointer { a in
                diffPixels.withUnsafeMutableBufferPointer { d in
                    count(e, a, d, expected.width, expected.height, options, drawDiff, flags)
                }
            }
        }
        if drawDiff && masked > 0 { ImageMask.hatch(&diffPixels, flags: flags, width: expected.width) }
        let compared = total - masked
        var match = ComparisonLimits.isMatch(diffPixels: counts.diff, totalPixels: compared, options: options)
        if let ssim = counts.ssim, ssim < options.ssimThreshold { match = false }
        var result = ImageComparisonResult(
            width: expected.width, height: expected.height, totalPixels: total,
            diffPixels: counts.diff, antiAliasedPixels: counts.antiAliased,
            ratio: ComparisonLimits.ratio(counts.diff, compared), match: match, sizeMismatch: nil)
        result.maskedPixels = masked
        result.maxDeltaE = counts.maxDeltaE
        result.ssim = counts.ssim
        let diffImage =
            drawDiff
            ? RGBAImage(width: expected.width, height: expected.height, pixels: diffPixels) : nil
        return ImageComparison(result: result, diffImage: diffImage)
    }

    /// What a kernel found.
    struct MetricCounts {
        var diff = 0
        var antiAliased = 0
        var maxDeltaE: Double?
        var ssim: Double?
    }

    private static func count(
        _ expected: UnsafeBufferPointer<UInt8>, _ actual: UnsafeBufferPointer<UInt8>,
        _ diff: UnsafeMutableBufferPointer<UInt8>, _ width: Int, _ height: Int,
        _ options: ImageComparisonOptions, _ drawDiff: Bool, _ masked: [Bool]
    ) -> MetricCounts {
        guard let e = expected.baseAddress, let a = actual.baseAddress, width > 0, height > 0
        else { return MetricCounts() }
        let buffers = PixelBuffers(expected: e, actual: a, width: width, height: height)
        var canvas: DiffCanvas?
        if drawDiff, let out = diff.baseAddress {
            canvas = DiffCanvas(output: out, expected: e, style: options.diffStyle)
        }
        switch options.metric {
        case .exact:
            return MetricCounts(diff: ExactKernel(buffers: buffers).run(canvas: canvas))
        case .pixelmatch:
            let kernel = PixelmatchKernel(
                buffers: buffers, threshold: options.threshold,
                detectAntiAliasing: !options.includeAntiAliasing)
            let counts = kernel.run(canvas: canvas)
            return MetricCounts(diff: counts.diff, antiAliased: counts.antiAliased)
        case .perceptual:
            let counts = PerceptualKernel(buffers: buffers, perceptualPrecision: options.perceptualPrecision)
                .run(canvas: canvas)
            return MetricCounts(diff: counts.diff, maxDeltaE: counts.maxDeltaE)
        case .ssim:
            let outcome = SSIMKernel(buffers: buffers, masked: masked, threshold: options.ssimThreshold)
                .run(canvas: canvas)
            return MetricCounts(diff: outcome.below, ssim: outcome.mean)
        }
    }
}
