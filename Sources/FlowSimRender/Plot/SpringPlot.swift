import FlowSim
import FlowSimImage
import Foundation

/// Why a spring plot cannot be drawn.
public enum SpringPlotError: Error, Equatable, CustomStringConvertible, Sendable {
    case noSprings
    case tooManySprings(Int, limit: Int)
    case tooSmall(width: Int, height: Int, reason: String)

    public var description: String {
        switch self {
        case .noSprings: return "nothing to plot"
        case .tooManySprings(let n, let limit): return "\(n) springs to plot; at most \(limit) fit one plot"
        case .tooSmall(let w, let h, let reason): return "a \(w)×\(h) px plot is too small: \(reason)"
        }
    }
}

/// The progress curve of one or more springs, drawn through Cairo (`flowsim spring --plot`).
///
/// What is drawn: time in seconds across (nice tick steps; the axis spans the largest settling
/// or UIKit duration × 1.1), progress up (0 and 1 always labelled), the target line p = 1, the
/// ε band 1 ± ε shaded (at least `SpringPlotStyle.minimumBandHeight` px tall: at ε = 0.001 the
/// true band is thinner than a pixel), each peak as a dot labelled with its overshoot, for
/// UIKit-form springs a dashed vertical marker at t = d with the jump to 1 (a dot on the target
/// and a label giving the residue it snaps over), the curves in `SpringPlotStyle.palette`
/// colours in the given order, and a legend under the plot naming each spring with its
/// settling duration and overshoot.
///
/// Output is deterministic: fixed size, DejaVu Sans through `Context` (fixed font options, as
/// `FrameRenderer`), Cairo's default shape antialiasing, no time-dependent data in the PNG.
public struct SpringPlot: Sendable {
    public var series: [SpringPlotSeries]
    public var epsilon: Double
    public var width: Int
    public var height: Int
    public var title: String

    public static let defaultWidth = 800
    public static let defaultHeight = 480

    public init(
        series: [SpringPlotSeries], epsilon: Double = 0.001, width: Int = defaultWidth,
        height: Int = defaultHeight, title: String = "Spring progress"
    ) {
        self.series = series
        self.epsilon = epsilon
        self.width = width
        self.height = height
        self.title = title
    }

    static let fontSize = 12.0
    static let legendLineHeight = 18.0
    static let margins = (left: 70.0, right: 24.0, top: 40.0, axisBelow: 44.0)

    /// Where the data lands in the image (for callers and tests mapping (t, p) to pixels).
    public func frame() throws -> PlotFrame {
        guard !series.isEmpty else { throw SpringPlotError.noSprings }
        guard series.count <= SpringPlotStyle.palette.count else {
            throw SpringPlotError.tooManySprings(series.count, limit: SpringPlotStyle.palette.count)
        }
        let m = Self.margins
        let legend = Double(series.count) * Self.legendLineHeight + 10
        let area = PlotRect(
            x: m.left, y: m.top, width: Double(width) - m.left - m.right,
            height: Double(height) - m.top - m.axisBelow - legend)
        guard area.width >= 120, area.height >= 80 else {
            throw SpringPlotError.tooSmall(
                width: width, height: height,
                reason: "\(series.count) spring(s) leave a \(Int(max(0, area.width)))×\(Int(max(0, area.height))) px "
                    + "plot area (at least 120×80 needed)")
        }
        let timeMax = SpringPlotPanel.timeMax(series)
        let (low, high) = SpringPlotPanel.valueRange(series, timeMax: timeMax, epsilon: epsilon)
        return PlotFrame(area: area, timeMax: timeMax, valueMin: low, valueMax: high)
    }

    /// The plot on a new surface.
    public func surface() throws -> ImageSurface {
        let frame = try frame()
        let surface = try ImageSurface(width: width, height: height)
        let cr = try Context(surface: surface)
        try cr.setSource(SpringPlotStyle.background)
        try cr.paint()

        try cr.selectFont(weight: .bold)
        try cr.setFontSize(14)
        try cr.setSource(SpringPlotStyle.text)
        try cr.showText(title, x: frame.area.x, y: 24)
        let note = "target 1, shaded band 1 ± ε (ε = \(SpringReport.number(epsilon)))"
        try cr.selectFont(weight: .normal)
        try cr.setFontSize(Self.fontSize)
        let noteWidth = try cr.textExtents(note).xAdvance
        try cr.setSource(SpringPlotStyle.mutedText)
        try cr.showText(note, x: (frame.area.maxX - noteWidth).rounded(), y: 24)

        let colored = series.enumerated().map { ($0.element, SpringPlotStyle.color($0.offset)) }
        try SpringPlotPanel(frame: frame, series: colored, epsilon: epsilon, detail: .full, fontSize: Self.fontSize)
            .draw(in: cr)

        // Legend under the axis titles.
        try cr.selectFont(weight: .normal)
        try cr.setFontSize(Self.fontSize)
        let font = try cr.fontExtents()
        var y = frame.area.maxY + Self.margins.axisBelow + 4
        for (s, color) in colored {
            let swatchY = (y + Self.legendLineHeight / 2).rounded(.down)
            try cr.setSource(color)
            try cr.rectangle(x: frame.area.x, y: swatchY - 1, width: 22, height: 3)
            try cr.fill()
            var text = s.label
            text += " · settles \(SpringReport.number(s.metrics.settlingDuration, 3)) s"
            text += ", overshoot \(String(format: "%.1f", s.metrics.overshoot)) %"
            let maxWidth = frame.area.width - 30
            if let line = try FrameRenderer.truncate(text, toWidth: maxWidth, in: cr) {
                try cr.setSource(SpringPlotStyle.text)
                try cr.showText(line, x: frame.area.x + 30, y: (swatchY + (font.ascent - font.descent) / 2).rounded())
            }
            y += Self.legendLineHeight
        }
        return surface
    }

    /// The plot as straight-alpha RGBA pixels.
    public func image() throws -> RGBAImage { try surface().rgbaImage() }

    /// The plot as PNG bytes (opaque RGB, standard compression).
    public func pngData() throws -> Data {
        try PNGEncoder(compression: .standard, colorMode: .automatic).encode(image())
    }
}
