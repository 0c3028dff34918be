import FlowSim
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

@testable import os

/// The fifth round of open-source layouts (docs/layouts-on-linux.md, "Checked against
/// open-source layouts"): the gaps such files hit (`import os` logging, `UIImage` and
/// `#imageLiteral`, `directionalLayoutMargins`) and a centred-rows flow layout in
/// KTCenterFlowLayout's shape (`CentredRowsFlowLayout`), with exact frames.
final class OpenSourceRoundFiveTests: XCTestCase {
    // MARK: CentredRowsFlowLayout (KTCenterFlowLayout's shape)

    /// Chips 100, 80, 100 | 150, 90 | 200 wide, 40 high, 10 pt spacings, in 320 pt. Super breaks
    /// 100 + 10 + 80 + 10 + 100 = 300 ≤ 320 into the first line (150 more would not fit), and the
    /// layout re-lays each row from (320 − row width) / 2 with 10 pt gaps: row 1 from 10, row 2
    /// (250 wide) from 35, row 3 (200) from 60; lines 50 apart (40 + line spacing 10).
    func testRowsAreCentredInTheWidthWithTheInteritemSpacing() {
        let layout = CentredRowsFlowLayout()
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        let widths: [CGFloat] = [100, 80, 100, 150, 90, 200]
        let harness = Harness(
            width: 320, height: 400, layout: layout,
            sections: [
                SectionData(
                    id: "s",
                    items: widths.enumerated().map {
                        ItemData(id: "c\($0.offset)", size: CGSize(width: $0.element, height: 40))
                    })
            ])
        let chips = harness.visibleCells()
        let expected: [CGRect] = [
            CGRect(x: 10, y: 0, width: 100, height: 40), CGRect(x: 120, y: 0, width: 80, height: 40),
            CGRect(x: 210, y: 0, width: 100, height: 40), CGRect(x: 35, y: 50, width: 150, height: 40),
            CGRect(x: 195, y: 50, width: 90, height: 40), CGRect(x: 60, y: 100, width: 200, height: 40),
        ]
        XCTAssertEqual(chips.count, expected.count)
        for (item, frame) in expected.enumerated() {
            assertFrame(chips[IndexPath(item: item, section: 0)]?.frame, frame, "chip \(item)")
        }
        XCTAssertTrue(harness.collectionView.diagnostics.isEmpty, "the layout copies super's attributes")
    }

    // MARK: import os

    /// Logging is a no-op unless FLOWSIM_OS_LOG=1 (so FlowSim's output stays byte-stable): a
    /// disabled `Logger` or `os_log` call never evaluates its arguments, as Apple's logging defers them.
    func testLoggingIsSilentAndDoesNotEvaluateItsArguments() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["FLOWSIM_OS_LOG"] == "1", "logging asked for")
        XCTAssertFalse(OSLog.default.isEnabled(type: .error))
        XCTAssertFalse(OSLog.disabled.isEnabled(type: .fault))
        var evaluated = 0
        func value() -> Int {
            evaluated += 1
            return evaluated
        }
        let logger = Logger(subsystem: "com.example", category: "test")
        logger.debug("value \(value(), privacy: .public) and \(Double(value()), format: .fixed(precision: 2))")
        logger.error("value \(value(), format: .decimal, privacy: .private(mask: .hash))")
        logger.log(level: .fault, "plain")
        XCTAssertEqual(evaluated, 0)
        os_log("%{public}@ %d", log: .default, type: .info, "x", 1)
        os_log(.error, log: OSLog(subsystem: "s", category: "c"), "no arguments")
    }

    /// The message text: interpolations in order, `.fixed(precision:)` honoured, os_log's privacy
    /// markers dropped from the printf format.
    func testMessagesReadAsTheyWouldBeLogged() {
        let message: OSLogMessage = "row \(3, privacy: .public) at \(12.25, format: .fixed(precision: 1)) of \("s")"
        XCTAssertEqual(message.text, "row 3 at 12.2 of s")
        XCTAssertEqual(formatted("%{public}@ has %d rows", ["grid", 4]), "grid has 4 rows")
    }

    // MARK: UIImage

    /// UIKit's `UIImage` without pixels: named, system and literal images exist (a force-unwrap
    /// does not trap off-device), their size is zero, `withRenderingMode(_:)` sets the mode.
    func testImagesHaveNamesAndModesButNoPixels() throws {
        let photo = try XCTUnwrap(UIImage(named: "yosemite"))
        XCTAssertEqual(photo.name, "yosemite")
        XCTAssertEqual(photo.size, .zero)
        XCTAssertEqual(photo.renderingMode, .automatic)
        XCTAssertEqual(photo.withRenderingMode(.alwaysTemplate).renderingMode, .alwaysTemplate)
        let symbol = try XCTUnwrap(UIImage(systemName: "star.fill"))
        XCTAssertTrue(symbol.isSymbolImage)
        XCTAssertFalse(photo.isSymbolImage)
        let literal = #imageLiteral(resourceName: "placeholder")
        XCTAssertEqual(literal.name, "placeholder")
        XCTAssertEqual(UIImage(size: CGSize(width: 400, height: 300)).size, CGSize(width: 400, height: 300))
    }

    // MARK: directionalLayoutMargins

    /// A collection view's margins (8 pt set; insetsLayoutMarginsFromSafeArea adds a zero safe
    /// area here) by leading and trailing edge: leading is left, and right in a right-to-left view.
    func testDirectionalMarginsFollowTheLayoutDirection() {
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewFlowLayout())
        collectionView.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 20, bottom: 6, trailing: 12)
        XCTAssertEqual(collectionView.layoutMargins, UIEdgeInsets(top: 4, left: 20, bottom: 6, right: 12))
        collectionView.semanticContentAttribute = .forceRightToLeft
        XCTAssertEqual(
            collectionView.directionalLayoutMargins,
            NSDirectionalEdgeInsets(top: 4, leading: 12, bottom: 6, trailing: 20))
        XCTAssertEqual(
            UIView().directionalLayoutMargins, NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0))
    }
}

extension OpenSourceRoundFiveTests {
    /// UIKit's `NSIndexPath` additions: Swift 3's migrated layouts read
    /// `(indexPath as NSIndexPath).section` and `.item`/`.row`.
    func testBridgedIndexPathsHaveUIKitsSectionAndItem() {
        let bridged = IndexPath(item: 7, section: 2) as NSIndexPath
        XCTAssertEqual(bridged.section, 2)
        XCTAssertEqual(bridged.item, 7)
        XCTAssertEqual(bridged.row, 7)
        XCTAssertEqual(NSIndexPath(row: 3, section: 1) as IndexPath, IndexPath(item: 3, section: 1))
        XCTAssertEqual(NSIndexPath(item: 4, section: 0).item, 4)
    }
}
