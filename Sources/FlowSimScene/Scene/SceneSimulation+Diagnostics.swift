import FlowSim
import Foundation

extension SceneSimulation {
    /// What UIKit would have logged or raised while the scene ran so far (docs/diagnostics.md).
    public var diagnostics: DiagnosticLog { collectionView.diagnostics }

    /// Ends the run at the first finding UIKit raises as an exception, with UIKit's exception
    /// name and text: the app would stop there, and no output should pretend otherwise.
    func stopAtUIKitException(path: String) throws {
        guard let exception = collectionView.diagnostics.firstException else { return }
        throw SceneError(path: path, message: Self.oneLine(exception.description))
    }

    /// UIKit's several-line messages on one line (a scene error is one line).
    public static func oneLine(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
