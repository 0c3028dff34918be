/// The pass/fail rule shared by every metric.
enum ComparisonLimits {
    /// `diffPixels ≤ maxDiffPixels` and `diffPixels / totalPixels ≤ maxDiffPixelRatio`, each
    /// only when given, so with both the stricter one decides; with neither, `diffPixels == 0`.
    static func isMatch(
        diffPixels: Int, totalPixels: Int, options: ImageComparisonOptions
    ) -> Bool {
        let maxPixels = options.maxDiffPixels
        let maxRatio = options.maxDiffPixelRatio
        if maxPixels == nil && maxRatio == nil { return diffPixels == 0 }
        if let maxPixels, diffPixels > maxPixels { return false }
        if let maxRatio, ratio(diffPixels, totalPixels) > maxRatio { return false }
        return true
    }

    static func ratio(_ diffPixels: Int, _ totalPixels: Int) -> Double {
        totalPixels == 0 ? 0 : Double(diffPixels) / Double(totalPixels)
    }
}
