import FlowSim
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// The comparison options `diff` and `check` share: swift-snapshot-testing's perceptual precision
/// and precision, the SSIM threshold and masks.
enum ComparisonOptions {
    static let perceptualPrecision = Option.number(
        "--perceptual-precision", value: "P", range: 0...1,
        help:
            "swift-snapshot-testing's perceptualPrecision: a pixel matches when its CIE ΔE94 ≤ (1 − P)·100 (0.98: ΔE 2, just noticeable); compares with the perceptual metric."
    )
    static let precision = Option.number(
        "--precision", value: "P", range: 0...1,
        help: "Share of pixels that must match, 0…1 (swift-snapshot-testing's precision).")
    static let ssimThreshold = Option.number(
        "--ssim-threshold", value: "S", range: 0...1, help: "--metric ssim: the least mean SSIM, 0…1 (default 0.99).")
    static let mask = Option<CGRect>(
        "--mask", value: "X,Y,W,H",
        help:
            "Leave this rectangle out of the comparison (points of the image; repeatable): its pixels are neither counted nor drawn red, and show hatched."
    ) { text, name in
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard items.count == 4, let x = items[0], let y = items[1], let w = items[2], let h = items[3],
            [x, y, w, h].allSatisfy(\.isFinite), w > 0, h > 0
        else {
            throw CommandError.invalidChoice(
                option: name, value: text,
                choices: "X,Y,W,H: four numbers, the width and height > 0 (e.g. 0,0,375,44)")
        }
        return CGRect(x: x, y: y, width: w, height: h)
    }

    /// Reads the shared options into `options`. `--perceptual-precision` selects the perceptual
    /// metric; an explicit other `--metric` with it, or `--ssim-threshold` without `--metric
    /// ssim`, is an error.
    static func apply(
        _ arguments: ParsedArguments, to options: inout ImageComparisonOptions, explicitMetric: Bool
    ) throws {
        if let value = try arguments.given(perceptualPrecision) {
            if explicitMetric && options.metric != .perceptual {
                throw CommandError.conflictingOptions(
                    first: perceptualPrecision.name, second: "\(DiffCommand.metric.name) \(options.metric.rawValue)")
            }
            options.metric = .perceptual
            options.perceptualPrecision = value
        }
        if let value = try arguments.given(precision) { options.precision = value }
        if let value = try arguments.given(ssimThreshold) {
            guard options.metric == .ssim else {
                throw CommandError.conflictingOptions(
                    first: ssimThreshold.name, second: "\(DiffCommand.metric.name) \(options.metric.rawValue)")
            }
            options.ssimThreshold = value
        }
    }

    /// The `--mask` rectangles, in points, as given.
    static func masks(_ arguments: ParsedArguments) throws -> [CGRect] { try arguments.values(mask) }

    /// "--mask 0,0,375,44" for messages.
    static func label(_ rect: CGRect) -> String {
        mask.name + " "
            + [rect.minX, rect.minY, rect.width, rect.height].map { formatNumber(Double($0)) }.joined(separator: ",")
    }
}
