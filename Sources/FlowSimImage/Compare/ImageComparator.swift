import Foundation

/// Compares an expected image with an actual one (UIKit-free, no global state, thread-safe).
///
/// `expected` plays pixelmatch's `img1`: its faded brightness is the diff image's background
/// and the sign of δ is "expected minus actual".
public enum ImageComparator {
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
    /// the expected file, else of the actual file; its description names the file.
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

        var diffPixels = [UInt8]()
        if drawDiff { diffPixels = [UInt8](repeating: 0, count: total * 4) }
        let counts = expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                diffPixels.withUnsafeMutableBufferPointer { d in
                    count(e, a, d, expected.width, expected.height, options, drawDiff)
                }
            }
        }
        let result = ImageComparisonResult(
            width: expected.width, height: expected.height, totalPixels: total,
            diffPixels: counts.diff, antiAliasedPixels: counts.antiAliased,
            ratio: ComparisonLimits.ratio(counts.diff, total),
            match: ComparisonLimits.isMatch(
                diffPixels: counts.diff, totalPixels: total, options: options),
            sizeMismatch: nil)
        let diffImage =
            drawDiff
            ? RGBAImage(width: expected.width, height: expected.height, pixels: diffPixels) : nil
        return ImageComparison(result: result, diffImage: diffImage)
    }

    private static func count(
        _ expected: UnsafeBufferPointer<UInt8>, _ actual: UnsafeBufferPointer<UInt8>,
        _ diff: UnsafeMutableBufferPointer<UInt8>, _ width: Int, _ height: Int,
        _ options: ImageComparisonOptions, _ drawDiff: Bool
    ) -> PixelmatchKernel.Counts {
        guard let e = expected.baseAddress, let a = actual.baseAddress, width > 0, height > 0
        else { return PixelmatchKernel.Counts() }
        let buffers = PixelBuffers(expected: e, actual: a, width: width, height: height)
        var canvas: DiffCanvas?
        if drawDiff, let out = diff.baseAddress {
            canvas = DiffCanvas(output: out, expected: e, style: options.diffStyle)
        }
        switch options.metric {
        case .exact:
            let diffCount = ExactKernel(buffers: buffers).run(canvas: canvas)
            return PixelmatchKernel.Counts(diff: diffCount, antiAliased: 0)
        case .pixelmatch:
            let kernel = PixelmatchKernel(
                buffers: buffers, threshold: options.threshold,
                detectAntiAliasing: !options.includeAntiAliasing)
            return kernel.run(canvas: canvas)
        }
    }
}
