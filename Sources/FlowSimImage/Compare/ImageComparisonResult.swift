/// The outcome of comparing an expected image with an actual one.
public struct ImageComparisonResult: Equatable, Sendable {
    /// Size of the expected image (the actual image has the same size unless `sizeMismatch`).
    public var width: Int
    public var height: Int
    /// `width * height`.
    public var totalPixels: Int
    /// Pixels counted as different. On a size mismatch: `totalPixels` (nothing was compared).
    public var diffPixels: Int
    /// Pixels above the threshold classed as anti-aliasing and therefore not counted
    /// (always 0 for `exact` and with `includeAntiAliasing`).
    public var antiAliasedPixels: Int
    /// `diffPixels / totalPixels` (0 for an empty image; 1 on a size mismatch).
    public var ratio: Double
    /// Within the limits and of equal size.
    public var match: Bool
    /// Set when the sizes differ (its description: "size mismatch: expected 100x50, actual 120x50").
    public var sizeMismatch: SizeMismatch?

    public init(
        width: Int, height: Int, totalPixels: Int, diffPixels: Int, antiAliasedPixels: Int,
        ratio: Double, match: Bool, sizeMismatch: SizeMismatch?
    ) {
        self.width = width
        self.height = height
        self.totalPixels = totalPixels
        self.diffPixels = diffPixels
        self.antiAliasedPixels = antiAliasedPixels
        self.ratio = ratio
        self.match = match
        self.sizeMismatch = sizeMismatch
    }
}

/// The sizes of two images that could not be compared.
public struct SizeMismatch: Equatable, Sendable, CustomStringConvertible {
    public var expectedWidth: Int
    public var expectedHeight: Int
    public var actualWidth: Int
    public var actualHeight: Int

    public init(expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int) {
        self.expectedWidth = expectedWidth
        self.expectedHeight = expectedHeight
        self.actualWidth = actualWidth
        self.actualHeight = actualHeight
    }

    public var description: String {
        "size mismatch: expected \(expectedWidth)x\(expectedHeight), actual \(actualWidth)x\(actualHeight)"
    }
}

/// A result plus, when requested and the sizes agree, the diff image.
public struct ImageComparison: Equatable, Sendable {
    public var result: ImageComparisonResult
    /// Same size as the inputs: differing pixels in `diffColor`, anti-aliased ones in
    /// `antiAliasedColor`, the rest the expected image faded to grey. `nil` on a size mismatch
    /// or when no diff image was requested.
    public var diffImage: RGBAImage?
}

/// A comparison of two files, with the decoded images when asked for.
public struct ImageFileComparison: Equatable, Sendable {
    public var comparison: ImageComparison
    public var expected: RGBAImage?
    public var actual: RGBAImage?
}
