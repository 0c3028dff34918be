import Foundation

/// What a cell shows and who it is: the id follows the item through moves, so its colour and
/// its animation follow it too (UIKit's cells are identified by the data behind them).
public struct ItemData: Equatable, Sendable {
    public var id: String
    public var title: String
    /// The delegate's `sizeForItemAt` for this item; nil uses the layout's `itemSize`.
    public var size: CGSize?
    public var imagePath: String?

    public init(id: String, title: String? = nil, size: CGSize? = nil, imagePath: String? = nil) {
        self.id = id
        self.title = title ?? id
        self.size = size
        self.imagePath = imagePath
    }
}

/// Per-section overrides (the flow delegate's per-section answers) and identity.
public struct SectionData: Equatable, Sendable {
    public var id: String
    public var title: String
    public var items: [ItemData]
    public var inset: EdgeInsets?
    public var minimumLineSpacing: CGFloat?
    public var minimumInteritemSpacing: CGFloat?
    public var headerSize: CGSize?
    public var footerSize: CGSize?

    public init(
        id: String, title: String? = nil, items: [ItemData] = [], inset: EdgeInsets? = nil,
        minimumLineSpacing: CGFloat? = nil, minimumInteritemSpacing: CGFloat? = nil,
        headerSize: CGSize? = nil, footerSize: CGSize? = nil
    ) {
        self.id = id
        self.title = title ?? id
        self.items = items
        self.inset = inset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.headerSize = headerSize
        self.footerSize = footerSize
    }
}

/// UIKit's `UICollectionViewDataSource`, with FlowSim's identity questions: as in UIKit the app
/// changes its data first and then tells the collection view what changed.
public protocol CollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: CollectionView) -> Int
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The item at `indexPath` (FlowSim's counterpart of `cellForItemAt`).
    func collectionView(_ collectionView: CollectionView, itemAt indexPath: IndexPath) -> ItemData
    /// The section's identity and title (what its header shows).
    func collectionView(_ collectionView: CollectionView, sectionAt section: Int) -> SectionData
}

/// UIKit's `UICollectionViewDelegateFlowLayout`. Every method is optional: nil means "use the
/// layout's own property", exactly as an unimplemented delegate method does in UIKit.
public protocol FlowLayoutDelegate: AnyObject {
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath)
        -> CGSize?
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, insetForSectionAt section: Int)
        -> EdgeInsets?
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat?
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat?
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int
    ) -> CGSize?
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, referenceSizeForFooterInSection section: Int
    ) -> CGSize?
}

extension FlowLayoutDelegate {
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath)
        -> CGSize?
    { nil }
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout, insetForSectionAt section: Int)
        -> EdgeInsets?
    { nil }
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat? { nil }
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat? { nil }
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int
    ) -> CGSize? { nil }
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, referenceSizeForFooterInSection section: Int
    ) -> CGSize? { nil }
}

/// A ready data source over an array of sections that also answers the flow delegate from the
/// sections' overrides and items' sizes: what scene files build.
public final class SectionedDataSource: CollectionViewDataSource, FlowLayoutDelegate {
    public var sections: [SectionData]
    public init(sections: [SectionData]) { self.sections = sections }

    public func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    public func collectionView(_ collectionView: CollectionView, itemAt indexPath: IndexPath) -> ItemData {
        sections[indexPath.section].items[indexPath.item]
    }

    public func collectionView(_ collectionView: CollectionView, sectionAt section: Int) -> SectionData {
        var data = sections[section]
        data.items = []
        return data
    }

    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath)
        -> CGSize?
    {
        sections[indexPath.section].items[indexPath.item].size
    }

    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout, insetForSectionAt section: Int)
        -> EdgeInsets?
    {
        sections[section].inset
    }

    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat? {
        sections[section].minimumLineSpacing
    }

    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat? {
        sections[section].minimumInteritemSpacing
    }

    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int
    ) -> CGSize? {
        sections[section].headerSize
    }

    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, referenceSizeForFooterInSection section: Int
    ) -> CGSize? {
        sections[section].footerSize
    }
}
