import FlowSim
import FlowSimStyle
import Foundation

/// Colours and strokes shared by single plots and sweep sheets.
public enum SpringPlotStyle {
    /// Okabe–Ito colours (distinguishable with the common colour-vision deficiencies), in the
    /// order the springs are given; at most `palette.count` springs per plot.
    public static let palette: [RGBAColor] = [
        rgb(0x00, 0x72, 0xB2), rgb(0xD5, 0x5E, 0x00), rgb(0x00, 0x9E, 0x73), rgb(0xCC, 0x79, 0xA7),
        rgb(0xE6, 0x9F, 0x00), rgb(0x56, 0xB4, 0xE9), rgb(0x00, 0x00, 0x00), rgb(0x88, 0x88, 0x88),
    ]
    public static let background = RGBAColor(red: 1, green: 1, blue: 1)
    public static let axis = RGBAColor(red: 0.15, green: 0.15, blue: 0.17)
    public static let grid = RGBAColor(red: 0.91, green: 0.91, blue: 0.92)
    /// The target line p = 1.
    public static let target = RGBAColor(red: 0.35, green: 0.35, blue: 0.38)
    /// The ε band 1 ± ε.
    public static let band = RGBAColor(red: 0.2, green: 0.65, blue: 0.3, alpha: 0.22)
    public static let text = RGBAColor(red: 0.15, green: 0.15, blue: 0.17)
    public static let mutedText = RGBAColor(red: 0.42, green: 0.42, blue: 0.45)
    /// The band is drawn at least this many pixels tall, so ε = 0.001 stays visible.
    public static let minimumBandHeight = 3.0
    public static let curveWidth = 2.0

    static func rgb(_ r: Int, _ g: Int, _ b: Int) -> RGBAColor {
        RGBAColor(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255)
    }

    public static func color(_ index: Int) -> RGBAColor { palette[index % palette.count] }
}

/// Draws one plot area: grid, ε band, target line, UIKit snap markers, curves, peaks, axes.
struct SpringPlotPanel {
    enum Detail {
        /// Peak and snap labels in words, axis titles.
        case full
        /// Small multiples: short peak labels, no axis titles.
        case compact
    }

    var frame: PlotFrame
    var series: [(SpringPlotSeries, RGBAColor)]
    var epsilon: Double
    var detail: Detail
    var fontSize: Double

    /// The y range every series fits in (always including 0 and 1 ± ε), padded by 6 %.
    static func valueRange(_ series: [SpringPlotSeries], timeMax: Double, epsilon: Double) -> (Double, Double) {
        var low = 0.0
        var high = 1 + epsilon
        for s in series {
            for (_, v) in s.polyline(to: timeMax, count: 2000) where v.isFinite {
                low = min(low, v)
                high = max(high, v)
            }
            if let peak = s.peak, peak.value.isFinite { high = max(high, peak.value) }
        }
        let pad = (high - low) * 0.06
        return (low - pad, high + pad)
    }

    /// max(settling durations, UIKit durations) × 1.1 (1 s when nothing is finite and > 0).
    static func timeMax(_ series: [SpringPlotSeries]) -> Double {
        let extent = series.map(\.timeExtent).max() ?? 0
        let t = extent * 1.1
        return t.isFinite && t > 0 ? t : 1
    }

