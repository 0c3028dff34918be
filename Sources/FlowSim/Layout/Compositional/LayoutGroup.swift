import Foundation

/// UIKit's `NSCollectionLayoutGroup`: items (or groups) laid out along an axis, a subclass of
/// `LayoutItem` as in UIKit.
public final class LayoutGroup: LayoutItem, @unchecked Sendable {
    /// How the group chooses its items.
    enum Fill {
        /// `subitems:`: repeat the list while the next one fits (−0.25 pt tolerance).
        case fit
        /// `subitem:count:` (deprecated in iOS 16, common in real code): `count` items, each a
        /// `1/count` fraction of the group along its axis.
        case count(Int)
        /// `repeatingSubitem:count:` (iOS 16): exactly `count` items, no fit check.
        case repeating(Int)
        /// `.custom(layoutSize:itemProvider:)`: the provider's frames.
        case custom(CustomItemProvider)
    }

    public typealias CustomItemProvider = (LayoutEnvironment) -> [LayoutGroupCustomItem]

    public let subitems: [LayoutItem]
    /// UIKit's group `supplementaryItems` (`{ get set }`, copied): views anchored to each instance
    /// of the group, at the index path of the instance's first item (weak: our reading).
    public override var supplementaryItems: [SupplementaryItem] {
        get { storedSupplementaryItems }
        set { storedSupplementaryItems = newValue.map { $0.copied() } }
    }
    /// The spacing between items along the group's axis (nil: 0).
    public var interItemSpacing: LayoutSpacing?
    let axis: LayoutAxis
    let fill: Fill

    init(
        layoutSize: LayoutSize, subitems: [LayoutItem], axis: LayoutAxis, fill: Fill,
        supplementaryItems: [SupplementaryItem] = []
    ) {
        self.subitems = subitems.map { $0.copied() }
        self.axis = axis
        self.fill = fill
        super.init(layoutSize: layoutSize, supplementaryItems: supplementaryItems)
    }

    public static func horizontal(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, subitems: subitems, axis: .horizontal, fill: .fit)
    }

    public static func vertical(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, subitems: subitems, axis: .vertical, fill: .fit)
    }

    /// Not marked deprecated (UIKit deprecates it in iOS 16) so that code using it still builds
    /// with warnings as errors.
    public static func horizontal(layoutSize: LayoutSize, subitem: LayoutItem, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, subitems: [subitem], axis: .horizontal, fill: .count(count))
    }

    public static func vertical(layoutSize: LayoutSize, subitem: LayoutItem, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, subitems: [subitem], axis: .vertical, fill: .count(count))
    }

    public static func horizontal(layoutSize: LayoutSize, repeatingSubitem subitem: LayoutItem, count: Int)
        -> LayoutGroup
    {
        LayoutGroup(layoutSize: layoutSize, subitems: [subitem], axis: .horizontal, fill: .repeating(count))
    }

    public static func vertical(layoutSize: LayoutSize, repeatingSubitem subitem: LayoutItem, count: Int)
        -> LayoutGroup
    {
        LayoutGroup(layoutSize: layoutSize, subitems: [subitem], axis: .vertical, fill: .repeating(count))
    }

    /// A group whose items' frames come from `itemProvider` (UIKit treats it as vertical).
    public static func custom(layoutSize: LayoutSize, itemProvider: @escaping CustomItemProvider) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, subitems: [], axis: .vertical, fill: .custom(itemProvider))
    }

    /// UIKit's debugging `visualDescription()`: UIKit draws the group in text; FlowSim describes
    /// it in one line per group (its axis, size and subitems), nested groups indented.
    public func visualDescription() -> String {
        func describe(_ group: LayoutGroup, depth: Int) -> [String] {
            let kind: String
            switch group.fill {
            case .custom: kind = "custom"
            default: kind = group.axis == .horizontal ? "horizontal" : "vertical"
            }
            let head =
                String(repeating: "  ", count: depth)
                + "NSCollectionLayoutGroup \(kind) \(group.layoutSize) with \(group.subitems.count) subitem(s)"
            return [head] + group.subitems.compactMap { $0 as? LayoutGroup }.flatMap { describe($0, depth: depth + 1) }
        }
        return describe(self, depth: 0).joined(separator: "\n")
    }

    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy = LayoutGroup(
            layoutSize: layoutSize, subitems: subitems, axis: axis, fill: fill, supplementaryItems: supplementaryItems)
        copy.copyValues(from: self)
        copy.interItemSpacing = interItemSpacing
        return copy
    }
}

/// UIKit's `NSCollectionLayoutGroupCustomItem`: one frame of a custom group, in the group's space.
public final class LayoutGroupCustomItem: NSObject, NSCopying, @unchecked Sendable {
    public let frame: CGRect
    public let zIndex: Int

    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
    }

    public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }

    public func copy(with zone: NSZone? = nil) -> Any { self }
}
