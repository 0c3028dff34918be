import FlowSim
import Foundation

/// Draws a `PresentedFrame` the way UIKit composites the collection view's cells and
/// supplementary views.
///
/// Coordinates: an element's bounds (`size`) are centred on `center − contentOffset` (moved down
/// by the chrome strip), then `transform` is applied about that centre (CoreGraphics convention),
/// then the whole element is composited with `alpha` clamped to [0, 1] (drawn into a group first,
/// like a layer with opacity). Elements are painted in ascending zIndex; ties by kind
/// (header, cell, footer), section, item, then input order. Hidden elements, elements with
/// alpha ≤ 0, non-finite geometry or a singular transform are skipped (UIKit shows nothing
/// for them). Pixel size = points × `viewport.scale`.
///
/// The loading cell (`content.isLoadingIndicator`) is UIKit's medium activity indicator: 12
/// spokes, the brightest at phase `floor(time × 12) mod 12`, i.e. one turn per second
/// in 12 steps (UIActivityIndicatorView's rate), older spokes fading.
public struct FrameRenderer: Sendable {
    public var viewport: RenderViewport
    public var style: SceneStyle
    public let images: ImageCache

    public init(viewport: RenderViewport, style: SceneStyle = SceneStyle(), images: ImageCache = ImageCache()) {
        self.viewport = viewport
        self.style = style
        self.images = images
    }

    /// Renders one frame to straight-alpha RGBA pixels.
    public func render(_ frame: PresentedFrame) throws -> RGBAImage {
        try renderSurface(frame).rgbaImage()
    }

    /// Renders one frame to a Cairo surface (for callers that keep drawing on it).
    public func renderSurface(_ frame: PresentedFrame) throws -> ImageSurface {
        try viewport.validate()
        let width = viewport.pixelWidth
        let height = viewport.pixelHeight
        let surface = try ImageSurface(width: width, height: height)
        let cr = try Context(surface: surface)

        try cr.setSource(style.background)
        try cr.paint()
        if viewport.chromeHeight > 0 {
            // The chrome strip: the background darkened a little, with a hairline under it.
            let b = style.background
            try cr.setSource(red: b.red * 0.9, green: b.green * 0.9, blue: b.blue * 0.9, alpha: b.alpha)
            try cr.rectangle(x: 0, y: 0, width: Double(width), height: viewport.chromeHeight * viewport.scale)
            try cr.fill()
            try cr.setSource(red: 0, green: 0, blue: 0, alpha: 0.25)
            try cr.rectangle(
                x: 0, y: (viewport.chromeHeight * viewport.scale).rounded() - 1, width: Double(width), height: 1)
            try cr.fill()
        }

        try cr.scale(x: viewport.scale, y: viewport.scale)
        let offset = frame.contentOffset
        let dx = -Double(offset.x)
        let dy = viewport.chromeHeight - Double(offset.y)
        guard dx.isFinite, dy.isFinite else { return surface }
        try cr.translate(x: dx, y: dy)
        let visible = CGRect(
            x: Double(offset.x), y: Double(offset.y) - viewport.chromeHeight,
            width: viewport.width, height: viewport.height + viewport.chromeHeight)

        for element in FrameRenderer.paintOrder(frame.elements) {
            try draw(element, time: frame.time, visible: visible, in: cr)
        }
        return surface
    }

    /// Elements in the order they are painted (back to front), hidden ones removed.
    public static func paintOrder(_ elements: [PresentedElement]) -> [PresentedElement] {
        elements.enumerated()
            .filter { !$0.element.isHidden }
            .sorted { l, r in
                let a = l.element
                let b = r.element
                if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
                if a.kind != b.kind { return a.kind < b.kind }
                if a.section != b.section { return a.section < b.section }
                let ai = a.item ?? -1
                let bi = b.item ?? -1
                if ai != bi { return ai < bi }
                return l.offset < r.offset
            }
            .map(\.element)
    }

    // MARK: Elements