    func draw(in cr: Context) throws {
        let area = frame.area
        try cr.selectFont(weight: .normal)
        try cr.setFontSize(fontSize)
        let timeTicks = PlotTicks.values(from: 0, to: frame.timeMax, step: frame.timeStep)
        let valueTicks = PlotTicks.values(from: frame.valueMin, to: frame.valueMax, step: frame.valueStep)

        // Grid.
        try cr.setSource(SpringPlotStyle.grid)
        for t in timeTicks { try cr.rectangle(x: crisp(frame.x(t)) - 0.5, y: area.y, width: 1, height: area.height) }
        for v in valueTicks { try cr.rectangle(x: area.x, y: crisp(frame.y(v)) - 0.5, width: area.width, height: 1) }
        try cr.fill()

        try cr.withSavedState {
            try cr.rectangle(x: area.x, y: area.y, width: area.width, height: area.height)
            try cr.clip()
            // ε band, at least `minimumBandHeight` tall, centred on the target.
            let top = frame.y(1 + epsilon)
            let bottom = frame.y(1 - epsilon)
            let height = max(bottom - top, SpringPlotStyle.minimumBandHeight)
            try cr.setSource(SpringPlotStyle.band)
            try cr.rectangle(x: area.x, y: (top + bottom) / 2 - height / 2, width: area.width, height: height)
            try cr.fill()
            // Target line.
            try cr.setSource(SpringPlotStyle.target)
            try cr.rectangle(x: area.x, y: crisp(frame.y(1)) - 0.5, width: area.width, height: 1)
            try cr.fill()
            // UIKit snap markers (dashed, in the spring's colour), under the curves.
            try cr.setLineWidth(1)
            try cr.setDash([5, 4])
            for (s, color) in series {
                guard let d = s.uikitDuration, d <= frame.timeMax else { continue }
                var c = color
                c.alpha = 0.8
                try cr.setSource(c)
                try cr.move(to: crisp(frame.x(d)), area.y)
                try cr.line(to: crisp(frame.x(d)), area.maxY)
                try cr.stroke()
            }
            try cr.setDash([])
            // Curves.
            try cr.setLineWidth(detail == .full ? SpringPlotStyle.curveWidth : 1.5)
            try cr.setLineJoinRound()
            try cr.setLineCap(.round)
            let count = max(2, Int(area.width * 2))
            for (s, color) in series {
                let points = s.polyline(to: frame.timeMax, count: count)
                try cr.newPath()
                var started = false
                for (t, v) in points {
                    let x = frame.x(t)
                    let y = frame.y(v)
                    // Clamp far-off values so Cairo keeps full precision near the area.
                    guard x.isFinite, y.isFinite else { continue }
                    let cy = min(max(y, area.y - 1000), area.maxY + 1000)
                    if started { try cr.line(to: x, cy) } else { try cr.move(to: x, cy) }
                    started = true
                }
                try cr.setSource(color)
                try cr.stroke()
            }
        }

        // Snap: the jump's two ends, and a label.
        var taken: [PlotRect] = []
        for (index, (s, color)) in series.enumerated() {
            guard let d = s.uikitDuration, d <= frame.timeMax, let before = s.valueBeforeSnap else { continue }
            let x = frame.x(d)
            try dot(x: x, y: frame.y(1), radius: detail == .full ? 3 : 2, color: color, in: cr)
            if detail == .full {
                let residue = (1 - before) * 100
                let text =
                    "UIKit end \(PlotTicks.label(d, step: 0.001)) s: snaps "
                    + "\(String(format: "%+.2f", residue)) % to 1"
                let width = try cr.textExtents(text).xAdvance
                let lineY = area.maxY - 8 - Double(index) * (fontSize + 4)
                var left = x - 6 - width
                if left < area.x + 4 { left = x + 6 }
                try label(text, x: left, baseline: lineY, color: color, in: cr)
                taken.append(PlotRect(x: left, y: lineY - fontSize, width: width, height: fontSize + 2))
            }
        }

        // Peaks: a dot with the overshoot, labels moved apart when they collide.
        for (s, color) in series {
            guard let peak = s.peak, peak.time <= frame.timeMax else { continue }
            let x = frame.x(peak.time)
            let y = frame.y(peak.value)
            guard x.isFinite, y.isFinite, y >= area.y - 1, y <= area.maxY + 1 else { continue }
            try dot(x: x, y: y, radius: detail == .full ? 4 : 2.5, color: color, in: cr)
            let percent = String(format: "%.1f", s.metrics.overshoot)
            let text =
                detail == .full
                ? "peak +\(percent) % at \(String(format: "%.3f", peak.time)) s" : "+\(percent) %"
            let width = try cr.textExtents(text).xAdvance
            var box = PlotRect(x: x + 6, y: y - 6 - fontSize, width: width, height: fontSize + 2)
            if box.maxX > area.maxX - 2 { box.x = x - 6 - width }
            box.y = min(max(box.y, area.y + 2), area.maxY - box.height - 2)
            // Nearest free slot: the preferred place, then one line up, one down, two up, …
            let preferred = box.y
            for attempt in 0..<16 {
                let step = Double((attempt + 1) / 2) * (fontSize + 3) * (attempt % 2 == 1 ? -1 : 1)
                box.y = preferred + step
                if box.y < area.y || box.maxY > area.maxY { continue }
                if !taken.contains(where: { $0.intersects(box) }) { break }
            }
            taken.append(box)
            // A translucent backing keeps the text readable over lines and curves.
            try cr.setSource(red: 1, green: 1, blue: 1, alpha: 0.8)
            try cr.rectangle(x: box.x.rounded() - 2, y: box.y, width: width + 4, height: box.height + 1)
            try cr.fill()
            try label(text, x: box.x, baseline: box.y + fontSize, color: color, in: cr)
        }

        try drawAxes(timeTicks: timeTicks, valueTicks: valueTicks, in: cr)
    }

