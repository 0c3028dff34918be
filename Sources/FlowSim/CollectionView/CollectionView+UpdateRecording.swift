import Foundation

extension CollectionView {
    /// Records the plans on the timeline. Content comes from the data source for elements that
    /// exist after the update; a disappearing element keeps what its view showed (the data
    /// source no longer has it, as in UIKit where the cell keeps its last configuration).
    func recordOnTimeline(_ plans: [ElementAnimationPlan], timing: AnimationTiming) {
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
            let newContent = newKey.map { content(for: $0) } ?? ElementContent()
            let ghostContent = shownContent[key] ?? (newKey == nil ? ElementContent(title: plan.id) : newContent)
            switch plan.motion {
            case .still:
                listed.insert(key)
                if let newKey {
                    timeline.recordStill(
                        key: key, value: plan.to, at: time, indexPath: newKey.indexPath,
                        content: newContent)
                }
            case .single:
                listed.insert(key)
                guard let newKey else { continue }
                timeline.recordAnimation(
                    key: key, from: plan.from, to: plan.to, state: plan.state, timing: timing, at: time,
                    indexPath: newKey.indexPath, content: newContent,
                    beginFromCurrentState: plan.state == .moving, staysAfterwards: plan.endsVisible)
            case .snapshotAndElement:
                listed.insert(key)
                guard let newKey, let oldKey, let snapshotFrom = plan.snapshotFrom, let snapshotTo = plan.snapshotTo
                else { continue }
                timeline.recordGhost(
                    kind: plan.kind, id: plan.id, isSnapshot: true, from: shownValue[key] ?? snapshotFrom,
                    to: snapshotTo,
                    timing: timing, at: time,
                    indexPath: oldKey.indexPath, content: ghostContent)
                timeline.recordAnimation(
                    key: key, from: plan.from, to: plan.to, state: .appearing, timing: timing, at: time,
                    indexPath: newKey.indexPath, content: newContent,
                    beginFromCurrentState: false, staysAfterwards: plan.endsVisible)
            case .disappearing:
                guard let oldKey else { continue }
                // A reload (delete + insert of the same item) already gave this identity its
                // fade-in on the live track in this batch: keep that track, add only the ghost.
                if !listed.contains(key) { timeline.endTrack(key, at: time) }
                timeline.recordGhost(
                    kind: plan.kind, id: plan.id, isSnapshot: false, from: shownValue[key] ?? plan.from, to: plan.to,
                    timing: timing, at: time,
                    indexPath: oldKey.indexPath, content: ghostContent)
            }
        }
        timeline.endLiveTracks(except: listed, at: time)
    }

}
