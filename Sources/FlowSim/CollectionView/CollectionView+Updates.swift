import Foundation

extension CollectionView {
    // MARK: UIKit's update calls

    /// Records edits into the open batch, or applies them at once as a batch of their own.
    func record(_ edit: (inout BatchUpdate) -> Void) {
        if pendingBatch != nil {
            edit(&pendingBatch!)
        } else {
            var batch = BatchUpdate()
            edit(&batch)
            applyRecordingFailure { () throws(UpdateError) in try apply(batch) }
        }
    }

    // insertItems(at:) … performBatchUpdates(_:completion:) are declared in the class itself, so
    // that subclasses can override them as UICollectionView subclasses do (CollectionView.swift).

    /// `performBatchUpdates` that throws UIKit's message for an invalid batch.
    public func performBatchUpdatesChecked(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)
        throws(UpdateError)
    {
        if pendingBatch != nil {
            // Nested batches merge into the outer one, as in UIKit; their completions run when
            // the outer batch's animation ends.
            updates?()
            completion.map { pendingCompletions.append($0) }
            return
        }
        pendingBatch = BatchUpdate()
        pendingCompletions = []
        updates?()
        let batch = pendingBatch ?? BatchUpdate()
        let nested = pendingCompletions
        pendingBatch = nil
        pendingCompletions = []
        let timing = try apply(batch)
        for body in nested + (completion.map { [$0] } ?? []) {
            timeline.addCompletion(at: currentTime + timing.endTime, body)
        }
    }

    func applyRecordingFailure(_ body: () throws(UpdateError) -> Void) {
        attemptedBatch = nil
        do throws(UpdateError) { try body() } catch { recordUpdateFailure(error, batch: attemptedBatch) }
    }

    // MARK: Applying a batch

    /// Checks `batch` against the cached counts (UIKit's) and `newCounts` (by default the data
    /// source's counts now), as `apply` does. Validate once and apply the result with
    /// `apply(_:timing:)` when the data must be changed from the mapping in between.
    public func validate(_ batch: BatchUpdate, newCounts: [Int]? = nil) throws(UpdateError) -> ValidatedBatch {
        guard let counts = newCounts ?? dataSourceCounts() else { throw .noDataSource }
        return try batch.validated(old: itemCounts, new: counts)
    }

    /// Validates `batch` against the cached counts and the data source's new counts, then plans
    /// and records its animation with the current timing. Nothing changes when it throws.
    @discardableResult
    public func apply(_ batch: BatchUpdate, timing explicitTiming: AnimationTiming? = nil) throws(UpdateError)
        -> AnimationTiming
    {
        attemptedBatch = batch
        return try apply(timing: explicitTiming) { counts throws(UpdateError) in
            try batch.validated(old: itemCounts, new: counts)
        }
    }

    /// Applies a batch validated by `validate(_:newCounts:)` without checking it again, as long
    /// as the cached counts and the data source's counts are still those it was checked against
    /// (otherwise it is checked against them as `apply(_ batch:)` does).
    @discardableResult
    public func apply(_ validated: ValidatedBatch, timing explicitTiming: AnimationTiming? = nil) throws(UpdateError)
        -> AnimationTiming
    {
        try apply(timing: explicitTiming) { counts throws(UpdateError) in
            if validated.oldCounts == itemCounts && validated.newCounts == counts { return validated }
            return try validated.batch.validated(old: itemCounts, new: counts)
        }
    }

