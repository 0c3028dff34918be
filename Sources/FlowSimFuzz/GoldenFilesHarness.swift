import FlowSimGoldens
import FlowSimScene
import FlowSimSupport
import Foundation

extension Harness {
    // MARK: (5) golden files

    /// The files a golden folder holds besides images: the input as a `manifest.json`
    /// (`GoldenManifest.parse`, then compared with itself and written back) and as a layout
    /// golden or `diff` document (`LayoutDiff.compare` with itself). Hand-edited and damaged
    /// goldens reach these readers; a manifest's `frameCount` of 1e300 trapped converting to Int.
    static func goldenFiles(_ data: Data) {
        do {
            let manifest = try GoldenManifest.parse(data)
            let differences = GoldenManifest.differences(recorded: manifest, current: manifest)
            precondition(differences.failures.isEmpty, "a manifest differs from itself: \(differences.failures)")
            _ = try GoldenManifest.parse(Data(manifest.json().utf8))
        } catch let error as GoldenManifest.ParseError {
            precondition(!error.description.isEmpty, "ParseError without a message")
        } catch {
            unexpected(error, in: "GoldenManifest.parse")
        }
        guard let document = try? JSONParser.parse(data), document.firstDuplicateKey() == nil else { return }
        do {
            _ = try LayoutDiff.compare(document, document, tolerance: 0.5)
        } catch let failure as LayoutDiff.Failure {
            precondition(!failure.message.isEmpty, "LayoutDiff.Failure without a message")
        } catch {
            unexpected(error, in: "LayoutDiff.compare")
        }
    }
}
