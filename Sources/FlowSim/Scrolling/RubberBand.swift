import Foundation

/// UIScrollView's rubber-banding past an edge while dragging (docs/uikit-rules.md §6):
///
///     f(x) = (1 − 1 / (x · c / d + 1)) · d,   c = 0.55, d = the viewport's size on the axis
///
/// `x` is how far the finger has pulled past the edge, f(x) how far the content moves: f′(0) = c
/// (the content first follows at 55 % of the finger's speed) and f(x) < d for every x, so the
/// content never leaves more than a viewport's worth of gap. Negative x mirrors.
public enum RubberBand {
    public static let constant = 0.55

    public static func offset(overshoot x: Double, dimension d: Double, constant c: Double = constant) -> Double {
        guard d > 0, x != 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(x) * c / d + 1)) * d
        return x < 0 ? -magnitude : magnitude
    }

    /// A raw (finger) offset mapped into `range` with rubber-banding beyond either end.
    public static func clamp(_ raw: Double, to range: ClosedRange<Double>, dimension d: Double) -> Double {
        if raw > range.upperBound { return range.upperBound + offset(overshoot: raw - range.upperBound, dimension: d) }
        if raw < range.lowerBound { return range.lowerBound + offset(overshoot: raw - range.lowerBound, dimension: d) }
        return raw
    }
}
