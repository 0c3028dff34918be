import CCairo
import FlowSim
import FlowSimStyle
import Foundation

/// Cairo's text extents (`cairo_text_extents_t`) in user space.
public struct TextExtents: Equatable, Sendable {
    public var xBearing: Double
    public var yBearing: Double
    public var width: Double
    public var height: Double
    public var xAdvance: Double
    public var yAdvance: Double
}

/// Cairo's font extents (`cairo_font_extents_t`) in user space.
public struct FontExtents: Equatable, Sendable {
    public var ascent: Double
    public var descent: Double
    public var height: Double
}

/// Fixed font rendering options so text renders identically everywhere: grey antialiasing,
/// no hinting, no metric hinting (glyph advances are not rounded to whole pixels).
public final class FontOptions {
    let pointer: OpaquePointer

    public init(_ settings: FontSettings = .fixed) throws {
        guard let options = cairo_font_options_create() else {
            throw CairoError(status: CAIRO_STATUS_NO_MEMORY, operation: "create font options")
        }
        let status = cairo_font_options_status(options)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_options_destroy(options)
            throw CairoError(status: status, operation: "create font options")
        }
        switch settings.antialias {
        case .gray: cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        case .none: cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_NONE)
        case .subpixel: cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_SUBPIXEL)
        }
        switch settings.hinting {
        case .none: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        case .slight: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        case .medium: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_MEDIUM)
        case .full: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_FULL)
        }
        cairo_font_options_set_hint_metrics(
            options, settings.hintMetrics ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(
            options, settings.antialias == .subpixel ? CAIRO_SUBPIXEL_ORDER_RGB : CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pointer = options
    }

    deinit { cairo_font_options_destroy(pointer) }
}

public enum FontWeight: Sendable { case normal, bold }
public enum LineCap: Sendable { case butt, round, square }

/// A Cairo drawing context on an `ImageSurface`, owning its `cairo_t`. Every call checks the
/// context status and throws `CairoError`; calls that would put the context into a sticky error
/// state (a singular matrix) are refused before reaching Cairo. Not thread-safe.
public final class Context {
    let pointer: OpaquePointer
    /// Keeps the target alive as long as the context.
    public let surface: ImageSurface
    private let fontOptions: FontOptions

    /// A context on `surface` with DejaVu Sans (`FontFile`) and the font settings selected
    /// (FlowSim's fixed ones unless a test asks otherwise).
    public init(surface: ImageSurface, fontSettings: FontSettings = .fixed) throws {
        guard let cr = cairo_create(surface.pointer) else {
            throw CairoError(status: CAIRO_STATUS_NO_MEMORY, operation: "create context")
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            throw CairoError(status: status, operation: "create context")
        }
        self.pointer = cr
        self.surface = surface
        self.fontOptions = try FontOptions(fontSettings)
        cairo_set_font_options(cr, fontOptions.pointer)
        try selectFont(weight: .normal)
    }

    deinit { cairo_destroy(pointer) }

    @inline(__always)
    private func check(_ operation: @autoclosure () -> String) throws {
        let status = cairo_status(pointer)
        if status != CAIRO_STATUS_SUCCESS { throw CairoError(status: status, operation: operation()) }
    }

    // MARK: State

    public func save() throws {
        cairo_save(pointer)
        try check("save")
    }
    public func restore() throws {
        cairo_restore(pointer)
        try check("restore")
    }

    /// Runs `body` between `save()` and `restore()`; restores even when `body` throws.
    public func withSavedState<T>(_ body: () throws -> T) throws -> T {
        try save()
        do {
            let result = try body()
            try restore()
            return result
        } catch {
            cairo_restore(pointer)
            throw error
        }
    }

    // MARK: Transforms

    public func translate(x: Double, y: Double) throws {
        guard x.isFinite, y.isFinite else { throw invalidMatrix("translate \(x), \(y)") }
        cairo_translate(pointer, x, y)
        try check("translate")
    }

    public func scale(x: Double, y: Double) throws {
        guard x.isFinite, y.isFinite, x != 0, y != 0 else { throw invalidMatrix("scale \(x), \(y)") }
        cairo_scale(pointer, x, y)
        try check("scale")
    }