    private func drawAxes(timeTicks: [Double], valueTicks: [Double], in cr: Context) throws {
        let area = frame.area
        let tick = detail == .full ? 5.0 : 3.0
        try cr.setSource(SpringPlotStyle.axis)
        try cr.rectangle(x: crisp(area.x) - 0.5, y: area.y, width: 1, height: area.height + 0.5)
        try cr.rectangle(x: area.x - 0.5, y: crisp(area.maxY) - 0.5, width: area.width + 0.5, height: 1)
        for t in timeTicks {
            try cr.rectangle(x: crisp(frame.x(t)) - 0.5, y: crisp(area.maxY), width: 1, height: tick)
        }
        for v in valueTicks {
            try cr.rectangle(x: crisp(area.x) - tick, y: crisp(frame.y(v)) - 0.5, width: tick, height: 1)
        }
        try cr.fill()
        let font = try cr.fontExtents()
        let timeStep = frame.timeStep
        for t in timeTicks {
            let text = PlotTicks.label(t, step: timeStep)
            let width = try cr.textExtents(text).xAdvance
            try label(
                text, x: frame.x(t) - width / 2, baseline: area.maxY + tick + 2 + font.ascent,
                color: SpringPlotStyle.text, in: cr)
        }
        // 0 and 1 are labelled even when the step skips them (large ranges).
        var labelled = valueTicks.map { ($0, PlotTicks.label($0, step: frame.valueStep)) }
        let minGap = fontSize * 1.1 / area.height * (frame.valueMax - frame.valueMin)
        for v in [0.0, 1.0] where !valueTicks.contains(where: { abs($0 - v) < 1e-9 }) {
            labelled.removeAll { abs($0.0 - v) < minGap }
            labelled.append((v, v == 0 ? "0" : "1"))
        }
        for (v, text) in labelled {
            let width = try cr.textExtents(text).xAdvance
            try label(
                text, x: area.x - tick - 3 - width, baseline: frame.y(v) + (font.ascent - font.descent) / 2,
                color: SpringPlotStyle.text, in: cr)
        }
        guard detail == .full else { return }
        let title = "time (s)"
        let width = try cr.textExtents(title).xAdvance
        try label(
            title, x: area.x + area.width / 2 - width / 2,
            baseline: area.maxY + tick + 2 + font.height + font.ascent, color: SpringPlotStyle.mutedText, in: cr)
        let yTitle = "progress"
        let yWidth = try cr.textExtents(yTitle).xAdvance
        try cr.withSavedState {
            try cr.translate(x: area.x - tick - 10 - 3.2 * fontSize, y: area.y + area.height / 2 + yWidth / 2)
            try cr.rotate(-Double.pi / 2)
            try label(yTitle, x: 0, baseline: font.ascent, color: SpringPlotStyle.mutedText, in: cr)
        }
    }

    private func dot(x: Double, y: Double, radius: Double, color: RGBAColor, in cr: Context) throws {
        try cr.newPath()
        try cr.arc(centerX: x, centerY: y, radius: radius, from: 0, to: 2 * Double.pi)
        try cr.setSource(color)
        try cr.fillPreserve()
        try cr.setSource(SpringPlotStyle.background)
        try cr.setLineWidth(1)
        try cr.stroke()
    }

    private func label(_ text: String, x: Double, baseline: Double, color: RGBAColor, in cr: Context) throws {
        try cr.setSource(color)
        try cr.showText(text, x: x.rounded(), y: baseline.rounded())
    }

    /// The centre of the pixel containing `v`, so 1-px lines fill whole pixels.
    private func crisp(_ v: Double) -> Double { v.rounded(.down) + 0.5 }
}