    private func draw(_ e: PresentedElement, time: Double, visible: CGRect, in cr: Context) throws {
        let alphaValue = Double(e.alpha)
        guard alphaValue.isFinite else { return }
        let alpha = min(1, max(0, alphaValue))
        let w = Double(e.size.width)
        let h = Double(e.size.height)
        let cx = Double(e.center.x)
        let cy = Double(e.center.y)
        guard alpha > 0, w > 0, h > 0, w.isFinite, h.isFinite, cx.isFinite, cy.isFinite,
            Context.isInvertible(e.transform)
        else { return }
        // Cull elements entirely outside the drawn area (bounding box of the transformed bounds).
        let local = CGRect(x: -w / 2, y: -h / 2, width: w, height: h).applying(e.transform)
        let box = local.offsetBy(dx: CGFloat(cx), dy: CGFloat(cy))
        guard box.intersects(visible) else { return }

        try cr.withSavedState {
            try cr.translate(x: cx, y: cy)
            try cr.transform(e.transform)
            if alpha < 1 {
                // Bound the offscreen group to the element (plus a margin for antialiasing).
                try cr.rectangle(x: -w / 2 - 2, y: -h / 2 - 2, width: w + 4, height: h + 4)
                try cr.clip()
            }
            try cr.withAlphaGroup(alpha) {
                switch e.kind {
                case .cell:
                    if e.content.isLoadingIndicator {
                        try drawActivityIndicator(width: w, height: h, time: time, in: cr)
                    } else {
                        try drawCell(e, width: w, height: h, in: cr)
                    }
                case .header: try drawHeader(e, width: w, height: h, in: cr)
                case .footer: try drawFooter(e, width: w, height: h, in: cr)
                }
            }
        }
    }

    private func drawCell(_ e: PresentedElement, width w: Double, height h: Double, in cr: Context) throws {
        let radius = style.cornerRadius
        try cr.roundedRectangle(x: -w / 2, y: -h / 2, width: w, height: h, radius: radius)
        try cr.setSource(style.cellColor ?? FrameRenderer.cellColor(forID: e.id))
        try cr.fill()

        if let path = e.content.imagePath, !path.isEmpty {
            let image = try images.image(atPath: path)
            if image.width > 0, image.height > 0 {
                let surface = try ImageSurface(premultiplied: image)
                try cr.withSavedState {
                    try cr.roundedRectangle(x: -w / 2, y: -h / 2, width: w, height: h, radius: radius)
                    try cr.clip()
                    // Aspect fill: cover the bounds, centred, cropping the overflow.
                    let s = max(w / Double(image.width), h / Double(image.height))
                    try cr.scale(x: s, y: s)
                    try cr.setSource(
                        surface, x: -Double(image.width) / 2, y: -Double(image.height) / 2, smooth: true,
                        extendPad: true)
                    try cr.paint()
                }
            }
        }

        try cr.setFontSize(style.fontSize)
        try drawText(
            e.content.title, in: cr, color: style.cellText, maxWidth: w - 12, x: 0, centerY: 0,
            align: .center)

        if e.content.isSelected {
            try drawSelectionBadge(width: w, height: h, in: cr)
        }
    }

    private func drawSelectionBadge(width w: Double, height h: Double, in cr: Context) throws {
        let r = min(11, min(w, h) / 4)
        guard r >= 2 else { return }
        let inset = min(6, r / 2)
        let bx = w / 2 - inset - r
        let by = -h / 2 + inset + r
        try cr.newPath()
        try cr.arc(centerX: bx, centerY: by, radius: r, from: 0, to: 2 * Double.pi)
        try cr.setSource(style.selectionColor)
        try cr.fillPreserve()
        try cr.setSource(red: 1, green: 1, blue: 1)
        try cr.setLineWidth(max(1, r * 0.14))
        try cr.stroke()
        try cr.move(to: bx - 0.45 * r, by + 0.02 * r)
        try cr.line(to: bx - 0.12 * r, by + 0.35 * r)
        try cr.line(to: bx + 0.45 * r, by - 0.3 * r)
        try cr.setLineWidth(r * 0.22)
        try cr.setLineCap(.round)
        try cr.setLineJoinRound()
        try cr.stroke()
    }

    /// UIActivityIndicatorView (.medium): 12 spokes from r = 4.5 pt to 9 pt, 2 pt wide, round caps.
    private func drawActivityIndicator(width w: Double, height h: Double, time: Double, in cr: Context) throws {
        let head = FrameRenderer.activityIndicatorPhase(time: time)
        let scale = min(1, min(w, h) / 20)
        try cr.setLineWidth(2 * scale)
        try cr.setLineCap(.round)
        for spoke in 0..<12 {
            let angle = -Double.pi / 2 + Double(spoke) * Double.pi / 6
            let behind = (head - spoke + 12) % 12
            let alpha = 1 - 0.8 * Double(behind) / 11
            try cr.setSource(red: 0.44, green: 0.44, blue: 0.46, alpha: alpha)
            try cr.move(to: cos(angle) * 4.5 * scale, sin(angle) * 4.5 * scale)
            try cr.line(to: cos(angle) * 9 * scale, sin(angle) * 9 * scale)
            try cr.stroke()
        }
    }

    /// Which of the 12 spokes (0 = top, clockwise) is brightest at `time`: 12 steps per second.
    public static func activityIndicatorPhase(time: Double) -> Int {
        guard time.isFinite else { return 0 }
        let step = (time * 12).rounded(.down).truncatingRemainder(dividingBy: 12)
        return (Int(step) + 12) % 12
    }

