import FlowSim
import Foundation

/// A collection view can show the parks directly: cells are parks (title = name), headers
/// show the state (and the collection view adds the count, as the parks header does).
/// Sizes come from the layout (every flow-delegate answer is the layout's default).
extension ParksDataSource: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    public func numberOfSections(in collectionView: CollectionView) -> Int { numberOfSections }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        numberOfParks(inSection: section)
    }

    public func collectionView(_ collectionView: CollectionView, itemAt indexPath: IndexPath) -> ItemData {
        guard let park = park(at: indexPath) else {
            return ItemData(id: "missing-\(indexPath.section)-\(indexPath.item)", title: "")
        }
        return ItemData(park)
    }

    public func collectionView(_ collectionView: CollectionView, sectionAt section: Int) -> SectionData {
        let state = sections.indices.contains(section) ? sections[section].state : "section-\(section)"
        return SectionData(id: state, title: state)
    }

    /// The sections a `SectionedDataSource` (a scene) would hold for the same parks.
    public var sectionData: [SectionData] {
        sections.map { SectionData(id: $0.state, title: $0.state, items: $0.parks.map(ItemData.init)) }
    }
}

extension ItemData {
    /// A park as a cell: its id and name.
    public init(_ park: Park) {
        self.init(id: park.id, title: park.name)
    }
}
