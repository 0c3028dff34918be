import FlowSim
import FlowSimImage
import FlowSimRender
import Foundation

extension GoldenSuite {
    /// Renders presented frames (a pagination session's, a collection view's `presentation(at:)`)
    /// on the render loop and compares each with `<name>/frame_NNNN.png` (NNNN its `index`),
    /// writing nothing: `compareScene` for frames that have no scene, so no manifest and no
    /// layout goldens. A frame that cannot be drawn is its error, in its place; the others go on.
    public func compareFrames(
        _ frames: [PresentedFrame], renderer: FrameRenderer, named name: String, options: ImageComparisonOptions,
        retention: GoldenImageRetention = .all
    ) throws -> [Result<GoldenCaseResult, Error>] {
        var results: [Result<GoldenCaseResult, Error>] = []
        try RenderLoop().run(
            count: frames.count, present: { frames[$0] },
            draw: { frame, _ -> Result<GoldenCaseResult, Error> in
                let image: RGBAImage
                do { image = try renderer.render(frame) } catch { return .failure(error) }
                var result = compare(name: name, frame: frame.index, time: frame.time, actual: image, options: options)
                try retain(&result, retention)
                return .success(result)
            }, into: [FrameSink(take: { results.append($0) })])
        return results
    }
}

extension GoldenSceneCheck {
    /// The check of presented frames (`GoldenSuite.compareFrames`) for a `GoldenRun`: their
    /// cases and no manifest case, so no manifest is compared or recorded (frames without a scene
    /// have no duration or digest to describe; the placeholder's fields are zero).
    public static func frames(named name: String, goldens: URL, cases: [GoldenCaseResult]) -> GoldenSceneCheck {
        GoldenSceneCheck(
            name: name, folder: goldens.appendingPathComponent(name, isDirectory: true),
            manifest: GoldenManifest(
                scene: name, sceneDigest: "", duration: 0, fps: 0, frameCount: cases.count, elementCount: 0,
                goldens: []),
            cases: cases)
    }
}
