import Foundation
import XCTest

@testable import FlowSimRender

/// The report's screenshot test sees the same glyphs on every machine: the page's font families
/// (`system-ui`, `ui-monospace` …) would be fontconfig's choice, which changes as packages bring
/// fonts. The test pins every text of the page to the font files FlowSim's renderer names
/// (DejaVu Sans and DejaVu Sans Mono from `FontFile.directory`), embedded as data URLs.
enum ReportFontPinning {
    /// The files pinned, by CSS family and weight: regular and bold sans, regular and bold mono.
    static let faces: [(family: String, weight: String, file: String)] = [
        ("FlowSimPinnedSans", "normal", FontFile.regularName),
        ("FlowSimPinnedSans", "bold", FontFile.boldName),
        ("FlowSimPinnedMono", "normal", "DejaVuSansMono.ttf"),
        ("FlowSimPinnedMono", "bold", "DejaVuSansMono-Bold.ttf"),
    ]

    /// Rewrites the report at `index` so that all its text uses the pinned faces. Throws (the
    /// test fails, naming the file) when a font file is missing rather than falling back.
    static func pin(_ index: URL) throws {
        var rules: [String] = []
        for face in faces {
            let path = (FontFile.directory as NSString).appendingPathComponent(face.file)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw XCTSkip("font file \(path) is missing (Debian: fonts-dejavu-core)")
            }
            rules.append(
                "@font-face { font-family: \(face.family); font-weight: \(face.weight); "
                    + "src: url(data:font/ttf;base64,\(data.base64EncodedString())) format('truetype'); }")
        }
        rules.append("html, body, body * { font-family: FlowSimPinnedSans !important; }")
        rules.append(
            ".scene-name, .frame-label, .case h3, .message, code, pre, kbd, samp, "
                + "[class*=mono] { font-family: FlowSimPinnedMono !important; }")
        var html = try String(contentsOf: index, encoding: .utf8)
        guard let head = html.range(of: "</head>") else { throw CocoaError(.fileReadCorruptFile) }
        html.replaceSubrange(head, with: "<style>\n" + rules.joined(separator: "\n") + "\n</style>\n</head>")
        try Data(html.utf8).write(to: index)
    }
}
