import FlowSim
import Foundation

extension SceneDecoder {
    /// `"rotate"` and `"bounds"`: a size transition, alone in its update. Without a timing it
    /// takes the system's rotation animation, `SceneSimulation.sizeTransitionTiming`.
    static func sizeTransition(_ object: ObjectReader, into update: inout SceneUpdate, path: String) throws {
        let rotate = try object.optional("rotate").map {
            DeviceOrientation(rawValue: try $0.choice(DeviceOrientation.allCases.map(\.rawValue)))!
        }
        let bounds = try object.optional("bounds")?.size()
        guard rotate != nil || bounds != nil else { return }
        func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
        if rotate != nil && bounds != nil {
            throw SceneError(path: child("bounds"), .conflictingKeys("rotate", "bounds"))
        }
        let edits = [
            "insert", "delete", "move", "reload", "insertSections", "deleteSections", "moveSections",
            "deleteSelected", "snapshot",
        ]
        if let key = edits.first(where: object.has) {
            throw SceneError(
                path: child(key), .updateOfItsOwn(what: "a size transition (\"rotate\" or \"bounds\")", alongside: key))
        }
        if let bounds, bounds.width <= 0 || bounds.height <= 0 {
            throw SceneError(path: child("bounds"), message: "expected a width and a height > 0")
        }
        update.rotate = rotate
        update.bounds = bounds
        if update.timing == nil { update.timing = SceneSimulation.sizeTransitionTiming }
    }
}

extension SceneSimulation {
    /// The system's rotation animation: 0.4 s (`UIApplication.statusBarOrientationAnimationDuration`;
    /// Microsoft's UIKit re-implementation returns the same), ease-in-out (inferred, as UIKit's
    /// default update curve). docs/devices.md.
    public static let sizeTransitionTiming = AnimationTiming(curve: .easeInEaseOut(duration: 0.4))

    /// A rotation or bounds change, animated as UIKit animates a collection view's size change in
    /// the transition's animation block: the layout is invalidated for the new bounds
    /// (`shouldInvalidateLayout(forBoundsChange:)`), the visible elements slide from their old
    /// to their new attributes (those that come into view fade in, those that leave fade out), and
    /// the content offset keeps its distance from the safe area (UIScrollView's
    /// `_shouldContentOffsetMaintainRelativeDistanceFromSafeArea`), clamped to the new content.
    func applySizeTransition(_ update: SceneUpdate, path: String) throws {
        var size = update.bounds ?? collectionView.bounds.size
        var safeArea = collectionView.safeAreaInsets
        if let orientation = update.rotate {
            guard let device = scene.device else {
                throw SceneError(
                    path: path + ".rotate",
                    .requires("rotate", requirement: "the scene's \"device\" to turn (or use \"bounds\")"))
            }
            size = device.size(orientation)
            safeArea = device.safeArea(orientation)
            var traits = collectionView.traits
            let classes = device.sizeClasses(orientation)
            traits.horizontalSizeClass = scene.traits.horizontalSizeClass ?? classes.horizontal
            traits.verticalSizeClass = scene.traits.verticalSizeClass ?? classes.vertical
            collectionView.traits = traits
        }
        let before = collectionView.adjustedContentInset
        let offset = collectionView.contentOffset
        ViewAnimation.run(update.timing ?? Self.sizeTransitionTiming) {
            collectionView.safeAreaInsets = safeArea
            collectionView.frame.size = size
            collectionView.layoutIfNeeded()
            // The offset follows once the new layout knows its content size.
            let after = collectionView.adjustedContentInset
            let content = collectionView.collectionViewLayout.collectionViewContentSize
            var target = CGPoint(x: offset.x + before.left - after.left, y: offset.y + before.top - after.top)
            target.x = min(max(target.x, -after.left), max(-after.left, content.width + after.right - size.width))
            target.y = min(max(target.y, -after.top), max(-after.top, content.height + after.bottom - size.height))
            if target != collectionView.contentOffset { collectionView.contentOffset = target }
        }
    }
}
