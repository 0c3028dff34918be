import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// The catalogue's numbers against their sources (docs/devices.md): sizes and scales from Apple's
/// Human Interface Guidelines (Layout › Specifications), safe areas as simulators report them
/// (swift-snapshot-testing's device configurations and PR #1046 for the iOS 26 iPhones).
final class DeviceCatalogueTests: XCTestCase {
    private func device(_ name: String) throws -> Device { try DeviceCatalogue.lookup(name) }

    func testSizesAndScalesAreTheHIGs() throws {
        let expected: [(String, CGFloat, CGFloat, CGFloat)] = [
            ("iPhone SE (3rd generation)", 375, 667, 2), ("iPhone 16e", 390, 844, 3), ("iPhone 16", 393, 852, 3),
            ("iPhone 16 Plus", 430, 932, 3), ("iPhone 16 Pro", 402, 874, 3), ("iPhone 16 Pro Max", 440, 956, 3),
            ("iPhone 17", 402, 874, 3), ("iPhone 17 Pro", 402, 874, 3), ("iPhone Air", 420, 912, 3),
            ("iPhone 17 Pro Max", 440, 956, 3), ("iPad mini (A17 Pro)", 744, 1133, 2),
            ("iPad Air 11-inch (M3)", 820, 1180, 2), ("iPad Air 13-inch (M3)", 1024, 1366, 2),
            ("iPad Pro 11-inch (M4)", 834, 1210, 2), ("iPad Pro 13-inch (M4)", 1032, 1376, 2),
        ]
        XCTAssertEqual(DeviceCatalogue.all.map(\.name), expected.map(\.0))
        for (name, width, height, scale) in expected {
            let device = try device(name)
            XCTAssertEqual(device.portraitSize, CGSize(width: width, height: height), name)
            XCTAssertEqual(device.scale, scale, name)
            XCTAssertEqual(device.size(.landscape), CGSize(width: height, height: width), name)
        }
    }

    func testSafeAreasAreTheSimulatorsValues() throws {
        func insets(_ t: CGFloat, _ l: CGFloat, _ b: CGFloat, _ r: CGFloat) -> EdgeInsets {
            EdgeInsets(top: t, left: l, bottom: b, right: r)
        }
        let expected: [(String, EdgeInsets, EdgeInsets)] = [
            ("iPhone SE (3rd generation)", insets(20, 0, 0, 0), .zero),
            ("iPhone 16e", insets(47, 0, 34, 0), insets(0, 47, 21, 47)),
            ("iPhone 16", insets(59, 0, 34, 0), insets(0, 59, 21, 59)),
            ("iPhone 16 Pro", insets(62, 0, 34, 0), insets(0, 62, 21, 62)),
            ("iPhone 17", insets(62, 0, 34, 0), insets(20, 62, 20, 62)),
            ("iPhone 17 Pro Max", insets(62, 0, 34, 0), insets(20, 62, 20, 62)),
            ("iPhone Air", insets(68, 0, 34, 0), insets(20, 68, 29, 68)),
            ("iPad Pro 13-inch (M4)", insets(24, 0, 20, 0), insets(24, 0, 20, 0)),
        ]
        for (name, portrait, landscape) in expected {
            XCTAssertEqual(try device(name).safeArea(.portrait), portrait, name)
            XCTAssertEqual(try device(name).safeArea(.landscape), landscape, name)
        }
    }

    /// UIKit's size classes: compact × regular for an iPhone upright; sideways compact height and
    /// regular width on the Plus, Pro Max and Air sizes; an iPad full screen is regular both ways.
    func testSizeClasses() throws {
        XCTAssertTrue(try device("iPhone 16").sizeClasses(.portrait) == (.compact, .regular))
        XCTAssertTrue(try device("iPhone 16").sizeClasses(.landscape) == (.compact, .compact))
        XCTAssertTrue(try device("iPhone 16 Pro Max").sizeClasses(.landscape) == (.regular, .compact))
        XCTAssertTrue(try device("iPad mini").sizeClasses(.landscape) == (.regular, .regular))
        XCTAssertEqual(try device("iPad mini").idiom, .pad)
    }

    func testLookupIgnoresCaseSpacesAndPunctuationAndAcceptsIDs() throws {
        XCTAssertEqual(try device("iphone 16 pro").id, "iphone-16-pro")
        XCTAssertEqual(try device("iPhone-16-Pro").name, "iPhone 16 Pro")
        XCTAssertEqual(try device("ipad-pro-13").name, "iPad Pro 13-inch (M4)")
        XCTAssertEqual(Set(DeviceCatalogue.all.map(\.id)).count, DeviceCatalogue.all.count, "ids are unique")
        for device in DeviceCatalogue.all {
            XCTAssertTrue(device.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, device.id)
        }
    }

    func testAnUnknownNameListsTheNearest() {
        XCTAssertThrowsError(try DeviceCatalogue.lookup("iPhone 16 Prox")) { error in
            let lookup = error as? DeviceLookupError
            XCTAssertEqual(lookup?.nearest.first, "iPhone 16 Pro")
            XCTAssertEqual(lookup?.nearest.count, 3)
            XCTAssertEqual(
                lookup?.description,
                "unknown device \"iPhone 16 Prox\"; nearest: \"iPhone 16 Pro\", \"iPhone 16 Pro Max\", \"iPhone 17 Pro\" "
                    + "(flowsim devices lists them all)")
        }
    }

    func testDeviceChoicesParseAnOrientation() throws {
        let choice = try DeviceChoice.parse("iPhone 16 landscape")
        XCTAssertEqual(choice.device.id, "iphone-16")
        XCTAssertEqual(choice.orientation, .landscape)
        XCTAssertEqual(choice.folderName, "iphone-16-landscape")
        XCTAssertEqual(try DeviceChoice.parse("ipad-mini:portrait").folderName, "ipad-mini")
        XCTAssertEqual(try DeviceChoice.parse("iPhone Air").orientation, .portrait)
    }
}
