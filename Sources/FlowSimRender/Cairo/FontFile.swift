import CCairo
import Foundation

/// The font files text is drawn with: DejaVu Sans and DejaVu Sans Bold from Debian's
/// fonts-dejavu-core (installed by Scripts/setup-system), loaded with FreeType directly so
/// fontconfig's choice and its per-machine rendering settings never apply. `FLOWSIM_FONT_DIR`
/// names another folder holding `DejaVuSans.ttf` and `DejaVuSans-Bold.ttf`. When the files are
/// missing, Cairo's toy font "DejaVu Sans" (fontconfig) is used and `path` says so.
public enum FontFile {
    public static let directory: String = {
        if let dir = ProcessInfo.processInfo.environment["FLOWSIM_FONT_DIR"], !dir.isEmpty { return dir }
        return "/usr/share/fonts/truetype/dejavu"
    }()
    public static let regularName = "DejaVuSans.ttf"
    public static let boldName = "DejaVuSans-Bold.ttf"

    /// The regular face's file, or "fontconfig DejaVu Sans" when it could not be loaded.
    public static var path: String {
        faces.regular != nil ? (directory as NSString).appendingPathComponent(regularName) : "fontconfig DejaVu Sans"
    }

    /// Whether text comes from the named files.
    public static var isLoaded: Bool { faces.regular != nil }

    /// Cairo font faces over FreeType faces, created once and kept for the process (Cairo locks
    /// a FreeType face while it uses it, so one face serves every thread).
    struct Faces: @unchecked Sendable {
        var regular: OpaquePointer?
        var bold: OpaquePointer?
    }

    static let faces: Faces = {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return Faces() }
        func load(_ name: String) -> OpaquePointer? {
            let file = (directory as NSString).appendingPathComponent(name)
            guard FileManager.default.isReadableFile(atPath: file) else { return nil }
            var face: FT_Face?
            guard FT_New_Face(library, file, 0, &face) == 0, let face else { return nil }
            guard let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0),
                cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS
            else { return nil }
            return cairoFace
        }
        let regular = load(regularName)
        return Faces(regular: regular, bold: regular == nil ? nil : load(boldName) ?? regular)
    }()
}

/// Text rendering settings. `fixed` (FlowSim's): grey antialiasing, no hinting, no metric
/// hinting (advances are not rounded to pixels), so a golden recorded on one machine matches on
/// another whose FreeType or fontconfig defaults differ. Others exist to test that claim.
public struct FontSettings: Equatable, Sendable {
    public enum Antialias: Sendable { case gray, none, subpixel }
    public enum Hinting: Sendable { case none, slight, medium, full }
    public var antialias: Antialias = .gray
    public var hinting: Hinting = .none
    public var hintMetrics = false

    public init(antialias: Antialias = .gray, hinting: Hinting = .none, hintMetrics: Bool = false) {
        self.antialias = antialias
        self.hinting = hinting
        self.hintMetrics = hintMetrics
    }

    public static let fixed = FontSettings()
}
