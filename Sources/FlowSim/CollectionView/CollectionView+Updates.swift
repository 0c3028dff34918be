import Foundation

extension CollectionView {
    // MARK: UIKit's update calls

    /// Records edits into the open batch, or applies them at once as a batch of their own.
    private func record(_ edit: (inout BatchUpdate) -> Void) {
        if pendingBatch != nil {
            edit(&pendingBatch!)
        } else {
            var batch = BatchUpdate()
            edit(&batch)
            applyRecordingFailure { try apply(batch) }
        }
    }

    public func insertItems(at indexPaths: [IndexPath]) { record { $0.insertedItems += indexPaths } }
    public func deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedItems += indexPaths } }
    public func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedItems += indexPaths } }
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.movedItems.append((indexPath, newIndexPath)) }
    }
    public func insertSections(_ sections: IndexSet) { record { $0.insertedSections += Array(sections) } }
    public func deleteSections(_ sections: IndexSet) { record { $0.deletedSections += Array(sections) } }
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.movedSections.append((section, newSection)) }
    }

    /// UIKit's `performBatchUpdates(_:completion:)`: the edits made in `updates` animate together.
    /// An invalid batch changes nothing; its error is kept in `updateErrors` (UIKit raises an
    /// exception Swift cannot catch; `performBatchUpdatesChecked` throws it instead).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        applyRecordingFailure { try performBatchUpdatesChecked(updates, completion: completion) }
    }

    /// `performBatchUpdates` that throws UIKit's message for an invalid batch.
    public func performBatchUpdatesChecked(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) throws {
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

    private func applyRecordingFailure(_ body: () throws -> Void) {
        do { try body() } catch let error as UpdateError { updateErrors.append(error) } catch {
            updateErrors.append(UpdateError("\(error)"))
        }
    }

    // MARK: Applying a batch

    /// Validates `batch` against the cached counts and the data source's new counts, then plans
    /// and records its animation with the current timing. Nothing changes when it throws.
    @discardableResult
    public func apply(_ batch: BatchUpdate, timing explicitTiming: AnimationTiming? = nil) throws -> AnimationTiming {
        // Completions of animations that ended by now have run (UIKit runs them at the end,
        // whether or not a frame was drawn since), before this update asks the layout anything.
        timeline.fireCompletions(through: currentTime)
        guard let dataSource else { throw UpdateError("the collection view has no data source") }
        let timing = explicitTiming ?? ViewAnimation.currentTiming ?? .uikitDefault
        ViewAnimation.noteUse(by: self)
        let layout = collectionViewLayout
        // A layout invalidated since the last pass (a property changed) would answer with its new
        // values; S is then what was laid out last (UIKit animates from the views' attributes).
        let laidOutBefore = layout.isPrepared || timeline.isEmpty ? nil : lastLaidOutAttributes
        layout.prepareIfNeeded()
        ensureInitialPresentation()

        // 1. Validate against the data source's new counts before anything changes.
        let newSections = max(0, dataSource.numberOfSections(in: self))
        let newCounts = (0..<newSections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
        let mapping = try batch.validate(old: itemCounts, new: newCounts)

        // 2. S: what the layout shows now, over the visible bounds and a viewport either side.
        let visible = bounds
        let searchRect = extendedSearchRect(visible)
        let oldIDs = itemIDs
        let oldSectionIDs = sectionIDs
        var before: [ElementKey: LayoutAttributes] = laidOutBefore ?? [:]
        if laidOutBefore == nil {
            for attributes in layout.layoutAttributesForElements(in: searchRect) ?? [] {
                before[ElementKey(attributes)] = attributes.copied()
            }
        }

        // 3. The new layout.
        readDataSource()
        layout.invalidateForBatchUpdate()
        layout.prepareIfNeeded()
        let context = LayoutUpdateContext(mapping: mapping, before: before)
        layout.updateContext = context
        defer { layout.updateContext = nil }
        layout.prepare(forCollectionViewUpdates: batch.updateItems)
        var after: [ElementKey: LayoutAttributes] = [:]
        for attributes in layout.layoutAttributesForElements(in: searchRect) ?? [] {
            after[ElementKey(attributes)] = attributes.copied()
        }
        context.after = after
        lastLaidOutAttributes = after

        // 4. The elements UIKit animates: start or end frame meets the visible bounds.
        var candidates = Set<ElementKey>()  // new keys for survivors and inserts
        var deletedKeys: [ElementKey] = []
        for (key, attributes) in before where attributes.frame.meets(visible) {
            if let newKey = context.newKey(forOld: key) { candidates.insert(newKey) } else { deletedKeys.append(key) }
        }
        for (key, attributes) in after where attributes.frame.meets(visible) { candidates.insert(key) }

        // 5. S and E of every animated element first, so the base layout's answers cover
        //    elements that slide in from (or out to) beyond the recorded region; then I and F.
        var animated: [(newKey: ElementKey, oldKey: ElementKey?, start: LayoutAttributes?, end: LayoutAttributes)] = []
        for newKey in candidates.sorted() {
            guard let end = after[newKey] ?? attributesAfterUpdate(newKey) else { continue }
            context.after[newKey] = end
            guard let oldKey = context.oldKey(forNew: newKey) else {
                animated.append((newKey, nil, nil, end))
                continue
            }
            guard let start = before[oldKey] ?? layout.attributesBeforeUpdate(oldKey) else { continue }
            context.before[oldKey] = start
            animated.append((newKey, oldKey, start, end))
        }
        var plans: [ElementAnimationPlan] = []
        for (newKey, oldKey, start, end) in animated {
            let initial = askInitial(layout, newKey).map(AttributesValue.init)
            let id = identity(of: newKey, ids: itemIDs, sectionIDs: sectionIDs)
            let e = AttributesValue(end)
            let endsVisible = end.frame.meets(visible)
            guard let oldKey, let start else {
                let (from, to) = UpdateResolution.inserted(initial: initial, end: e)
                plans.append(
                    .init(
                        kind: newKey.kind, id: id, oldKey: nil, newKey: newKey, motion: .single, from: from, to: to,
                        state: .appearing, endsVisible: endsVisible))
                continue
            }
            let final = askFinal(layout, oldKey).map(AttributesValue.init)
            let s = AttributesValue(start)
            let resolved = UpdateResolution.survivor(start: s, end: e, initial: initial, final: final)
            switch resolved.motion {
            case .still:
                plans.append(
                    .init(
                        kind: newKey.kind, id: id, oldKey: oldKey, newKey: newKey, motion: .still, from: e, to: e,
                        state: .static, endsVisible: endsVisible))
            case .slide:
                plans.append(
                    .init(
                        kind: newKey.kind, id: id, oldKey: oldKey, newKey: newKey, motion: .single, from: s, to: e,
                        state: .moving, endsVisible: endsVisible))
            case .snapshotAndElement:
                plans.append(
                    .init(
                        kind: newKey.kind, id: id, oldKey: oldKey, newKey: newKey, motion: .snapshotAndElement,
                        from: resolved.initial, to: e, snapshotFrom: s, snapshotTo: resolved.final, state: .appearing,
                        endsVisible: endsVisible))
            }
        }
        for oldKey in deletedKeys.sorted() {
            guard let start = before[oldKey] else { continue }
            let final = askFinal(layout, oldKey)
            let (from, to) = UpdateResolution.deleted(
                start: AttributesValue(start), final: final.map(AttributesValue.init))
            let id = identity(of: oldKey, ids: oldIDs, sectionIDs: oldSectionIDs)
            plans.append(
                .init(
                    kind: oldKey.kind, id: id, oldKey: oldKey, newKey: nil, motion: .disappearing, from: from, to: to,
                    state: .disappearing, endsVisible: false))
        }
        layout.finalizeCollectionViewUpdates()

        // 6. Record on the timeline.
        record(plans, timing: timing)
        lastUpdatePlans = plans
        return timing
    }

    /// Records the plans on the timeline. Content comes from the data source for elements that
    /// exist after the update; a disappearing element keeps what its view showed (the data
    /// source no longer has it, as in UIKit where the cell keeps its last configuration).
    private func record(_ plans: [ElementAnimationPlan], timing: AnimationTiming) {
        let time = currentTime
        // What each view shows now, read before anything is recorded: a reload's new half must
        // not leak into its outgoing half, and a ghost starts where its view is on screen
        // (mid-animation too: UIKit begins collection view updates from the current state).
        var shownContent: [AnimationTimeline.TrackKey: ElementContent] = [:]
        var shownValue: [AnimationTimeline.TrackKey: AttributesValue] = [:]
        for plan in plans where plan.oldKey != nil {
            let key = AnimationTimeline.TrackKey(kind: plan.kind, id: plan.id)
            shownContent[key] = timeline.currentContent(of: key)
            shownValue[key] = timeline.runningValue(of: key, at: time)
        }
        var listed = Set<AnimationTimeline.TrackKey>()
        for plan in plans {
            let key = AnimationTimeline.TrackKey(kind: plan.kind, id: plan.id)
            let newKey = plan.newKey
            let oldKey = plan.oldKey
            let newContent = newKey.map(content(for:)) ?? ElementContent()
            let ghostContent = shownContent[key] ?? (newKey == nil ? ElementContent(title: plan.id) : newContent)
            func itemOf(_ key: ElementKey) -> Int? { key.kind == .cell ? key.item : nil }
            switch plan.motion {
            case .still:
                listed.insert(key)
                if let newKey {
                    timeline.recordStill(
                        key: key, value: plan.to, at: time, section: newKey.section, item: itemOf(newKey),
                        content: newContent)
                }
            case .single:
                listed.insert(key)
                guard let newKey else { continue }
                timeline.recordAnimation(
                    key: key, from: plan.from, to: plan.to, state: plan.state, timing: timing, at: time,
                    section: newKey.section, item: itemOf(newKey), content: newContent,
                    beginFromCurrentState: plan.state == .moving, staysAfterwards: plan.endsVisible)
            case .snapshotAndElement:
                listed.insert(key)
                guard let newKey, let oldKey, let snapshotFrom = plan.snapshotFrom, let snapshotTo = plan.snapshotTo
                else { continue }
                timeline.recordGhost(
                    kind: plan.kind, id: plan.id, isSnapshot: true, from: shownValue[key] ?? snapshotFrom,
                    to: snapshotTo,
                    timing: timing, at: time,
                    section: oldKey.section, item: itemOf(oldKey), content: ghostContent)
                timeline.recordAnimation(
                    key: key, from: plan.from, to: plan.to, state: .appearing, timing: timing, at: time,
                    section: newKey.section, item: itemOf(newKey), content: newContent,
                    beginFromCurrentState: false, staysAfterwards: plan.endsVisible)
            case .disappearing:
                guard let oldKey else { continue }
                // A reload (delete + insert of the same item) already gave this identity its
                // fade-in on the live track in this batch: keep that track, add only the ghost.
                if !listed.contains(key) { timeline.endTrack(key, at: time) }
                timeline.recordGhost(
                    kind: plan.kind, id: plan.id, isSnapshot: false, from: shownValue[key] ?? plan.from, to: plan.to,
                    timing: timing, at: time,
                    section: oldKey.section, item: itemOf(oldKey), content: ghostContent)
            }
        }
        timeline.endLiveTracks(except: listed, at: time)
    }

    private func askInitial(_ layout: CollectionViewLayout, _ key: ElementKey) -> LayoutAttributes? {
        switch key.kind {
        case .cell: return layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
        case .header, .footer:
            return layout.initialLayoutAttributesForAppearingSupplementaryElement(
                ofKind: key.kind.supplementaryKind!, at: key.indexPath)
        }
    }

    private func askFinal(_ layout: CollectionViewLayout, _ key: ElementKey) -> LayoutAttributes? {
        switch key.kind {
        case .cell: return layout.finalLayoutAttributesForDisappearingItem(at: key.indexPath)
        case .header, .footer:
            return layout.finalLayoutAttributesForDisappearingSupplementaryElement(
                ofKind: key.kind.supplementaryKind!, at: key.indexPath)
        }
    }

    /// An element's attributes in the new layout when it was outside the search rect.
    private func attributesAfterUpdate(_ key: ElementKey) -> LayoutAttributes? {
        switch key.kind {
        case .cell: return collectionViewLayout.layoutAttributesForItem(at: key.indexPath)
        case .header, .footer:
            return collectionViewLayout.layoutAttributesForSupplementaryView(
                ofKind: key.kind.supplementaryKind!, at: key.indexPath)
        }
    }

    /// The visible bounds grown by one viewport length either way along both axes: elements that
    /// slide into or out of view start or end there.
    func extendedSearchRect(_ visible: CGRect) -> CGRect {
        visible.insetBy(dx: -visible.width, dy: -visible.height)
    }

    func identity(of key: ElementKey, ids: [[String]], sectionIDs: [String]) -> String {
        switch key.kind {
        case .cell:
            guard ids.indices.contains(key.section), ids[key.section].indices.contains(key.item) else {
                return "item-\(key.section)-\(key.item)"
            }
            return ids[key.section][key.item]
        case .header, .footer:
            let section = sectionIDs.indices.contains(key.section) ? sectionIDs[key.section] : "\(key.section)"
            return "\(key.kind.rawValue)-\(section)"
        }
    }
}
