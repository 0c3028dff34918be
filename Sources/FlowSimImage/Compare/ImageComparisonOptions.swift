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
        guard diffStyle.fadeAlpha.isFinite, (0...1).contains(diffStyle.fadeAlpha) else {
            throw fail("diff fade alpha must be between 0 and 1, got \(diffStyle.fadeAlpha)")
        }
    }
}

public enum ImageComparisonError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidOption(String)

    public var description: String {
        switch self {
        case .invalidOption(let text): return "invalid comparison option: \(text)"
        }
    }
}
