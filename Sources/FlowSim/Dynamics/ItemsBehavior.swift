import Foundation

/// A behaviour over a list of items that can be added and removed (UIKit's gravity, collision
/// and item behaviours): the list, `addItem(_:)` and `removeItem(_:)` in one place. An item is
/// held once; adding or removing one tells the animator its structure changed.
open class ItemsBehavior: DynamicBehavior {
    public private(set) var items: [DynamicItem]

    public init(items: [DynamicItem]) {
        self.items = items
        super.init()
    }

    open func addItem(_ item: DynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        changed(structure: true)
    }

    open func removeItem(_ item: DynamicItem) {
        items.removeAll { $0 === item }
        changed(structure: true)
    }

    override var ownItems: [DynamicItem] { items }
}
