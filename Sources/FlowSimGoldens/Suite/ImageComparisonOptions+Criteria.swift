import FlowSimImage
import FlowSimSupport

extension ImageComparisonOptions {
    /// The metric and its threshold: "metric exact", "pixelmatch threshold 0.1", "perceptual
    /// precision 0.98 (ΔE94 ≤ 2)", "SSIM ≥ 0.99".
    public var metricText: String {
        switch metric {
        case .exact: return "metric exact"
        case .pixelmatch:
            return "pixelmatch threshold \(formatNumber(threshold))"
                + (includeAntiAliasing ? ", anti-aliasing counted" : "")
        case .perceptual:
            let delta = Double(perceptualDeltaThreshold)
            return "perceptual precision \(formatNumber(perceptualPrecision)) (ΔE94 ≤ \(String(format: "%.4g", delta)))"
        case .ssim: return "SSIM ≥ \(formatNumber(ssimThreshold))"
        }
    }

    /// The pixel limits: "limit 0 pixels", "limit 10 pixels and ratio 0.01 and precision 0.99";
    /// nil for `ssim` without limits (the mean SSIM alone decides).
    public var limitText: String? {
        var limits: [String] = []
        if let pixels = maxDiffPixels { limits.append("\(pixels) pixels") }
        if let ratio = maxDiffPixelRatio { limits.append("ratio \(formatNumber(ratio))") }
        if let precision { limits.append("precision \(formatNumber(precision))") }
        if limits.isEmpty { return metric == .ssim ? nil : "limit 0 pixels" }
        return "limit " + limits.joined(separator: " and ")
    }

    /// What a report shows a case was judged by: metric, limits and masks.
    public var criteria: String {
        var parts = [metricText]
        if let limitText { parts.append(limitText) }
        if !masks.isEmpty { parts.append("\(masks.count) mask\(masks.count == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}
