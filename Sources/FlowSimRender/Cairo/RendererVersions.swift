import CCairo
import FlowSimImage
import Foundation

/// The libraries that draw and encode frames, and the font file text is drawn with: a golden
/// manifest records them, so a changed renderer explains changed pixels.
public enum RendererVersions {
    public static func current() -> [String: String] {
        [
            "cairo": String(cString: cairo_version_string()),
            "libpng": PNGEncoder.libraryVersion,
            "font": (FontFile.path as NSString).lastPathComponent,
        ]
    }
}
