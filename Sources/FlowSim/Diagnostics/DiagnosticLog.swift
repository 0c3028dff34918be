import Foundation

/// Where a collection view's runtime findings go: in order, each kept once where UIKit logs it
/// once, bounded so a hostile scene (10⁶ invalid index paths) cannot grow it without limit.
///
/// Owned by a `CollectionView` (`collectionView.diagnostics`); its layout reports through it.
/// Commands print the findings after a run, `--strict` fails on them, tests read `findings`.
public final class DiagnosticLog {
    /// The findings kept, in the order they were reported.
    public private(set) var findings: [UIKitDiagnostic] = []
    /// Findings past `capacity`, counted but not kept.
    public private(set) var droppedCount = 0
    /// At most this many findings are kept.
    public let capacity: Int
    /// Keys of the findings UIKit reports once per process ("Logging only once for …").
    private var reportedOnce: Set<String> = []
    /// Called for every finding kept, as it is reported (a command may stream them).
    public var onReport: ((UIKitDiagnostic) -> Void)?

    public init(capacity: Int = 1000) { self.capacity = max(0, capacity) }

    /// Keeps `finding`. `onceKey`: a finding with a key already reported is dropped, as UIKit
    /// drops a message it logs only once.
    public func report(_ finding: UIKitDiagnostic, onceKey: String? = nil) {
        if let onceKey {
            guard reportedOnce.insert(onceKey).inserted else { return }
        }
        guard findings.count < capacity else {
            droppedCount += 1
            return
        }
        findings.append(finding)
        onReport?(finding)
    }

    /// The console lines UIKit would print (the `.log` findings).
    public var logs: [UIKitDiagnostic] { findings.filter { $0.severity == .log } }
    /// The first exception UIKit would raise: the run stops there.
    public var firstException: UIKitDiagnostic? { findings.first { $0.severity == .exception } }
    public var isEmpty: Bool { findings.isEmpty && droppedCount == 0 }

    /// Forgets every finding (not the once-per-process keys, as a process would not).
    public func removeAll() {
        findings.removeAll()
        droppedCount = 0
    }
}
