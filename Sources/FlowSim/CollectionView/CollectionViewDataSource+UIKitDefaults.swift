import Foundation

// A data source written for UIKit implements `numberOfItemsInSection` and `cellForItemAt` and
// nothing of FlowSim's identity questions (JTAppleCalendar's calendar view is its own
// `UICollectionViewDataSource`, in the same folder as its layout). These defaults let such a file
// conform unedited; FlowSim's own data sources answer every question themselves.

extension CollectionViewDataSource {
    /// UIKit's answer when `numberOfSections(in:)` is not implemented: one section (Apple's
    /// documentation of the method: "If you don’t implement this method, the collection view uses
    /// a default value of 1.").
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    /// A data source that answers cells, not identities: the item is known by its index path
    /// (`"section-item"`), as UIKit knows it, and drawn with that title.
    public func collectionView(_ collectionView: CollectionView, itemAt indexPath: IndexPath) -> ItemData {
        ItemData(id: "\(indexPath.section)-\(indexPath.item)")
    }

    /// A data source that answers cells: the section is known by its index.
    public func collectionView(_ collectionView: CollectionView, sectionAt section: Int) -> SectionData {
        SectionData(id: "\(section)")
    }
}
