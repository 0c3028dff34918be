import FlowSim
import FlowSimCLI
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

/// `flowsim devices` and the device and trait options of render, layout, frames and preview.
final class DevicesCommandTests: XCTestCase {
    func testDevicesJSONListsTheCatalogue() throws {
        let result = CLI.run(["devices", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        XCTAssertEqual(list.count, DeviceCatalogue.all.count)
        let pro = list.first { $0["name"] as? String == "iPhone 16 Pro" }
        XCTAssertEqual(
            Set(pro?.keys.map { $0 } ?? []), ["name", "id", "width", "height", "scale", "idiom", "safeAreaInsets"])
        XCTAssertEqual(number(pro?["width"]), 402)
        XCTAssertEqual(number(pro?["height"]), 874)
        XCTAssertEqual(number(pro?["scale"]), 3)
        XCTAssertEqual(pro?["idiom"] as? String, "phone")
        let insets = pro?["safeAreaInsets"] as? [String: [String: Any]]
        XCTAssertEqual(number(insets?["portrait"]?["top"]), 62)
        XCTAssertEqual(number(insets?["landscape"]?["left"]), 62)
        XCTAssertEqual(number(insets?["landscape"]?["bottom"]), 21)
    }

    func testDevicesTableHasARowPerDevice() {
        let result = CLI.run(["devices"])
        XCTAssertEqual(result.status, 0)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, DeviceCatalogue.all.count + 1)
        XCTAssertTrue(
            lines[1].hasPrefix("iPhone SE (3rd generation)   iphone-se-3         375×667     @2x    20 0 0 0 | 0 0 0 0")
        )
    }

    /// `--device` sets the viewport: the embedded parks scene on an iPad mini is 744 pt wide.
    func testLayoutOnADeviceUsesItsWidth() {
        let result = CLI.run(["layout", "--device", "iPad mini", "--orientation", "landscape"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let content = result.json()["contentSize"] as? [String: Any]
        XCTAssertEqual(number(content?["width"]), 1133)
    }

    func testUnknownDeviceExitsTwoWithTheNearestNames() {
        let result = CLI.run(["render", "--device", "iPhone 16 Prox"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr,
            "flowsim render: --device expects a device of `flowsim devices` (nearest: iPhone 16 Pro, iPhone 16 Pro Max, "
                + "iPhone 17 Pro), got 'iPhone 16 Prox'. Did you mean 'iPhone 16 Pro'?\n")
    }

    /// `--rtl` mirrors the flow layout: the first park is at the right edge (375 − 10 − 106 = 259).
    func testRTLFlagMirrorsTheLayout() {
        let ltr = CLI.run(["layout"]).json()["elements"] as? [[String: Any]] ?? []
        let rtl = CLI.run(["layout", "--rtl"]).json()["elements"] as? [[String: Any]] ?? []
        func x(_ element: [String: Any]) -> Double? { number((element["frame"] as? [String: Any])?["x"]) }
        XCTAssertEqual(x(ltr[1]), 10)
        XCTAssertEqual(x(rtl[1]), 259)
        XCTAssertEqual(ltr.count, rtl.count)
    }

    func testContentSizeFlagIsChecked() {
        let result = CLI.run(["frames", "--content-size", "huge"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--content-size expects a content size category"), result.stderr)
    }
}
