import Foundation

/// Identifies an element of a layout in one index space.
public struct ElementKey: Hashable, Sendable, Comparable {
    public var kind: ElementKind
    public var section: Int
    /// The item for cells, 0 for headers and footers.
    public var item: Int

    public init(kind: ElementKind, section: Int, item: Int) {
        self.kind = kind
        self.section = section
        self.item = item
    }

    public init(_ attributes: LayoutAttributes) {
        self.init(
            kind: attributes.elementKind, section: attributes.indexPath.section,
            item: attributes.elementKind == .cell ? attributes.indexPath.item : 0)
    }

    public var indexPath: IndexPath { IndexPath(item: item, section: section) }

    public static func < (lhs: ElementKey, rhs: ElementKey) -> Bool {
        (lhs.section, lhs.kind, lhs.item) < (rhs.section, rhs.kind, rhs.item)
    }
}

/// What the base layout records for one batch update, so that its default
/// `initialLayoutAttributesForAppearingItem(at:)` / `finalLayoutAttributesForDisappearingItem(at:)`
/// can answer (docs/uikit-rules.md §2): a survivor's current attributes under its new path (I = S) and its
/// new attributes under its old path (F = E); an inserted element's E with alpha 0; a deleted
/// element's S with alpha 0. Paths it did not record answer nil.
final class LayoutUpdateContext {
    let mapping: UpdateMapping
    /// S: attributes before the update, by old key.
    var before: [ElementKey: LayoutAttributes]
    /// E: attributes after the update, by new key.
    var after: [ElementKey: LayoutAttributes] = [:]

    init(mapping: UpdateMapping, before: [ElementKey: LayoutAttributes]) {
        self.mapping = mapping
        self.before = before
    }

    func oldKey(forNew key: ElementKey) -> ElementKey? { mapping.oldKey(forNew: key) }

    func newKey(forOld key: ElementKey) -> ElementKey? { mapping.newKey(forOld: key) }

    func baseInitial(kind: ElementKind, newPath: IndexPath) -> LayoutAttributes? {
        let key = ElementKey(kind: kind, section: newPath.section, item: kind == .cell ? newPath.item : 0)
        if let old = oldKey(forNew: key) {
            guard let current = before[old] else { return nil }
            let copy = current.copied()
            copy.indexPath = newPath
            return copy
        }
        guard let final = after[key] else { return nil }
        let copy = final.copied()
        copy.alpha = 0
        return copy
    }

    func baseFinal(kind: ElementKind, oldPath: IndexPath) -> LayoutAttributes? {
        let key = ElementKey(kind: kind, section: oldPath.section, item: kind == .cell ? oldPath.item : 0)
        if let new = newKey(forOld: key) {
            guard let final = after[new] else { return nil }
            let copy = final.copied()
            copy.indexPath = oldPath
            return copy
        }
        guard let current = before[key] else { return nil }
        let copy = current.copied()
        copy.alpha = 0
        return copy
    }
}
