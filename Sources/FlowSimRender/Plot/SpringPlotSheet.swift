import FlowSim
import FlowSimImage
import Foundation

/// Small multiples for `flowsim spring --sweep NAME=FROM:TO:STEP --plot FILE.png`: one small
/// plot per swept value, labelled with the value, all on the same axes (one time span and one
/// progress range for every panel), in a grid of at most `maxColumns` columns.
public struct SpringPlotSheet: Sendable {
    /// One panel: its label ("damping = 0.35") and its spring.
    public var panels: [(label: String, series: SpringPlotSeries)]
    public var epsilon: Double
    public var title: String

    public static let panelWidth = 280
    public static let panelHeight = 190
    public static let maxColumns = 5
    public static let maxPanels = 100
    static let header = 44
    static let fontSize = 10.0

    public init(panels: [(label: String, series: SpringPlotSeries)], epsilon: Double = 0.001, title: String) {
        self.panels = panels
        self.epsilon = epsilon
        self.title = title
    }

    public var columns: Int { max(1, min(Self.maxColumns, panels.count)) }
    public var rows: Int { (panels.count + columns - 1) / columns }
    public var width: Int { columns * Self.panelWidth }
    public var height: Int { Self.header + rows * Self.panelHeight }

    /// The frame of panel `index` (same time and progress ranges for all).
    public func frame(ofPanel index: Int) throws -> PlotFrame {
        guard !panels.isEmpty else { throw SpringPlotError.noSprings }
        guard panels.count <= Self.maxPanels else {
            throw SpringPlotError.tooManySprings(panels.count, limit: Self.maxPanels)
        }
        let all = panels.map(\.series)
        let timeMax = SpringPlotPanel.timeMax(all)
        let (low, high) = SpringPlotPanel.valueRange(all, timeMax: timeMax, epsilon: epsilon)
        let column = index % columns
        let row = index / columns
        let x = Double(column * Self.panelWidth)
        let y = Double(Self.header + row * Self.panelHeight)
        let area = PlotRect(
            x: x + 42, y: y + 24, width: Double(Self.panelWidth) - 42 - 14,
            height: Double(Self.panelHeight) - 24 - 28)
        return PlotFrame(area: area, timeMax: timeMax, valueMin: low, valueMax: high)
    }

    public func surface() throws -> ImageSurface {
        guard !panels.isEmpty else { throw SpringPlotError.noSprings }
        let frames = try panels.indices.map { try frame(ofPanel: $0) }
        let surface = try ImageSurface(width: width, height: height)
        let cr = try Context(surface: surface)
        try cr.setSource(SpringPlotStyle.background)
        try cr.paint()
        try cr.selectFont(weight: .bold)
        try cr.setFontSize(14)
        try cr.setSource(SpringPlotStyle.text)
        try cr.showText(title, x: 14, y: 22)
        try cr.selectFont(weight: .normal)
        try cr.setFontSize(11)
        try cr.setSource(SpringPlotStyle.mutedText)
        try cr.showText(
            "time (s) across, progress up; same axes in every panel; target 1, shaded band 1 ± ε "
                + "(ε = \(SpringReport.number(epsilon))); dashed: UIKit end of duration",
            x: 14, y: 38)
        let color = SpringPlotStyle.color(0)
        for (index, panel) in panels.enumerated() {
            let frame = frames[index]
            try cr.selectFont(weight: .bold)
            try cr.setFontSize(11)
            try cr.setSource(SpringPlotStyle.text)
            var text = panel.label + "  (settles \(SpringReport.number(panel.series.metrics.settlingDuration, 3)) s)"
            if let line = try FrameRenderer.truncate(text, toWidth: Double(Self.panelWidth) - 20, in: cr) {
                text = line
            }
            try cr.showText(text, x: frame.area.x - 32, y: frame.area.y - 9)
            try SpringPlotPanel(
                frame: frame, series: [(panel.series, color)], epsilon: epsilon, detail: .compact,
                fontSize: Self.fontSize
            ).draw(in: cr)
        }
        return surface
    }

    public func image() throws -> RGBAImage { try surface().rgbaImage() }

    public func pngData() throws -> Data {
        try PNGEncoder(compression: .standard, colorMode: .automatic).encode(image())
    }
}
