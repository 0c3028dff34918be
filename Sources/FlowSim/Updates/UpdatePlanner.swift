import Foundation

/// One side of a batch update as the planner sees it: the attributes a layout answered over a
/// region around the visible bounds, the visible bounds, and the identities of the items and
/// sections (for the plans' ids). A value: building one copies what it needs.
public struct LayoutSnapshot: Sendable {
    /// The visible bounds in content coordinates (the collection view's bounds).
    public var visible: CGRect
    /// The attributes recorded, by element.
    public var attributes: [ElementKey: AttributesValue]
    /// Item ids per section and section ids, as the data source gave them on this side.
    public var itemIDs: [[String]]
    public var sectionIDs: [String]

    public init(
        visible: CGRect, attributes: [ElementKey: AttributesValue], itemIDs: [[String]], sectionIDs: [String]
    ) {
        self.visible = visible
        self.attributes = attributes
        self.itemIDs = itemIDs
        self.sectionIDs = sectionIDs
    }

    /// A snapshot of `attributes` (a layout's answer) keyed by element.
    public init(visible: CGRect, layoutAttributes: [LayoutAttributes], itemIDs: [[String]], sectionIDs: [String]) {
        var byKey: [ElementKey: AttributesValue] = [:]
        byKey.reserveCapacity(layoutAttributes.count)
        for attributes in layoutAttributes { byKey[ElementKey(attributes)] = AttributesValue(attributes) }
        self.init(visible: visible, attributes: byKey, itemIDs: itemIDs, sectionIDs: sectionIDs)
    }

    /// An element's identity: its item's id for cells (`item-S-I` when unknown); for other
    /// elements `ElementKey.identity(sectionID:)`.
    public func identity(of key: ElementKey) -> String {
        Self.identity(of: key, itemIDs: itemIDs, sectionIDs: sectionIDs)
    }

    static func identity(of key: ElementKey, itemIDs: [[String]], sectionIDs: [String]) -> String {
        if key.kind == .cell {
            guard itemIDs.indices.contains(key.section), itemIDs[key.section].indices.contains(key.item) else {
                return "item-\(key.section)-\(key.item)"
            }
            return itemIDs[key.section][key.item]
        }
        guard let first = key.indexPath.first else { return key.kind.identityPrefix }
        return key.identity(sectionID: sectionIDs.indices.contains(first) ? sectionIDs[first] : "\(first)")
    }
}

/// Plans a batch update's animation from the layout before and after it (docs/uikit-rules.md §2), apart
/// from any collection view, as IGListKit computes its batch-update data apart from the view:
/// which elements animate, from where to where, which appear and which disappear.
///
/// The rules: an element animates when the union of the frames it moves between meets the
/// visible bounds (decompiled UIKit's update pass tests the bounding rect of both frames): a
/// survivor's start (S) and end (E), an inserted element's initial (I) and end frames, a deleted
/// element's start and final (F) frames. So an item inserted below the fold that flies in from
/// on screen is shown, and one crossing the viewport is animated. Elements are considered when
/// the snapshots recorded them (the collection view records one viewport around the bounds). A survivor resolves S, E and the layout's initial (I) and final (F) answers with
/// `UpdateResolution.survivor`; an inserted element goes I → E (nil I: E faded); a deleted one
/// S → F (nil F: S faded). Plans come survivors and inserts first, by new key, then deletes, by
/// old key.
public enum UpdatePlanner {
    /// What the planner asks the layout, in this order: `attributesAfterUpdate` and
    /// `attributesBeforeUpdate` for each animated element's E and S missing from the snapshots
    /// (elements sliding in from, or out to, beyond the recorded region), by new key; then
    /// `initialAttributes` (and for survivors `finalAttributes`) per element in plan order; then
    /// `finalAttributes` per deleted element. Every hook answers nil by default.
    public struct Hooks {
        /// E of an element the new snapshot did not record, by new key.
        public var attributesAfterUpdate: (ElementKey) -> AttributesValue?
        /// S of a survivor the old snapshot did not record, by old key.
        public var attributesBeforeUpdate: (ElementKey) -> AttributesValue?
        /// I: the layout's initial attributes of an appearing element, by new key.
        public var initialAttributes: (ElementKey) -> AttributesValue?
        /// F: the layout's final attributes of a disappearing element, by old key.
        public var finalAttributes: (ElementKey) -> AttributesValue?

        public init(
            attributesAfterUpdate: @escaping (ElementKey) -> AttributesValue? = { _ in nil },
            attributesBeforeUpdate: @escaping (ElementKey) -> AttributesValue? = { _ in nil },
            initialAttributes: @escaping (ElementKey) -> AttributesValue? = { _ in nil },
            finalAttributes: @escaping (ElementKey) -> AttributesValue? = { _ in nil }
        ) {
            self.attributesAfterUpdate = attributesAfterUpdate
            self.attributesBeforeUpdate = attributesBeforeUpdate
            self.initialAttributes = initialAttributes
            self.finalAttributes = finalAttributes
        }
    }

    /// The plans of `batch` from `old` to `new`, one per animated element (a reloaded element
    /// has two: its new self appearing and its old self disappearing).
    ///
    /// Cost: O(e log e) for the e elements recorded in the snapshots, plus the hooks.
    public static func plan(
        old: LayoutSnapshot, new: LayoutSnapshot, batch: ValidatedBatch, hooks: Hooks = Hooks()
    ) -> [ElementAnimationPlan] {
        plan(old: old, new: new, mapping: batch.mapping, hooks: hooks)
    }

