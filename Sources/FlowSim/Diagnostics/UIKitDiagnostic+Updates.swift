import Foundation

extension UIKitDiagnostic {
    /// The exception UIKit raises for an update it cannot make. A batch whose counts disagree with
    /// the data source gets iOS 16.4+'s block (`_Bug_Detected_In_Client_Of_UICollectionView_Invalid_Batch_Updates:`,
    /// quoted in Apple's developer forums, thread 728797) followed by the older per-section sentence
    /// as a note; other invalid batches and snapshots keep their own UIKit sentence.
    static func updateFailure(_ error: UpdateError, batch: BatchUpdate?, before: [Int], after: [Int])
        -> UIKitDiagnostic
    {
        switch error {
        case .itemCount, .sectionCount:
            let message = [
                "Invalid batch updates detected: the number of sections and/or items returned by the data source "
                    + "before and/or after performing the batch updates are inconsistent with the updates.",
                "Data source before updates = \(countsDescription(before))",
                "Data source after updates = \(countsDescription(after))",
                "Updates = [\(batch.map(updatesDescription) ?? "")]",
                "(iOS 16.3 and earlier: \(error.description))",
            ].joined(separator: "\n")
            return UIKitDiagnostic(check: .invalidBatchUpdates, severity: .exception, message: message)
        case .snapshot(let snapshotError):
            return UIKitDiagnostic(
                check: .invalidSnapshot, severity: .exception, message: snapshotError.description)
        default:
            return UIKitDiagnostic(check: .invalidBatchUpdates, severity: .exception, message: error.description)
        }
    }

    /// ` Delete item (0 - 4), Insert item (0 - 2) ` as the iOS 16.4+ block lists updates (the
    /// item forms are quoted in the forum report; the section and move forms follow them).
    static func updatesDescription(_ batch: BatchUpdate) -> String {
        func path(_ p: IndexPath) -> String {
            p.count == 2 ? "(\(p.section) - \(p.item))" : "(\(p.map(String.init).joined(separator: " - ")))"
        }
        var parts: [String] = []
        parts += batch.deletedSections.map { "Delete section (\($0))" }
        parts += batch.insertedSections.map { "Insert section (\($0))" }
        parts += batch.movedSections.map { "Move section (\($0.from)) to (\($0.to))" }
        parts += batch.deletedItems.map { "Delete item \(path($0))" }
        parts += batch.insertedItems.map { "Insert item \(path($0))" }
        parts += batch.reloadedItems.map { "Reload item \(path($0))" }
        parts += batch.movedItems.map { "Move item \(path($0.from)) to \(path($0.to))" }
        return parts.isEmpty ? "" : " " + parts.joined(separator: ", ") + " "
    }

    /// iOS 26.1's diffable data source re-entrance check
    /// (`BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__APPLYING_SNAPSHOTS_REENTRANTLY_OR_ON_MAIN_AND_BACKGROUND_THREADS`).
    static func reentrantApply(collectionView: CollectionView?) -> UIKitDiagnostic {
        UIKitDiagnostic(
            check: .reentrantApply, severity: .exception,
            message: "Deadlock detected: attempted to apply a snapshot to diffable data source while it was already "
                + "applying a snapshot. Make sure you are consistently applying snapshots either always on the main "
                + "queue or always off the main queue, and make sure you are not applying a snapshot as a side effect "
                + "of updates from (i.e. underneath) another snapshot apply call. View updated by this diffable data "
                + "source: \(UIKitDescription.collectionView(collectionView))")
    }
}
