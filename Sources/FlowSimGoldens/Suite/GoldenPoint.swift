import FlowSim
import FlowSimRender
import FlowSimScene
import Foundation

/// One golden of a scene: the time it holds and the file stem its PNG and layout JSON use.
///
/// Times (`"golden": {"times": [0, 0.25, "end"]}`) give `time_0.000s`, `time_0.250s`,
/// `time_end` (`time_middle` for "middle"): a named point keeps its file when the duration
/// changes and the manifest records the time it stood for. Indices (`"frames"`, the older
/// form) give `frame_NNNN`. A time on the frame grid also answers to its older
/// `frame_NNNN.png` (`legacyStem`), so goldens recorded before times existed keep passing.
public struct GoldenPoint: Equatable, Sendable {
    /// File name without extension: `time_0.250s`, `time_end`, `frame_0012`.
    public var stem: String
    /// Seconds into the animation.
    public var time: Double
    /// The nearest frame at the golden frame rate.
    public var frame: Int
    /// The `frame_NNNN` name of the same time on the frame grid (read when `stem` is absent).
    public var legacyStem: String?

    public init(stem: String, time: Double, frame: Int, legacyStem: String? = nil) {
        self.stem = stem
        self.time = time
        self.frame = frame
        self.legacyStem = legacyStem
    }

    /// "t = 0.250 s".
    public var timeText: String { String(format: "t = %.3f s", time) }

    /// `time_0.250s` (milliseconds: two times closer than 0.5 ms share a golden).
    public static func timeStem(_ seconds: Double) -> String { String(format: "time_%.3fs", seconds) }

    /// The golden points of a scene whose animation lasts `duration` seconds: `requested` frame
    /// indices, else the scene's `golden.frames`, else its `golden.times`, else start, middle
    /// and end. Deduplicated by file, in order. Throws for an index or time past the end.
    public static func points(
        scene: Scene, duration: Double, fps: Double, requested: [Int]? = nil
    ) throws -> [GoldenPoint] {
        let times = SceneSimulation.frameTimes(duration: duration, fps: fps)
        let count = times.count
        var result: [GoldenPoint] = []
        var seen = Set<String>()
        func add(_ point: GoldenPoint) {
            if seen.insert(point.stem).inserted { result.append(point) }
        }
        if let indices = requested ?? scene.golden.frames {
            for index in indices {
                guard index >= 0, index < count else {
                    throw GoldenError.frameOutOfRange(scene: scene.name, frame: index, frameCount: count, fps: fps)
                }
                let stem = RenderPipeline.frameFileName(index, suffix: "")
                add(GoldenPoint(stem: stem, time: times[index], frame: index))
            }
            return result
        }
        func onGrid(_ index: Int) -> String { RenderPipeline.frameFileName(index, suffix: "") }
        for time in scene.golden.times ?? [.start, .middle, .end] {
            switch time {
            case .start:
                add(GoldenPoint(stem: timeStem(0), time: 0, frame: 0, legacyStem: onGrid(0)))
            case .middle:
                let index = count / 2
                add(GoldenPoint(stem: "time_middle", time: times[index], frame: index, legacyStem: onGrid(index)))
            case .end:
                add(
                    GoldenPoint(
                        stem: "time_end", time: times[count - 1], frame: count - 1, legacyStem: onGrid(count - 1)))
            case .seconds(let t):
                guard t <= duration + 1e-9 else {
                    throw GoldenError.timeOutOfRange(scene: scene.name, time: t, duration: duration)
                }
                let exact = t * fps
                let index = min(count - 1, Int(exact.rounded()))
                let legacy = abs(exact - exact.rounded()) < 1e-6 ? onGrid(index) : nil
                add(GoldenPoint(stem: timeStem(t), time: t, frame: index, legacyStem: legacy))
            }
        }
        return result
    }
}
