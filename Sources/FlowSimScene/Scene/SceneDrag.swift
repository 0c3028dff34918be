import FlowSim
import FlowSimSupport
import Foundation

/// An update's `"drag"`: an interactive movement (UIKit's `beginInteractiveMovementForItem(at:)`
/// … `endInteractiveMovement()`) of one item, the finger along `path` (content coordinates) at
/// constant speed for `duration` seconds, then a drop or a cancel (docs/reorder.md).
public struct SceneDrag: Equatable, Sendable {
    public enum End: String, Equatable, Sendable, CaseIterable {
        case drop, cancel
    }

    /// The item lifted, at its index path when the drag begins.
    public var item: IndexPath
    /// The finger's way, in content coordinates: the lift at the first point (at least one).
    public var path: [CGPoint]
    public var duration: Double
    public var end: End
    /// The other items' making room and the drop or cancel (nil: UIKit's default update animation).
    public var timing: AnimationTiming?

    public init(item: IndexPath, path: [CGPoint], duration: Double, end: End = .drop, timing: AnimationTiming? = nil) {
        self.item = item
        self.path = path
        self.duration = duration
        self.end = end
        self.timing = timing
    }

    /// The drag's animation timing as run.
    public var effectiveTiming: AnimationTiming { timing ?? CollectionView.interactiveMovementTiming }

    /// Seconds from the lift to the end of the drop or cancel animation.
    public var totalDuration: Double { duration + effectiveTiming.endTime }

    /// The finger `elapsed` seconds after the lift: along the path at constant speed (by length;
    /// a path of equal points stays at its start), at its last point from `duration` on.
    public func position(at elapsed: Double) -> CGPoint { DragPath(self).position(at: elapsed) }
}

/// A drag's path with its lengths summed once, so each 60 Hz step finds its segment by binary
/// search (a path of many points stays cheap over an hour of steps).
struct DragPath {
    let drag: SceneDrag
    /// Length along the path at each point (0 at the first).
    let distances: [CGFloat]

    init(_ drag: SceneDrag) {
        self.drag = drag
        var sum: CGFloat = 0
        var distances: [CGFloat] = drag.path.isEmpty ? [] : [0]
        for (a, b) in zip(drag.path, drag.path.dropFirst()) {
            sum += hypot(b.x - a.x, b.y - a.y)
            distances.append(sum)
        }
        self.distances = distances
    }

    func position(at elapsed: Double) -> CGPoint {
        let path = drag.path
        guard let first = path.first, let last = path.last else { return .zero }
        guard let total = distances.last, total > 0, drag.duration > 0 else {
            return elapsed >= drag.duration ? last : first
        }
        let reached = total * CGFloat(min(1, max(0, elapsed / drag.duration)))
        // The first point at or beyond `reached` ends the segment the finger is on.
        var low = 1
        var high = distances.count - 1
        while low < high {
            let middle = (low + high) / 2
            if distances[middle] < reached { low = middle + 1 } else { high = middle }
        }
        let length = distances[low] - distances[low - 1]
        guard length > 0 else { return path[low] }
        let t = (reached - distances[low - 1]) / length
        let a = path[low - 1]
        let b = path[low]
        return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}

extension SceneUpdate {
    /// Seconds from the update's start to the end of its animation (a drag's too).
    var animationEnd: Double { drag?.totalDuration ?? (timing ?? .uikitDefault).endTime }
}

extension SceneDecoder {
    static let dragKeys: [SceneKey] = [
        SceneKey("item", .object("indexPath"), "the item to lift, at its index path before the drag", required: true),
        SceneKey(
            "path", .array(.object("point")), "the finger's way in content coordinates (the lift at the first)",
            required: true),
        SceneKey("duration", .positive, "seconds the finger takes along the path (constant speed)", required: true),
        SceneKey("end", .choice(SceneDrag.End.allCases.map(\.rawValue)), "\"drop\" (default) or \"cancel\""),
        SceneKey("timing", .object("timing"), "the other items' making room and the drop (default: UIKit's)"),
    ]

    /// The farthest a drag's path point may be from the origin, on either axis.
    static let maximumPathCoordinate: CGFloat = 10_000_000

    /// Keys an update with a `"drag"` cannot have (a drag is an update of its own).
    static let keysExcludedByDrag = updateKeys.map(\.name).filter { !["at", "drag"].contains($0) }

    /// `"drag"`: see `SceneDrag`. The item must exist at the drag's start (checked when it runs).
    static func drag(_ reader: ValueReader, update: ObjectReader, updatePath: String) throws -> SceneDrag {
        for key in keysExcludedByDrag where update.has(key) {
            throw SceneError(
                path: updatePath.isEmpty ? key : "\(updatePath).\(key)",
                .updateOfItsOwn(what: "a \"drag\"", alongside: key))
        }
        let object = try reader.object(known: dragKeys)
        let path = try object.required("path").array().map { reader in
            let point = try reader.point()
            // Lengths along the path must stay finite (hypot of 1e308s overflows).
            guard abs(point.x) <= maximumPathCoordinate, abs(point.y) <= maximumPathCoordinate else {
                throw reader.error(
                    "a path point must lie within \(formatNumber(Double(maximumPathCoordinate))) points of the origin")
            }
            return point
        }
        guard !path.isEmpty else {
            throw SceneError(
                path: reader.child("path"),
                .needsAtLeastOne(container: "the path", element: "point", note: "where the finger lifts the item"))
        }
        let end = try object.optional("end").map {
            SceneDrag.End(rawValue: try $0.choice(SceneDrag.End.allCases.map(\.rawValue))) ?? .drop
        }
        return SceneDrag(
            item: try indexPath(try object.required("item")), path: path,
            duration: try object.required("duration").positive(), end: end ?? .drop,
            timing: try object.optional("timing").map(timing))
    }
}
