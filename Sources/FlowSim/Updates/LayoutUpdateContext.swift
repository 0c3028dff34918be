import Foundation

/// Identifies an element of a layout in one index space, as UIKit does: its category and kind
/// (`ElementKind`) and its full index path (two indexes for cells; any number for supplementary
/// and decoration views).
public struct ElementKey: Hashable, Sendable, Comparable {
    public var kind: ElementKind
    public var indexPath: IndexPath

    public init(kind: ElementKind, indexPath: IndexPath) {
        self.kind = kind
        self.indexPath = indexPath
    }

    /// A two-index key (`[section, item]`; item 0 for flow headers and footers).
    public init(kind: ElementKind, section: Int, item: Int) {
        self.init(kind: kind, indexPath: [section, item])
    }

    public init(_ attributes: LayoutAttributes) {
        self.init(kind: attributes.elementKind, indexPath: attributes.indexPath)
    }

    /// The index path's first index; 0 for an empty index path.
    public var section: Int { indexPath.first ?? 0 }
    /// The index path's second index (the item for cells); 0 when there is none.
    public var item: Int { indexPath.count > 1 ? indexPath[1] : 0 }

    /// A supplementary or decoration view's identity given its section's id: `<prefix>-<section
    /// id>` (prefix `header`, `footer` or the kind string), with the indexes after the section
    /// appended (`-I…`), except a header's or footer's lone 0 (the flow layout's `[section, 0]`,
    /// so their ids read as they always did).
    public func identity(sectionID: String) -> String {
        let rest = Array(indexPath.dropFirst())
        let standard = kind.customKind == nil
        let suffix =
            rest.isEmpty || (standard && rest == [0]) ? "" : "-" + rest.map(String.init).joined(separator: "-")
        return "\(kind.identityPrefix)-\(sectionID)\(suffix)"
    }

    /// Section (an empty index path, a layout-wide element, before every section), then kind
    /// (`ElementKind`'s order), then the rest of the index path.
    public static func < (lhs: ElementKey, rhs: ElementKey) -> Bool {
        let (a, b) = (lhs.indexPath.first ?? Int.min, rhs.indexPath.first ?? Int.min)
        if a != b { return a < b }
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        return lhs.indexPath.dropFirst().lexicographicallyPrecedes(rhs.indexPath.dropFirst())
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
        let key = ElementKey(kind: kind, indexPath: newPath)
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
        let key = ElementKey(kind: kind, indexPath: oldPath)
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