    /// Multiplies the current transformation by `t`, CoreGraphics' row-vector convention
    /// (x' = a·x + c·y + tx, y' = b·x + d·y + ty), i.e. cairo's xx = a, yx = b, xy = c, yy = d.
    /// Throws (leaving the context usable) for a singular or non-finite matrix.
    public func transform(_ t: CGAffineTransform) throws {
        var m = cairo_matrix_t(
            xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d),
            x0: Double(t.tx), y0: Double(t.ty))
        guard Context.isInvertible(t) else { throw invalidMatrix("transform \(t)") }
        cairo_transform(pointer, &m)
        try check("transform")
    }

    /// Whether `t` can be applied: finite and with a non-zero determinant.
    public static func isInvertible(_ t: CGAffineTransform) -> Bool {
        let values = [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) }
        guard values.allSatisfy(\.isFinite) else { return false }
        let det = values[0] * values[3] - values[1] * values[2]
        return det != 0 && det.isFinite
    }

    private func invalidMatrix(_ operation: String) -> CairoError {
        CairoError(status: CAIRO_STATUS_INVALID_MATRIX, operation: operation)
    }

    // MARK: Sources

    public func setSource(_ color: RGBAColor) throws {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
        try check("set source colour")
    }

    public func setSource(red: Double, green: Double, blue: Double, alpha: Double = 1) throws {
        cairo_set_source_rgba(pointer, red, green, blue, alpha)
        try check("set source colour")
    }

    /// Uses `surface` as the source with its origin at (x, y) in user space; `smooth` picks
    /// Cairo's GOOD filter (for downscaling), otherwise BILINEAR; `extendPad` repeats edge pixels
    /// outside the image (no fading at its borders when scaled up), so paint it through a clip.
    public func setSource(
        _ surface: ImageSurface, x: Double, y: Double, smooth: Bool = false, extendPad: Bool = false
    ) throws {
        cairo_set_source_surface(pointer, surface.pointer, x, y)
        try check("set source surface")
        if let pattern = cairo_get_source(pointer) {
            cairo_pattern_set_filter(pattern, smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_BILINEAR)
            if extendPad { cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD) }
            try CairoError.check(cairo_pattern_status(pattern), "set source filter")
        }
    }

    // MARK: Paths

    public func newPath() throws {
        cairo_new_path(pointer)
        try check("new path")
    }

    public func move(to x: Double, _ y: Double) throws {
        cairo_move_to(pointer, x, y)
        try check("move to")
    }

    public func line(to x: Double, _ y: Double) throws {
        cairo_line_to(pointer, x, y)
        try check("line to")
    }

    public func rectangle(x: Double, y: Double, width: Double, height: Double) throws {
        cairo_rectangle(pointer, x, y, width, height)
        try check("rectangle")
    }

    /// A circular arc, angles in radians, increasing from +x towards +y.
    public func arc(centerX: Double, centerY: Double, radius: Double, from angle1: Double, to angle2: Double) throws {
        cairo_arc(pointer, centerX, centerY, radius, angle1, angle2)
        try check("arc")
    }

    /// A rectangle with corners rounded by quarter-circle arcs; the radius is clamped to half the
    /// shorter side (as CALayer's cornerRadius looks for radius ≥ half the side).
    public func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) throws {
        let r = max(0, min(radius, width / 2, height / 2))
        guard r > 0 else { return try rectangle(x: x, y: y, width: width, height: height) }
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(pointer, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(pointer, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(pointer, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(pointer)
        try check("rounded rectangle")
    }

    // MARK: Painting

    public func fill() throws {
        cairo_fill(pointer)
        try check("fill")
    }
    public func fillPreserve() throws {
        cairo_fill_preserve(pointer)
        try check("fill")
    }
    public func stroke() throws {
        cairo_stroke(pointer)
        try check("stroke")
    }
    public func clip() throws {
        cairo_clip(pointer)
        try check("clip")
    }
    public func paint() throws {
        cairo_paint(pointer)
        try check("paint")
    }

    public func paint(alpha: Double) throws {
        cairo_paint_with_alpha(pointer, alpha)
        try check("paint with alpha")
    }

    /// Makes later drawing replace what is under it (Cairo's SOURCE operator: within the clip,
    /// the destination becomes a blend of itself and the source by the clip's coverage) instead
    /// of compositing over it. Restored with the saved state.
    public func setOperatorSource() throws {
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        try check("set operator")
    }

    public func setLineWidth(_ width: Double) throws {
        cairo_set_line_width(pointer, width)
        try check("set line width")
    }

    public func setLineCap(_ cap: LineCap) throws {
        switch cap {
        case .butt: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_SQUARE)
        }
        try check("set line cap")
    }

    public func setLineJoinRound() throws {
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
        try check("set line join")
    }

    // MARK: Groups

    /// Starts an offscreen group (bounded by the current clip).
    public func pushGroup() throws {
        cairo_push_group(pointer)
        try check("push group")
    }

    /// Ends the group and makes it the source.
    public func popGroupToSource() throws {
        cairo_pop_group_to_source(pointer)
        try check("pop group")
    }

    /// Draws `body` into a group and composites it with `alpha` (a view's alpha: the element is
    /// flattened first, then faded as a whole).
    public func withAlphaGroup(_ alpha: Double, _ body: () throws -> Void) throws {
        if alpha >= 1 { return try body() }
        try pushGroup()
        do {
            try body()
        } catch {
            cairo_pattern_destroy(cairo_pop_group(pointer))
            throw error
        }
        try popGroupToSource()
        try paint(alpha: alpha)
    }

    // MARK: Text (DejaVu Sans from its file, else Cairo's toy API)

    public static let fontFamily = "DejaVu Sans"

    public func selectFont(weight: FontWeight) throws {
        let faces = FontFile.faces
        if let face = weight == .bold ? faces.bold : faces.regular {
            cairo_set_font_face(pointer, face)
            try check("select font \(FontFile.path)")
            return
        }
        cairo_select_font_face(
            pointer, Context.fontFamily, CAIRO_FONT_SLANT_NORMAL,
            weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        try check("select font \(Context.fontFamily)")
    }

    public func setFontSize(_ size: Double) throws {
        cairo_set_font_size(pointer, size)
        try check("set font size")
    }

    public func textExtents(_ text: String) throws -> TextExtents {
        var e = cairo_text_extents_t()
        cairo_text_extents(pointer, text, &e)
        try check("text extents")
        return TextExtents(
            xBearing: e.x_bearing, yBearing: e.y_bearing, width: e.width, height: e.height,
            xAdvance: e.x_advance, yAdvance: e.y_advance)
    }

    public func fontExtents() throws -> FontExtents {
        var e = cairo_font_extents_t()
        cairo_font_extents(pointer, &e)
        try check("font extents")
        return FontExtents(ascent: e.ascent, descent: e.descent, height: e.height)
    }

    /// Draws `text` with its baseline origin at (x, y).
    public func showText(_ text: String, x: Double, y: Double) throws {
        cairo_move_to(pointer, x, y)
        cairo_show_text(pointer, text)
        try check("show text")
        cairo_new_path(pointer)
    }
}

// MARK: Plotting additions (dashes, rotation)

extension Context {
    /// Dashed strokes: `pattern` alternates on and off lengths in user space, starting `offset`
    /// into the pattern; an empty pattern turns dashing off. Refuses negative or non-finite
    /// lengths, and patterns whose lengths are all zero, before they reach Cairo (which would
    /// put the context into a sticky error state).
    public func setDash(_ pattern: [Double], offset: Double = 0) throws {
        guard offset.isFinite, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }),
            pattern.isEmpty || pattern.contains(where: { $0 > 0 })
        else {
            throw CairoError(status: CAIRO_STATUS_INVALID_DASH, operation: "set dash \(pattern)")
        }
        pattern.withUnsafeBufferPointer { p in
            cairo_set_dash(pointer, p.baseAddress, Int32(clamping: p.count), offset)
        }
        try check("set dash")
    }

    /// Rotates the user space by `angle` radians (from +x towards +y).
    /// The length in device pixels of a user-space distance (`cairo_user_to_device_distance`).
    public func deviceLength(dx: Double, dy: Double) -> Double {
        var x = dx
        var y = dy
        cairo_user_to_device_distance(pointer, &x, &y)
        return (x * x + y * y).squareRoot()
    }

    public func rotate(_ angle: Double) throws {
        guard angle.isFinite else {
            throw CairoError(status: CAIRO_STATUS_INVALID_MATRIX, operation: "rotate \(angle)")
        }
        cairo_rotate(pointer, angle)
        try check("rotate")
    }
}