    private func drawHeader(_ e: PresentedElement, width w: Double, height h: Double, in cr: Context) throws {
        try cr.rectangle(x: -w / 2, y: -h / 2, width: w, height: h)
        try cr.setSource(style.headerBackground)
        try cr.fill()
        let inset = min(16, w / 10)
        try cr.setFontSize(style.headerFontSize)
        var countWidth = 0.0
        if let count = e.content.itemCount {
            try cr.selectFont(weight: .normal)
            let text = "\(count)"
            countWidth = try cr.textExtents(text).xAdvance
            var muted = style.headerText
            muted.alpha *= 0.6
            try drawText(
                text, in: cr, color: muted, maxWidth: w - 2 * inset, x: w / 2 - inset, centerY: 0, align: .right)
        }
        try cr.selectFont(weight: .bold)
        try drawText(
            e.content.title, in: cr, color: style.headerText,
            maxWidth: w - 2 * inset - (countWidth > 0 ? countWidth + 8 : 0), x: -w / 2 + inset, centerY: 0,
            align: .left)
        try cr.selectFont(weight: .normal)
    }

    private func drawFooter(_ e: PresentedElement, width w: Double, height h: Double, in cr: Context) throws {
        let inset = min(16, w / 10)
        try cr.setFontSize(style.fontSize)
        var muted = style.headerText
        muted.alpha *= 0.6
        try drawText(
            e.content.title, in: cr, color: muted, maxWidth: w - 2 * inset, x: -w / 2 + inset, centerY: 0, align: .left)
    }

    // MARK: Text

    enum Alignment { case left, center, right }

    /// Draws one line with its em box vertically centred on `centerY` (baseline from the font's
    /// ascent and descent, so it does not jump as the text changes), truncated with "…" to fit.
    private func drawText(
        _ text: String, in cr: Context, color: RGBAColor, maxWidth: Double, x: Double, centerY: Double,
        align: Alignment
    ) throws {
        guard !text.isEmpty, maxWidth > 0,
            let line = try FrameRenderer.truncate(text, toWidth: maxWidth, in: cr)
        else { return }
        let advance = try cr.textExtents(line).xAdvance
        let font = try cr.fontExtents()
        let baseline = centerY + (font.ascent - font.descent) / 2
        let originX: Double
        switch align {
        case .left: originX = x
        case .center: originX = x - advance / 2
        case .right: originX = x - advance
        }
        try cr.setSource(color)
        try cr.showText(line, x: originX, y: baseline)
    }

    /// `text` if it fits in `width` (by advance, current font), else the longest prefix (trailing
    /// spaces removed) followed by "…" that fits, or nil if not even "…" fits.
    static func truncate(_ text: String, toWidth width: Double, in cr: Context) throws -> String? {
        if try cr.textExtents(text).xAdvance <= width { return text }
        let characters = Array(text)
        func candidate(_ n: Int) -> String {
            var prefix = String(characters[0..<n])
            while prefix.last?.isWhitespace == true { prefix.removeLast() }
            return prefix + "…"
        }
        guard try cr.textExtents("…").xAdvance <= width else { return nil }
        var low = 0
        var high = characters.count - 1  // candidate(low) fits
        while low < high {
            let mid = (low + high + 1) / 2
            if try cr.textExtents(candidate(mid)).xAdvance <= width { low = mid } else { high = mid - 1 }
        }
        return candidate(low)
    }

    // MARK: Colours

    /// A pleasant colour derived from `id` alone (FNV-1a 64-bit hash → hue, saturation 0.45–0.64,
    /// brightness 0.70–0.83), so a cell keeps its colour while it moves, on every run.
    public static func cellColor(forID id: String) -> RGBAColor {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hue = Double(hash % 360) / 360
        let saturation = 0.45 + Double((hash >> 20) % 20) / 100
        let brightness = 0.70 + Double((hash >> 40) % 14) / 100
        return hsb(hue: hue, saturation: saturation, brightness: brightness)
    }

    static func hsb(hue: Double, saturation s: Double, brightness v: Double) -> RGBAColor {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h.rounded(.down)) % 6
        let f = h - h.rounded(.down)
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return RGBAColor(red: v, green: t, blue: p)
        case 1: return RGBAColor(red: q, green: v, blue: p)
        case 2: return RGBAColor(red: p, green: v, blue: t)
        case 3: return RGBAColor(red: p, green: q, blue: v)
        case 4: return RGBAColor(red: t, green: p, blue: v)
        default: return RGBAColor(red: v, green: p, blue: q)
        }
    }
}
