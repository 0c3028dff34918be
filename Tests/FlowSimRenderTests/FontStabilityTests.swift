import FlowSim
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
        XCTAssertEqual(GoldenManifest.rendererVersions()["font"], "DejaVuSans.ttf")
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
}
