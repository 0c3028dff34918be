import FlowSimRender
import Foundation

/// `FlowSimBench compare-metrics A.png B.png`: the four metrics on one decoded pair, in process
/// (decoding excluded), one line per metric with its median and its ratio to `exact`
/// (targets: perceptual ≤ 2 ×, SSIM ≤ 4 × the exact metric's time), plus what each found.
func compareMetricsBench(_ paths: [String]) {
    guard paths.count == 2,
        let expected = try? PNGDecoder.decode(contentsOfFile: paths[0]),
        let actual = try? PNGDecoder.decode(contentsOfFile: paths[1])
    else {
        print("usage: FlowSimBench compare-metrics EXPECTED.png ACTUAL.png (two readable PNGs)")
        exit(2)
    }
    var exactMedian = 0.0
    for metric in ImageComparisonOptions.Metric.allCases {
        let options = ImageComparisonOptions(metric: metric)
        var result = ImageComparator.compare(expected, actual, options: options)
        let timing = measure(runs: 9) { result = ImageComparator.compare(expected, actual, options: options) }
        if metric == .exact { exactMedian = timing.median }
        var found = "diff_pixels=\(result.diffPixels)"
        if let ssim = result.ssim { found += String(format: " ssim=%.6f", ssim) }
        if let delta = result.maxDeltaE { found += String(format: " max_delta_e=%.3f", delta) }
        report(
            "compare-\(metric.rawValue)-\(expected.width)x\(expected.height)", timing, runs: 9,
            extra: String(format: "vs_exact=%.2f ", timing.median / max(exactMedian, 1e-9)) + found)
    }
}
