/// The pass/fail rule shared by every metric.
enum ComparisonLimits {
    /// `diffPixels ≤ maxDiffPixels`, `diffPixels / comparedPixels ≤ maxDiffPixelRatio` and
    /// swift-snapshot-testing's `1 − diffPixels / comparedPixels ≥ precision` (in `Float`, as its
    /// `actualPixelPrecision < precision` test), each only when given, so the strictest decides;
    /// with none, `diffPixels == 0` (`ssim`: the mean SSIM alone decides then).
    static func isMatch(
        diffPixels: Int, totalPixels: Int, options: ImageComparisonOptions
    ) -> Bool {
        let maxPixels = options.maxDiffPixels
        let maxRatio = options.maxDiffPixelRatio
        if maxPixels == nil && maxRatio == nil && options.precision == nil {
            return options.metric == .ssim || diffPixels == 0
        }
        if let maxPixels, diffPixels > maxPixels { return false }
        if let maxRatio, ratio(diffPixels, totalPixels) > maxRatio { return false }
        if let precision = options.precision, pixelPrecision(diffPixels, totalPixels) < Float(precision) {
            return false
        }
        return true
    }

    static func ratio(_ diffPixels: Int, _ totalPixels: Int) -> Double {
        totalPixels == 0 ? 0 : Double(diffPixels) / Double(totalPixels)
    }

    /// swift-snapshot-testing's `actualPixelPrecision`: `1 − failing / pixels` in `Float`.
    static func pixelPrecision(_ diffPixels: Int, _ totalPixels: Int) -> Float {
        totalPixels == 0 ? 1 : 1 - Float(diffPixels) / Float(totalPixels)
    }
}
