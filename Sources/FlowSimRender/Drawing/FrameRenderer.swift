// Over 400 lines on purpose: every element kind is drawn here (cells, headers, footers, images,
// badges, the activity indicator, perspective quads) with one Cairo context and one set of
// style rules; the pieces are private functions of one renderer.

import FlowSim
import FlowSimImage
import FlowSimStyle
import Foundation

#if canImport(Darwin)
    import QuartzCore
#endif

/// Draws a `PresentedFrame` the way UIKit composites the collection view's cells and
/// supplementary views.
///
/// Coordinates: an element's bounds (`size`) are centred on `center − contentOffset` (moved down
/// by the chrome strip), then `transform` is applied about that centre (CoreGraphics convention),
/// then the whole element is composited with `alpha` clamped to [0, 1] (drawn into a group first,
/// like a layer with opacity). Elements are painted in `PresentedElement.paintOrder` (depth =
/// zIndex plus the transform's z translation, ties by section, kind, index path, then input
/// order). Supplementary views of kinds other than header and footer are drawn like headers,
/// labelled with their kind; decoration views as a translucent rounded rectangle.
/// Hidden elements, elements with alpha ≤ 0, non-finite geometry or a singular transform are
/// skipped (UIKit shows nothing for them). Pixel size = points × `viewport.scale`.
///
/// A non-affine `transform3D` (perspective, rotation out of the plane) is drawn by rendering
/// the element flat into an offscreen surface and mapping it onto its projected quad (see
/// `drawProjected`); elements with a corner at or behind the eye are skipped.
///
/// The loading cell (`PresentedElement.isLoadingIndicator`) is UIKit's medium activity indicator: 12
/// spokes, the brightest at phase `floor(time × 12) mod 12`, i.e. one turn per second
/// in 12 steps (UIActivityIndicatorView's rate), older spokes fading.
public struct FrameRenderer: Sendable {
    public var viewport: RenderViewport
    public var style: SceneStyle
    public let images: ImageCache
    /// Text settings (FlowSim's fixed ones; tests render with others to show goldens survive).
    public var fontSettings = FontSettings.fixed

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
        try renderSurface(frame, reusing: nil)
    }

    /// Whether the background's paint sets every pixel of a surface (an opaque colour painted
    /// over anything gives that colour exactly), so a surface of an earlier frame can be drawn
    /// on again and give the bytes a new one would.
    var repaintsEverySurfacePixel: Bool { style.background.alpha >= 1 }

    /// Draws into `reused` (an earlier frame's surface) when it has the frame's size and the
    /// background repaints every pixel; into a new surface otherwise.
    func renderSurface(_ frame: PresentedFrame, reusing reused: ImageSurface?) throws -> ImageSurface {
        try viewport.validate()
        let width = viewport.pixelWidth
        let height = viewport.pixelHeight
        let surface: ImageSurface
        if let reused, reused.width == width, reused.height == height, repaintsEverySurfacePixel {
            surface = reused
        } else {
            surface = try ImageSurface(width: width, height: height)
        }
        let cr = try Context(surface: surface, fontSettings: fontSettings)

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
        try cr.translate(x: -dx, y: -dy)
        try drawSafeAreaOverlay(in: cr)
        return surface
    }

    /// Elements in the order they are painted (back to front), hidden ones removed.
    public static func paintOrder(_ elements: [PresentedElement]) -> [PresentedElement] {
        PresentedElement.paintOrder(elements.filter { !$0.isHidden })
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
        guard alpha > 0, w > 0, h > 0, w.isFinite, h.isFinite, cx.isFinite, cy.isFinite else { return }
        if !CATransform3DIsAffine(e.transform3D) {
            return try drawProjected(e, alpha: alpha, time: time, visible: visible, in: cr)
        }
        guard Context.isInvertible(e.transform) else { return }
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
                try drawContent(e, width: w, height: h, time: time, in: cr)
            }
        }
    }

    /// The element's own drawing, centred on the user-space origin.
    private func drawContent(_ e: PresentedElement, width w: Double, height h: Double, time: Double, in cr: Context)
        throws
    {
        switch e.kind {
        case .cell:
            if e.isLoadingIndicator {
                try drawActivityIndicator(width: w, height: h, time: time, in: cr)
            } else {
                try drawCell(e, width: w, height: h, in: cr)
            }
        case .header: try drawHeader(e, width: w, height: h, in: cr)
        case .footer: try drawFooter(e, width: w, height: h, in: cr)
        default:
            if e.kind.category == .decoration {
                try drawDecoration(width: w, height: h, in: cr)
            } else {
                try drawHeader(
                    e, title: e.kind.representedElementKind ?? "", itemCount: nil, width: w, height: h, in: cr)
            }
        }
    }

    // MARK: 3-D transforms

    /// Grid cells per side of the projected quad: each of the 8 × 8 cells is drawn as two
    /// affine-mapped triangles, close to the true perspective mapping.
    static let perspectiveGrid = 8

    /// Largest offscreen surface (pixels) for a 3-D transformed element: four times the frame's
    /// pixels (perspective can magnify part of an element), never more than
    /// `RenderViewport.maxPixelCount`.
    var offscreenPixelLimit: Int {
        min(RenderViewport.maxPixelCount, 4 * max(1, viewport.pixelWidth) * max(1, viewport.pixelHeight))
    }

    /// Where the local point `(x, y)` (from the element's centre) lands on screen, or nil when it
    /// is at or behind the eye.
    static func projected(_ x: Double, _ y: Double, by t: CATransform3D, center: CGPoint) -> CGPoint? {
        guard let p = Transform3DProjection.project(CGPoint(x: x, y: y), by: t) else { return nil }
        return CGPoint(x: p.x + center.x, y: p.y + center.y)
    }

    /// The affine map sending the triangle `source` onto `destination` (CoreGraphics convention),
    /// or nil when either is degenerate.
    static func affineMap(from source: [CGPoint], to destination: [CGPoint]) -> CGAffineTransform? {
        let (s0, s1, s2) = (source[0], source[1], source[2])
        let (d0, d1, d2) = (destination[0], destination[1], destination[2])
        let e1x = Double(s1.x - s0.x)
        let e1y = Double(s1.y - s0.y)
        let e2x = Double(s2.x - s0.x)
        let e2y = Double(s2.y - s0.y)
        let det = e1x * e2y - e2x * e1y
        guard det != 0, det.isFinite else { return nil }
        let f1x = Double(d1.x - d0.x)
        let f1y = Double(d1.y - d0.y)
        let f2x = Double(d2.x - d0.x)
        let f2y = Double(d2.y - d0.y)
        // [f1 f2] = L · [e1 e2] with L = [[a, c], [b, d]] (x' = a·x + c·y).
        let a = (f1x * e2y - f2x * e1y) / det
        let c = (f2x * e1x - f1x * e2x) / det
        let b = (f1y * e2y - f2y * e1y) / det
        let d = (f2y * e1x - f1y * e2x) / det
        let tx = Double(d0.x) - (a * Double(s0.x) + c * Double(s0.y))
        let ty = Double(d0.y) - (b * Double(s0.x) + d * Double(s0.y))
        let map = CGAffineTransform(
            a: CGFloat(a), b: CGFloat(b), c: CGFloat(c), d: CGFloat(d), tx: CGFloat(tx), ty: CGFloat(ty))
        return Context.isInvertible(map) ? map : nil
    }

    /// Draws an element whose transform is not affine: the element is drawn untransformed into
    /// an offscreen surface (at the viewport's scale, reduced if needed to stay within
    /// `RenderViewport.maxSide` and `offscreenPixelLimit`), then its `perspectiveGrid`² cells are
    /// mapped onto the projected grid, two triangles each, each with the affine map fitting its
    /// three corners and clipped to the triangle (grown by half a pixel so neighbours meet
    /// without seams). Corners project about the element's centre (UIKit's anchor point):
    /// `(X/W, Y/W)` of `[x y 0 1] · transform3D`. Any grid point at or behind the eye (W ≤ 0)
    /// skips the element.
    private func drawProjected(
        _ e: PresentedElement, alpha: Double, time: Double, visible: CGRect, in cr: Context
    ) throws {
        let w = Double(e.size.width)
        let h = Double(e.size.height)
        let n = FrameRenderer.perspectiveGrid
        var grid: [CGPoint] = []
        grid.reserveCapacity((n + 1) * (n + 1))
        for j in 0...n {
            for i in 0...n {
                let x = -w / 2 + w * Double(i) / Double(n)
                let y = -h / 2 + h * Double(j) / Double(n)
                guard let p = FrameRenderer.projected(x, y, by: e.transform3D, center: e.center) else { return }
                grid.append(p)
            }
        }
        let xs = grid.map { Double($0.x) }
        let ys = grid.map { Double($0.y) }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return }
        let box = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        guard box.intersects(visible) else { return }

        // The flat element, at device scale bounded by the render limits: at most
        // `RenderViewport.maxSide` per side and `offscreenPixelLimit` pixels (a huge element is
        // drawn coarser rather than allocating gigabytes).
        var scale = viewport.scale
        scale = min(scale, Double(RenderViewport.maxSide) / w, Double(RenderViewport.maxSide) / h)
        scale = min(scale, (Double(offscreenPixelLimit) / (w * h)).squareRoot())
        let pixelWidth = Int((w * scale).rounded(.up))
        let pixelHeight = Int((h * scale).rounded(.up))
        guard scale > 0, scale.isFinite, pixelWidth > 0, pixelHeight > 0 else { return }
        let flat = try ImageSurface(width: pixelWidth, height: pixelHeight)
        do {
            let fc = try Context(surface: flat, fontSettings: fontSettings)
            try fc.scale(x: scale, y: scale)
            try fc.translate(x: w / 2, y: h / 2)
            try drawContent(e, width: w, height: h, time: time, in: fc)
        }

        // Grow each triangle by 0.75 px (each edge moved out, so a pixel whose centre is in a
        // triangle is fully covered by it) and paint with SOURCE into a group, so neighbours
        // meet without seams or double blending; the exact projected outline is clipped when
        // the group is composited.
        let grow = 0.75 / viewport.scale
        try cr.withSavedState {
            // Bound the offscreen group to the projected quad (plus a margin for antialiasing).
            try cr.rectangle(x: minX - 2, y: minY - 2, width: maxX - minX + 4, height: maxY - minY + 4)
            try cr.clip()
            try cr.pushGroup()
            do {
                try cr.setOperatorSource()
                for j in 0..<n {
                    for i in 0..<n {
                        let p00 = grid[j * (n + 1) + i]
                        let p10 = grid[j * (n + 1) + i + 1]
                        let p01 = grid[(j + 1) * (n + 1) + i]
                        let p11 = grid[(j + 1) * (n + 1) + i + 1]
                        // Source corners in the flat surface's pixels.
                        let sx0 = w * scale * Double(i) / Double(n)
                        let sx1 = w * scale * Double(i + 1) / Double(n)
                        let sy0 = h * scale * Double(j) / Double(n)
                        let sy1 = h * scale * Double(j + 1) / Double(n)
                        let s00 = CGPoint(x: sx0, y: sy0)
                        let s10 = CGPoint(x: sx1, y: sy0)
                        let s01 = CGPoint(x: sx0, y: sy1)
                        let s11 = CGPoint(x: sx1, y: sy1)
                        for (source, destination) in [
                            ([s00, s10, s11], [p00, p10, p11]), ([s00, s11, s01], [p00, p11, p01]),
                        ] {
                            guard let map = FrameRenderer.affineMap(from: source, to: destination),
                                let grown = FrameRenderer.grown(destination, by: grow)
                            else { continue }
                            try cr.withSavedState {
                                try cr.newPath()
                                try cr.move(to: Double(grown[0].x), Double(grown[0].y))
                                try cr.line(to: Double(grown[1].x), Double(grown[1].y))
                                try cr.line(to: Double(grown[2].x), Double(grown[2].y))
                                try cr.clip()
                                try cr.transform(map)
                                try cr.setSource(flat, x: 0, y: 0, extendPad: true)
                                try cr.paint()
                            }
                        }
                    }
                }
            } catch {
                try? cr.popGroupToSource()
                throw error
            }
            try cr.popGroupToSource()
            // The exact outline: the grid's border points, around.
            var outline: [CGPoint] = []
            for i in 0...n { outline.append(grid[i]) }
            for j in 1...n { outline.append(grid[j * (n + 1) + n]) }
            for i in stride(from: n - 1, through: 0, by: -1) { outline.append(grid[n * (n + 1) + i]) }
            for j in stride(from: n - 1, through: 1, by: -1) { outline.append(grid[j * (n + 1)]) }
            try cr.newPath()
            try cr.move(to: Double(outline[0].x), Double(outline[0].y))
            for point in outline.dropFirst() { try cr.line(to: Double(point.x), Double(point.y)) }
            try cr.clip()
            try cr.paint(alpha: alpha)
        }
    }

    /// The triangle with each edge moved outwards by `distance` (its vertices moved along the
    /// angle bisectors by `distance / sin(angle / 2)`); nil when degenerate.
    static func grown(_ triangle: [CGPoint], by distance: Double) -> [CGPoint]? {
        let p = triangle.map { (Double($0.x), Double($0.y)) }
        let area = (p[1].0 - p[0].0) * (p[2].1 - p[0].1) - (p[2].0 - p[0].0) * (p[1].1 - p[0].1)
        guard area != 0, area.isFinite else { return nil }
        var result: [CGPoint] = []
        for k in 0..<3 {
            let v = p[k]
            let a = p[(k + 2) % 3]
            let b = p[(k + 1) % 3]
            // Unit vectors from v along its two edges.
            let la = ((a.0 - v.0) * (a.0 - v.0) + (a.1 - v.1) * (a.1 - v.1)).squareRoot()
            let lb = ((b.0 - v.0) * (b.0 - v.0) + (b.1 - v.1) * (b.1 - v.1)).squareRoot()
            guard la > 0, lb > 0 else { return nil }
            let ua = ((a.0 - v.0) / la, (a.1 - v.1) / la)
            let ub = ((b.0 - v.0) / lb, (b.1 - v.1) / lb)
            // Outward bisector: −(ua + ub); half-angle sine from the cross product.
            let bx = -(ua.0 + ub.0)
            let by = -(ua.1 + ub.1)
            let lbis = (bx * bx + by * by).squareRoot()
            let cosine = ua.0 * ub.0 + ua.1 * ub.1
            let halfSine = ((1 - cosine) / 2).squareRoot()
            guard lbis > 0, halfSine > 0.05 else { return nil }
            let move = distance / halfSine
            result.append(CGPoint(x: v.0 + bx / lbis * move, y: v.1 + by / lbis * move))
        }
        return result
    }

    private func drawCell(_ e: PresentedElement, width w: Double, height h: Double, in cr: Context) throws {
        let radius = style.cornerRadius
        try cr.roundedRectangle(x: -w / 2, y: -h / 2, width: w, height: h, radius: radius)
        try cr.setSource(style.cellColor ?? FrameRenderer.cellColor(forID: e.id))
        try cr.fill()

        if let path = e.content.imagePath, !path.isEmpty {
            let full = try images.image(atPath: path)
            // Aspect fill: the image's size in device pixels, for the level of detail to draw.
            let fill = full.width > 0 && full.height > 0 ? max(w / Double(full.width), h / Double(full.height)) : 0
            let image = try images.image(
                atPath: path, drawnAt: cr.deviceLength(dx: Double(full.width) * fill, dy: 0),
                cr.deviceLength(dx: 0, dy: Double(full.height) * fill))
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
        try drawHeader(e, title: e.content.title, itemCount: e.content.itemCount, width: w, height: h, in: cr)
    }

    /// A header's look with `title` and `itemCount`: supplementary views of other kinds use it,
    /// labelled with their kind string.
    private func drawHeader(
        _ e: PresentedElement, title: String, itemCount: Int?, width w: Double, height h: Double, in cr: Context
    ) throws {
        try cr.rectangle(x: -w / 2, y: -h / 2, width: w, height: h)
        try cr.setSource(style.headerBackground)
        try cr.fill()
        let inset = min(16, w / 10)
        // Right to left the title hugs the right edge and the count the left (`textAlignment`).
        let trailing: Double = style.textAlignment == .trailing ? -1 : 1
        try cr.setFontSize(style.headerFontSize)
        var countWidth = 0.0
        if let count = itemCount {
            try cr.selectFont(weight: .normal)
            let text = "\(count)"
            countWidth = try cr.textExtents(text).xAdvance
            var muted = style.headerText
            muted.alpha *= 0.6
            try drawText(
                text, in: cr, color: muted, maxWidth: w - 2 * inset, x: trailing * (w / 2 - inset), centerY: 0,
                align: trailing > 0 ? .right : .left)
        }
        try cr.selectFont(weight: .bold)
        try drawText(
            title, in: cr, color: style.headerText,
            maxWidth: w - 2 * inset - (countWidth > 0 ? countWidth + 8 : 0), x: -trailing * (w / 2 - inset), centerY: 0,
            align: trailing > 0 ? .left : .right)
        try cr.selectFont(weight: .normal)
    }

    /// A decoration view (FlowSim knows nothing of the registered view class): a rounded
    /// rectangle in the header colour at half opacity, corner radius `style.cornerRadius`
    /// (clamped by the shorter side), no text, so a section background reads as one.
    private func drawDecoration(width w: Double, height h: Double, in cr: Context) throws {
        try cr.roundedRectangle(x: -w / 2, y: -h / 2, width: w, height: h, radius: style.cornerRadius)
        var fill = style.headerBackground
        fill.alpha *= 0.5
        try cr.setSource(fill)
        try cr.fill()
    }

    private func drawFooter(_ e: PresentedElement, width w: Double, height h: Double, in cr: Context) throws {
        let inset = min(16, w / 10)
        try cr.setFontSize(style.fontSize)
        var muted = style.headerText
        muted.alpha *= 0.6
        let leadingRight = style.textAlignment == .trailing
        try drawText(
            e.content.title, in: cr, color: muted, maxWidth: w - 2 * inset,
            x: leadingRight ? w / 2 - inset : -w / 2 + inset, centerY: 0, align: leadingRight ? .right : .left)
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
