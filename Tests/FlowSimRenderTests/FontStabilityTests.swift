import FlowSim
import FlowSimGoldens
import FlowSimImage
import FlowSimRender
import FlowSimScene
import Foundation
import XCTest

/// Text is drawn from a font file FlowSim names with fixed options, so goldens recorded with one
/// FreeType/fontconfig build pass on another within the scenes' pixelmatch limits.
final class FontStabilityTests: XCTestCase {
    func render(_ settings: FontSettings) throws -> RGBAImage {
        let simulation = try SceneSimulation(scene: DefaultScene.load())
        try simulation.run()
        var renderer = FrameRenderer(
            viewport: RenderViewport(simulation.scene.viewport, scale: 1), style: simulation.scene.style)
        renderer.fontSettings = settings
        return try renderer.render(simulation.frames(times: [0])[0])
    }

    func testTheFontComesFromTheNamedFile() {
        XCTAssertTrue(FontFile.isLoaded, "fonts-dejavu-core is installed by Scripts/setup-system")
        XCTAssertTrue(FontFile.path.hasSuffix("/DejaVuSans.ttf"), FontFile.path)
        XCTAssertEqual(RendererVersions.current()["font"], "DejaVuSans.ttf")
    }

    /// Another machine's defaults (slight hinting as Debian's fontconfig sets, or metric hinting)
    /// stay within the default golden limits of the pixelmatch comparison against FlowSim's
    /// fixed settings: the glyph outlines and advances come from the same file.
    func testTwoFontSettingsStayWithinThePixelmatchLimits() throws {
        let fixed = try render(.fixed)
        XCTAssertEqual(try render(.fixed).pixels, fixed.pixels, "deterministic")
        let options = ImageComparisonOptions(metric: .pixelmatch, threshold: 0.1, maxDiffPixelRatio: 0.01)
        for other in [FontSettings(hinting: .slight), FontSettings(hinting: .full, hintMetrics: false)] {
            let result = ImageComparator.compare(fixed, try render(other), options: options)
            XCTAssertTrue(result.match, "\(other): \(GoldenCaseResult.describe(result, options: options))")
        }
    }

    /// Settings that differ in antialiasing and metric hinting too (a machine whose fontconfig
    /// asks for subpixel antialiasing with rounded advances, or none at all) stay within the
    /// pixelmatch limits a scene gives its goldens (its `golden` keys, as `flowsim check`
    /// compares): the documentation's example scene (threshold 0.1, maxDiffPixelRatio 0.003) at its
    /// own scale. The settings really change the pixels, so the comparison tests something.
    func testAntialiasingAndMetricHintingStayWithinTheScenesLimits() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/examples/parks.json").path
        let scene = try SceneDecoder.load(path: path)
        let options = GoldenSuite.options(for: scene)
        let simulation = try SceneSimulation(scene: scene)
        try simulation.run()
        let times = SceneSimulation.frameTimes(duration: simulation.duration, fps: 60)
        func render(_ settings: FontSettings, _ time: Double) throws -> RGBAImage {
            var renderer = FrameRenderer(viewport: RenderViewport(scene.viewport), style: scene.style)
            renderer.fontSettings = settings
            return try renderer.render(simulation.frames(times: [time])[0])
        }
        let others = [
            FontSettings(antialias: .subpixel, hinting: .slight, hintMetrics: true),
            FontSettings(antialias: .none, hinting: .none, hintMetrics: true),
            FontSettings(antialias: .gray, hinting: .medium, hintMetrics: true),
        ]
        for time in [times[0], times[times.count / 2], times[times.count - 1]] {
            let fixed = try render(.fixed, time)
            for other in others {
                let image = try render(other, time)
                XCTAssertNotEqual(
                    image.pixels, fixed.pixels, "\(other) renders the same pixels: the test tests nothing")
                let result = ImageComparator.compare(fixed, image, options: options)
                XCTAssertTrue(
                    result.match, "t = \(time), \(other): \(GoldenCaseResult.describe(result, options: options))")
            }
        }
    }
}
