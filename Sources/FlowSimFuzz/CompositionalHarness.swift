import Foundation

/// The `compositional` target: the input is the value of a scene's `"layout": {"compositional":
/// …}` (seeded with the compositional goldens' layouts), placed in a fixed scene of three
/// sections with headers, footers, badges' kinds and a scroll, so every mutation lands in the
/// compositional decoder and solver rather than in the rest of the scene.
enum CompositionalHarness {
    static let prefix = Data(
        #"{"name": "fuzz", "viewport": {"width": 320, "height": 480, "scale": 1}, "layout": {"compositional": "#.utf8)
    static let suffix = Data(
        (#"}, "sections": ["# + [7, 30, 2].map(section).joined(separator: ", ")
            + #"], "scroll": [{"at": 0, "to": {"y": 900}, "timing": {"curve": "linear", "duration": 0.5}}]}"#).utf8)

    static func section(_ count: Int) -> String {
        let items = (0..<count).map { #"{"id": "i\#($0)-\#(count)", "title": "Item \#($0)"}"# }
        return #"{"header": "Header \#(count)", "footer": "Footer", "items": [\#(items.joined(separator: ", "))]}"#
    }

    /// The scene the harness decodes for `data`.
    static func scene(from data: Data) -> Data { prefix + data + suffix }
}