    /// The data source's counts now; nil without a data source.
    func dataSourceCounts() -> [Int]? {
        guard let dataSource else { return nil }
        let sections = max(0, dataSource.numberOfSections(in: self))
        let counts = (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
        guard let mapping = interactiveMovement?.mapping, mapping.fits(counts) else { return counts }
        return mapping.presentationCounts(counts)
    }

    /// Snapshots the layout before, validates (`validate`, given the data source's new counts),
    /// re-lays out, plans with `UpdatePlanner` and records the plans on the timeline.
    private func apply(
        timing explicitTiming: AnimationTiming?, validate: ([Int]) throws(UpdateError) -> ValidatedBatch
    ) throws(UpdateError) -> AnimationTiming {
        // Completions of animations that ended by now have run (UIKit runs them at the end,
        // whether or not a frame was drawn since), before this update asks the layout anything.
        timeline.fireCompletions(through: currentTime)
        guard dataSource != nil else { throw .noDataSource }
        let timing = explicitTiming ?? ViewAnimation.currentTiming ?? .uikitDefault
        ViewAnimation.noteUse(by: self)
        let layout = collectionViewLayout
        // S is what was laid out at the last layout pass, not a new query: the data source
        // already answers the new counts, so a layout that resolves attributes through it (or
        // its delegate) would be asked about elements that are gone, and an invalidated layout
        // would answer with its new values. UIKit likewise keeps the collection view data of the
        // last layout pass (the attributes it paged in) as the update's old model (decompiled
        // `UICollectionView _setupCellAnimations` / `UICollectionViewUpdate oldModel`).
        let laidOutBefore = timeline.isEmpty ? nil : lastLaidOutAttributes
        layout.prepareIfNeeded()
        ensureInitialPresentation(dataMayHaveChanged: true)

        // 1. Validate against the data source's new counts before anything changes.
        let validated = try validate(dataSourceCounts() ?? [])

        // 2. S: what the layout shows now, over the visible bounds and a viewport either side.
        let visible = bounds
        let searchRect = extendedSearchRect(visible)
        var before: [ElementKey: LayoutAttributes] = laidOutBefore ?? [:]
        if laidOutBefore == nil {
            for attributes in validatedLayoutAttributes(in: searchRect) {
                before[ElementKey(attributes)] = attributes.copied()
            }
        }
        let old = LayoutSnapshot(
            visible: visible, attributes: before.mapValues(AttributesValue.init), itemIDs: itemIDs.map(\.array),
            sectionIDs: sectionIDs)

        // 3. E: the new layout, told about the update.
        readDataSource()
        layout.sectionsWillMove(validated.mapping)
        layout.invalidateForBatchUpdate()
        layout.prepareIfNeeded()
        var mapping = validated.mapping
        mapping.itemAnchoredKinds = layout.itemAnchoredSupplementaryKinds
        let context = LayoutUpdateContext(mapping: mapping, before: before)
        layout.updateContext = context
        defer { layout.updateContext = nil }
        layout.prepare(forCollectionViewUpdates: validated.batch.updateItems)
        var after: [ElementKey: LayoutAttributes] = [:]
        for attributes in validatedLayoutAttributes(in: searchRect) {
            after[ElementKey(attributes)] = attributes.copied()
        }
        context.after = after
        lastLaidOutAttributes = after
        let new = LayoutSnapshot(
            visible: visible, attributes: after.mapValues(AttributesValue.init), itemIDs: itemIDs.map(\.array),
            sectionIDs: sectionIDs)

        // 4. Plan, asking the layout for what the snapshots lack and for I and F.
        let plans = UpdatePlanner.plan(old: old, new: new, mapping: mapping, hooks: planningHooks(layout, context))
        layout.finalizeCollectionViewUpdates()

        // 5. Record on the timeline.
        recordOnTimeline(plans, timing: timing)
        lastUpdatePlans = plans
        return timing
    }

    /// The planner's questions, answered by `layout`. Attributes fetched from beyond the recorded
    /// region are added to `context`, so the base layout's I and F cover them too.
    private func planningHooks(_ layout: CollectionViewLayout, _ context: LayoutUpdateContext) -> UpdatePlanner.Hooks {
        UpdatePlanner.Hooks(
            attributesAfterUpdate: { key in
                guard let end = Self.attributesAfterUpdate(layout, key) else { return nil }
                context.after[key] = end
                return AttributesValue(end)
            },
            attributesBeforeUpdate: { key in
                guard let start = layout.attributesBeforeUpdate(key) else { return nil }
                context.before[key] = start
                return AttributesValue(start)
            },
            initialAttributes: { Self.askInitial(layout, $0).map(AttributesValue.init) },
            finalAttributes: { Self.askFinal(layout, $0).map(AttributesValue.init) })
    }

    /// I, asked with the kind string the layout returned for the element (UIKit's rule).
    private static func askInitial(_ layout: CollectionViewLayout, _ key: ElementKey) -> LayoutAttributes? {
        let kind = key.kind.representedElementKind ?? ""
        switch key.kind.category {
        case .cell: return layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
        case .supplementary:
            return layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: kind, at: key.indexPath)
        case .decoration:
            return layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: kind, at: key.indexPath)
        }
    }

    /// F, asked with the kind string the layout returned for the element.
    private static func askFinal(_ layout: CollectionViewLayout, _ key: ElementKey) -> LayoutAttributes? {
        let kind = key.kind.representedElementKind ?? ""
        switch key.kind.category {
        case .cell: return layout.finalLayoutAttributesForDisappearingItem(at: key.indexPath)
        case .supplementary:
            return layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: kind, at: key.indexPath)
        case .decoration:
            return layout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: kind, at: key.indexPath)
        }
    }

    /// An element's attributes in the new layout when it was outside the search rect.
    private static func attributesAfterUpdate(_ layout: CollectionViewLayout, _ key: ElementKey) -> LayoutAttributes? {
        let kind = key.kind.representedElementKind ?? ""
        switch key.kind.category {
        case .cell: return layout.layoutAttributesForItem(at: key.indexPath)
        case .supplementary: return layout.layoutAttributesForSupplementaryView(ofKind: kind, at: key.indexPath)
        case .decoration: return layout.layoutAttributesForDecorationView(ofKind: kind, at: key.indexPath)
        }
    }

    /// The visible bounds grown by one viewport length either way along both axes: elements that
    /// slide into or out of view start or end there.
    func extendedSearchRect(_ visible: CGRect) -> CGRect {
        visible.insetBy(dx: -visible.width, dy: -visible.height)
    }
}
