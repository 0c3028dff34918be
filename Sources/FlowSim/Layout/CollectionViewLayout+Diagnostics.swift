import Foundation

extension CollectionViewLayout {
    /// Reports `finding` to the collection view's diagnostics, or keeps it until the layout has
    /// one (UIKit logs at once; FlowSim's log belongs to the collection view).
    func report(_ finding: UIKitDiagnostic, onceKey: String? = nil) {
        if let log = collectionView?.diagnostics {
            log.report(finding, onceKey: onceKey)
        } else if pendingDiagnostics.count < 100 {
            pendingDiagnostics.append(finding)
        }
    }
}
