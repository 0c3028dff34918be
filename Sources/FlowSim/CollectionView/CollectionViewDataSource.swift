import Foundation

/// What a cell shows and who it is: the id follows the item through moves, so its colour and
/// its animation follow it too (UIKit's cells are identified by the data behind them).
public struct ItemData: Equatable, Sendable {
    public var id: String
    public var title: String
    /// The delegate's `sizeForItemAt` for this item; nil uses the layout's `itemSize`.
    public var size: CGSize?
    public var imagePath: String?
    /// The size the item's cell content fits in, for self-sizing layouts (`estimatedItemSize`);
    /// nil lets the scene module derive it from the content.
    public var fittingSize: CGSize?

    public init(
        id: String, title: String? = nil, size: CGSize? = nil, imagePath: String? = nil, fittingSize: CGSize? = nil
    ) {
        self.id = id
        self.title = title ?? id
        self.size = size
        self.imagePath = imagePath
        self.fittingSize = fittingSize
    }
}

/// Per-section overrides (the flow delegate's per-section answers) and identity.
public struct SectionData: Equatable, Sendable {
    public var id: String
    public var title: String
    /// The items, kept as a count for a uniform run of items with nothing of their own
    /// (`SectionItems`); read it rather than `items` where a section may hold a million.
    public var itemList: SectionItems
    /// The items as an array (made on demand for a uniform run).
    public var items: [ItemData] {
        get { itemList.array }
        set { itemList = SectionItems(newValue) }
        // In place (`items.append(…)` stays O(1)): the list's array is handed out uniquely held.
        _modify {
            var items = itemList.array
            itemList = SectionItems()
            defer { itemList = SectionItems(items) }
            yield &items
        }
    }
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
        self.itemList = SectionItems(items)
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
    /// UIKit's `collectionView(_:canMoveItemAt:)`: whether interactive movement may lift the
    /// item (default true, UIKit's answer when unimplemented; `CollectionViewReordering.swift`).
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// UIKit's `collectionView(_:moveItemAt:to:)`: called when an interactive movement ends at a
    /// new place; the data source moves its data (the default moves nothing).
    func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

/// A ready data source over an array of sections that also answers the flow delegate from the
/// sections' overrides and items' sizes: what scene files build.
/// As `collectionView.delegate` it is the scene's `UICollectionViewDelegateFlowLayout`, so a
/// layout that asks the delegate gets the scene's sizes.
public final class SectionedDataSource: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    public var sections: [SectionData]
    public init(sections: [SectionData]) { self.sections = sections }

    public func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].itemList.count : 0
    }

    public func collectionView(_ collectionView: CollectionView, itemAt indexPath: IndexPath) -> ItemData {
        sections[indexPath.section].itemList[indexPath.item]
    }

    /// The id prefix of a section whose items are a uniform run (ids made on demand).
    func uniformItemIDPrefix(inSection section: Int) -> String? {
        sections.indices.contains(section) ? sections[section].itemList.uniformIDPrefix : nil
    }

    /// The size `sizeForItemAt` answers for every item of a section that is a uniform run or
    /// compact items none of which has a size of its own (no array of a million equal sizes).
    func uniformItemSize(inSection section: Int, layout: CollectionViewLayout) -> CGSize? {
        guard sections.indices.contains(section) else { return nil }
        let items = sections[section].itemList
        guard items.uniformIDPrefix != nil || items.compactItems?.hasSizes == false else { return nil }
        return defaults(layout).itemSize
    }

    public func collectionView(_ collectionView: CollectionView, sectionAt section: Int) -> SectionData {
        var data = sections[section]
        data.itemList = []
        return data
    }

    /// The values a scene gives its layout, answered for sections and items that do not set
    /// their own when the layout is not a flow layout (a flow layout's own properties are used
    /// otherwise, as UIKit's unimplemented delegate methods do).
    public var layoutDefaults = FlowSectionMetrics()

    private func defaults(_ layout: CollectionViewLayout) -> FlowSectionMetrics {
        layout is FlowLayout ? layout.flowMetricsForDelegateDefaults : layoutDefaults
    }

    /// `sizeForItemAt` of every item of a listed section of `count` items, read from the list
    /// once (nil for a uniform run or another count: asked item by item).
    func itemSizes(inSection section: Int, count: Int, layout: CollectionViewLayout) -> [CGSize]? {
        guard sections.indices.contains(section), sections[section].itemList.count == count else { return nil }
        let itemSize = defaults(layout).itemSize
        switch sections[section].itemList.storage {
        case .list(let items): return items.map { $0.size ?? itemSize }
        case .compact(let items):
            // The kept sizes, no item's strings made (none kept: every item has the layout's).
            guard items.hasSizes else { return Array(repeating: itemSize, count: items.count) }
            return items.sizes.map { $0.width < 0 ? itemSize : $0 }
        case .uniform: return nil
        }
    }

    /// The ids of a listed section's items, when it holds `count` of them (nil otherwise): the
    /// section's item array itself, shared (copied on write), not a second copy of every id.
    func itemIDs(inSection section: Int, count: Int) -> ItemIDList? {
        guard sections.indices.contains(section), sections[section].itemList.count == count else { return nil }
        switch sections[section].itemList.storage {
        case .list(let items): return ItemIDList(storage: .items(items))
        case .compact(let items): return ItemIDList(storage: .compact(items))
        case .uniform: return nil
        }
    }

    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        // During an interactive movement the layout asks by presentation index path.
        let indexPath = collectionView.dataSourceIndexPath(forPresentationIndexPath: indexPath) ?? indexPath
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].itemList.indices.contains(indexPath.item),
            sections[indexPath.section].itemList.uniformIDPrefix == nil
        else { return defaults(collectionViewLayout).itemSize }
        return sections[indexPath.section].itemList.itemSize(at: indexPath.item)
            ?? defaults(collectionViewLayout).itemSize
    }

    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets {
        (sections.indices.contains(section) ? sections[section].inset : nil) ?? defaults(collectionViewLayout).inset
    }

    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat {
        (sections.indices.contains(section) ? sections[section].minimumLineSpacing : nil)
            ?? defaults(collectionViewLayout).minimumLineSpacing
    }

    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat {
        (sections.indices.contains(section) ? sections[section].minimumInteritemSpacing : nil)
            ?? defaults(collectionViewLayout).minimumInteritemSpacing
    }

    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
        (sections.indices.contains(section) ? sections[section].headerSize : nil)
            ?? defaults(collectionViewLayout).headerReferenceSize
    }

    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize {
        (sections.indices.contains(section) ? sections[section].footerSize : nil)
            ?? defaults(collectionViewLayout).footerReferenceSize
    }
}