    /// `plan(old:new:batch:hooks:)` from the mapping alone.
    public static func plan(
        old: LayoutSnapshot, new: LayoutSnapshot, mapping: UpdateMapping, hooks: Hooks = Hooks()
    ) -> [ElementAnimationPlan] {
        // 1. The elements UIKit animates: the union of the two frames an element moves between
        //    meets the visible bounds. I and F are asked here only for inserted and deleted
        //    elements that neither start nor end on screen, and kept for step 2.
        var candidates = Set<ElementKey>()  // new keys of survivors and inserts
        var deletedKeys: [ElementKey] = []
        var askedInitial: [ElementKey: AttributesValue?] = [:]
        var askedFinal: [ElementKey: AttributesValue?] = [:]
        func meets(_ a: CGRect, _ b: CGRect?, _ visible: CGRect) -> Bool {
            guard let b else { return a.meets(visible) }
            return a.union(b).meets(visible)
        }
        for (key, start) in old.attributes {
            if let newKey = mapping.newKey(forOld: key) {
                let end = new.attributes[newKey]?.frame
                if start.frame.meets(old.visible) || meets(start.frame, end, new.visible) { candidates.insert(newKey) }
            } else if start.frame.meets(old.visible) {
                deletedKeys.append(key)
            }
        }
        for (key, end) in new.attributes where !candidates.contains(key) {
            if end.frame.meets(new.visible) {
                candidates.insert(key)
            } else if mapping.oldKey(forNew: key) == nil {
                let initial = hooks.initialAttributes(key)
                askedInitial[key] = .some(initial)
                if let initial, meets(initial.frame, end.frame, new.visible) { candidates.insert(key) }
            }
        }
        let onScreenDeletes = Set(deletedKeys)
        for (key, start) in old.attributes.sorted(by: { $0.key < $1.key })
        where mapping.newKey(forOld: key) == nil && !onScreenDeletes.contains(key) {
            let final = hooks.finalAttributes(key)
            askedFinal[key] = .some(final)
            if let final, meets(start.frame, final.frame, old.visible) { deletedKeys.append(key) }
        }

        // 2. S and E of every animated element first (so a layout's answers for I and F can
        //    cover elements beyond the recorded region), then I and F.
        var animated: [(newKey: ElementKey, oldKey: ElementKey?, start: AttributesValue?, end: AttributesValue)] = []
        animated.reserveCapacity(candidates.count)
        // A supplementary or decoration view follows its section across the update, but the
        // layout decides whether one is there: one the layout returns only after the update
        // appears (I → E), one it no longer returns disappears (S → F).
        var vanished: [ElementKey] = []
        for newKey in candidates.sorted() {
            let oldKey = mapping.oldKey(forNew: newKey)
            guard let end = new.attributes[newKey] ?? hooks.attributesAfterUpdate(newKey) else {
                if newKey.kind != .cell, let oldKey, let start = old.attributes[oldKey], start.frame.meets(old.visible)
                {
                    vanished.append(oldKey)
                }
                continue
            }
            guard let oldKey else {
                animated.append((newKey, nil, nil, end))
                continue
            }
            guard let start = old.attributes[oldKey] ?? hooks.attributesBeforeUpdate(oldKey) else {
                if newKey.kind != .cell { animated.append((newKey, nil, nil, end)) }
                continue
            }
            animated.append((newKey, oldKey, start, end))
        }
        deletedKeys += vanished
        var plans: [ElementAnimationPlan] = []
        plans.reserveCapacity(animated.count + deletedKeys.count)
        for (newKey, oldKey, start, end) in animated {
            let initial = askedInitial[newKey] ?? hooks.initialAttributes(newKey)
            let id = new.identity(of: newKey)
            let endsVisible = end.frame.meets(new.visible)
            guard let oldKey, let start else {
                let (from, to) = UpdateResolution.inserted(initial: initial, end: end)
                plans.append(
                    .init(
                        kind: newKey.kind, id: id, oldKey: nil, newKey: newKey, motion: .single, from: from, to: to,
                        state: .appearing, endsVisible: endsVisible))
                continue
            }
            let final = hooks.finalAttributes(oldKey)
            let resolved = UpdateResolution.survivor(start: start, end: end, initial: initial, final: final)
            switch resolved.motion {
            case .still:
                plans.append(
                    .init(
                        kind: newKey.kind, id: id, oldKey: oldKey, newKey: newKey, motion: .still, from: end,
                        to: end, state: .static, endsVisible: endsVisible))
            case .slide:
                plans.append(
                    .init(
                        kind: newKey.kind, id: id, oldKey: oldKey, newKey: newKey, motion: .single, from: start,
                        to: end, state: .moving, endsVisible: endsVisible))
            case .snapshotAndElement:
                plans.append(
                    .init(
                        kind: newKey.kind, id: id, oldKey: oldKey, newKey: newKey, motion: .snapshotAndElement,
                        from: resolved.initial, to: end, snapshotFrom: start, snapshotTo: resolved.final,
                        state: .appearing, endsVisible: endsVisible))
            }
        }
        // 3. The deleted elements, S → F.
        for oldKey in deletedKeys.sorted() {
            guard let start = old.attributes[oldKey] else { continue }
            let final = askedFinal[oldKey] ?? hooks.finalAttributes(oldKey)
            let (from, to) = UpdateResolution.deleted(start: start, final: final)
            plans.append(
                .init(
                    kind: oldKey.kind, id: old.identity(of: oldKey), oldKey: oldKey, newKey: nil,
                    motion: .disappearing, from: from, to: to, state: .disappearing, endsVisible: false))
        }
        return plans
    }
}
