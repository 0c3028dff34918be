import FlowSim
import FlowSimScene
import FlowSimStyle
import Foundation
import XCTest

@testable import FlowSimRender

/// `render --safe-area`: the safe area drawn over a frame so a cell under the sensor housing shows.
final class SafeAreaOverlayTests: XCTestCase {
    private let red = RGBAColor(red: 1, green: 0, blue: 0)

    /// A red cell filling a 402 × 874 viewport (iPhone 16 Pro upright, scale 1): the housing pill
    /// (126 × 37 pt, 11 pt down, centred) is near black over it; the top band beside the pill
    /// shades the cell by 18 % black; below the safe area the cell is untouched; the home indicator
    /// bar (134 × 5 pt, 8 pt above the bottom) is drawn in the bottom band.
    func testTheOverlayShadesTheBandsAndDrawsTheHousingAndHomeIndicator() throws {
        var viewport = RenderViewport(width: 402, height: 874, scale: 1)
        viewport.safeAreaOverlay = EdgeInsets(top: 62, left: 0, bottom: 34, right: 0)
        let renderer = FrameRenderer(viewport: viewport, style: plainStyle(cellColor: red))
        let fill = cell(0, center: CGPoint(x: 201, y: 437), size: CGSize(width: 402, height: 874))
        let image = try renderer.render(PresentedFrame(index: 0, time: 0, contentOffset: .zero, elements: [fill]))
        let pill = image[201, 29]
        XCTAssertLessThan(Int(pill.r), 50, "the housing is black over the cell")
        let band = image[20, 30]
        XCTAssertEqual(Int(band.r), Int((255 * 0.82).rounded()), accuracy: 1)
        XCTAssertEqual(band.g, 0)
        XCTAssertTrue(image[20, 400] == (255, 0, 0, 255), "outside the safe area the cell is as drawn")
        let indicator = image[201, 874 - 8 - 3]
        XCTAssertLessThan(Int(indicator.r), 100, "the home indicator bar")
        let plain = try FrameRenderer(
            viewport: RenderViewport(width: 402, height: 874, scale: 1), style: plainStyle(cellColor: red)
        )
        .render(PresentedFrame(index: 0, time: 0, contentOffset: .zero, elements: [fill]))
        XCTAssertTrue(plain[201, 29] == (255, 0, 0, 255), "no overlay without --safe-area")
    }

    /// Landscape: the housing sits in the left band, centred vertically.
    func testLandscapeHousingIsOnTheLeft() throws {
        var viewport = RenderViewport(width: 874, height: 402, scale: 1)
        viewport.safeAreaOverlay = EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)
        let renderer = FrameRenderer(viewport: viewport, style: plainStyle(cellColor: red))
        let fill = cell(0, center: CGPoint(x: 437, y: 201), size: CGSize(width: 874, height: 402))
        let image = try renderer.render(PresentedFrame(index: 0, time: 0, contentOffset: .zero, elements: [fill]))
        XCTAssertLessThan(Int(image[29, 201].r), 50)
        XCTAssertEqual(Int(image[850, 201].r), Int((255 * 0.82).rounded()), accuracy: 1, "the right band is shaded")
    }
}
