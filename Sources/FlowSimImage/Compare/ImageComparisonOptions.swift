/// An opaque colour used to paint pixels of a diff image.
public struct DiffImageColor: Equatable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let red = DiffImageColor(red: 255, green: 0, blue: 0)
    public static let yellow = DiffImageColor(red: 255, green: 255, blue: 0)
}

/// How the diff image is painted; the defaults are pixelmatch's.
public struct DiffImageStyle: Equatable, Sendable {
    /// Pixels counted as different.
    public var diffColor: DiffImageColor = .red
    /// When set, differing pixels where `actual` is darker than `expected` (Y of the blended
    /// colours) use this colour instead of `diffColor` (pixelmatch's `diffColorAlt`).
    public var diffColorAlt: DiffImageColor?
    /// Pixels above the threshold that the detector classed as anti-aliasing (not counted).
    public var antiAliasedColor: DiffImageColor = .yellow
    /// Opacity of the expected image in the faded grey background, 0...1 (pixelmatch `alpha`).
    public var fadeAlpha: Double = 0.1

    public init() {}
}

/// What counts as a differing pixel and how many of them are tolerated.
public struct ImageComparisonOptions: Equatable, Sendable {
    public enum Metric: String, Equatable, Sendable, CaseIterable {
        /// Pixels differ when any of their four bytes differ.
        case exact
        /// pixelmatch 5.3: YIQ distance above `threshold`, anti-aliasing not counted.
        case pixelmatch
        /// swift-snapshot-testing's `perceptualPrecision`: a pixel differs when its CIE ΔE 1994
        /// (CIELAB, D65) exceeds `(1 − perceptualPrecision) · 100` (`PerceptualKernel`).
        case perceptual
        /// Mean structural similarity (Wang et al. 2004) of the luminance, Gaussian 11×11
        /// windows (σ 1.5); matches when at least `ssimThreshold` (`SSIMKernel`).
        case ssim

        /// The metrics that judge pixel by pixel (every metric but `ssim`, which judges windows).
        public static let perPixel: [Metric] = [.exact, .pixelmatch, .perceptual]
    }

    public var metric: Metric = .pixelmatch
    /// pixelmatch threshold, 0...1: a pixel differs when its YIQ distance δ exceeds
    /// `35215 · threshold²` (35215 is δ between black and white). Ignored by `exact`.
    public var threshold: Double = 0.1
    /// `true`: skip anti-aliasing detection, every pixel above the threshold counts
    /// (pixelmatch `includeAA`). Ignored by `exact`.
    public var includeAntiAliasing = false
    /// At most this many differing pixels are tolerated.
    public var maxDiffPixels: Int?
    /// At most this fraction (0...1) of the pixels may differ.
    /// With both limits the stricter one decides; with neither, one differing pixel fails.
    public var maxDiffPixelRatio: Double?
    /// `perceptual`: swift-snapshot-testing's `perceptualPrecision`, 0…1 (a pixel matches when
    /// ΔE94 ≤ (1 − P) · 100; 0.98 allows ΔE 2, a just-noticeable difference).
    public var perceptualPrecision = 0.98
    /// The ΔE94 a pixel of the `perceptual` metric may reach: `(1 − P) · 100` in `Float`, 1.999998
    /// for P = 0.98, as swift-snapshot-testing computes its `deltaThreshold`.
    public var perceptualDeltaThreshold: Float { (1 - Float(perceptualPrecision)) * 100 }
    /// swift-snapshot-testing's `precision`, 0…1: at least this share of the compared pixels must
    /// match (`1 − diff / compared ≥ precision`, in `Float` as there). nil: not a limit.
    public var precision: Double?
    /// `ssim`: the mean SSIM must be at least this (0…1).
    public var ssimThreshold = 0.99
    /// Pixel rectangles that are neither compared nor counted (hatched in the diff image).
    public var masks: [ImageMaskRect] = []
    public var diffStyle = DiffImageStyle()

    public init(
        metric: Metric = .pixelmatch, threshold: Double = 0.1, includeAntiAliasing: Bool = false,
        maxDiffPixels: Int? = nil, maxDiffPixelRatio: Double? = nil
    ) {
        self.metric = metric
        self.threshold = threshold
        self.includeAntiAliasing = includeAntiAliasing
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffPixelRatio = maxDiffPixelRatio
    }

    /// Throws when an option is out of range, naming the option and the value. Comparing with
    /// invalid options does not crash, but its result is unspecified.
    public func validate() throws {
        func fail(_ text: String) -> ImageComparisonError { .invalidOption(text) }
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw fail("threshold must be between 0 and 1, got \(threshold)")
        }
        if let limit = maxDiffPixels, limit < 0 {
            throw fail("maxDiffPixels must be 0 or more, got \(limit)")
        }
        if let ratio = maxDiffPixelRatio, !(ratio.isFinite && (0...1).contains(ratio)) {
            throw fail("maxDiffPixelRatio must be between 0 and 1, got \(ratio)")
        }
        guard perceptualPrecision.isFinite, (0...1).contains(perceptualPrecision) else {
            throw fail("perceptualPrecision must be between 0 and 1, got \(perceptualPrecision)")
        }
        if let precision, !(precision.isFinite && (0...1).contains(precision)) {
            throw fail("precision must be between 0 and 1, got \(precision)")
        }
        guard ssimThreshold.isFinite, (0...1).contains(ssimThreshold) else {
            throw fail("ssimThreshold must be between 0 and 1, got \(ssimThreshold)")
        }
        guard diffStyle.fadeAlpha.isFinite, (0...1).contains(diffStyle.fadeAlpha) else {
            throw fail("diff fade alpha must be between 0 and 1, got \(diffStyle.fadeAlpha)")
        }
    }
}

public enum ImageComparisonError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidOption(String)
    /// A mask rectangle (`label`, as the user gave it) that does not lie within the image.
    case maskOutsideImage(label: String, width: Int, height: Int, unit: String)

    public var description: String {
        switch self {
        case .invalidOption(let text): return "invalid comparison option: \(text)"
        case .maskOutsideImage(let label, let width, let height, let unit):
            return "mask \(label) is not inside the \(width)×\(height) \(unit) image (a mask must lie within it)"
        }
    }
}
