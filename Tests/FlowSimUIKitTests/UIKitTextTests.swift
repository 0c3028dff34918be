import FlowSimUIKit
import Foundation
import XCTest

/// Text measurement layout delegates call (UIKitText.swift): UIKit's names and signatures, with
/// FlowSim's deterministic approximation (0.6 em a character, 1.2 em a line, greedy word wrap).
final class UIKitTextTests: XCTestCase {
    private let ten = UIFont.systemFont(ofSize: 10)  // 6 pt a character, 12 pt a line

    func testOneLineIsCharactersTimesTheAdvance() {
        let size = "Swift".size(withAttributes: [.font: ten])
        XCTAssertEqual(size.width, 30, accuracy: 1e-9)
        XCTAssertEqual(size.height, 12, accuracy: 1e-9)
    }

    /// 60 pt at 6 pt a character: 10 characters a line. "hello world again" wraps before each
    /// word (5 + 1 + 5 = 11 > 10); without `.usesLineFragmentOrigin` UIKit measures one line.
    func testBoundingRectWrapsWordsOnlyWithLineFragmentOrigin() {
        let text = "hello world again"
        let wrapped = text.boundingRect(
            with: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude),
            options: [.usesLineFragmentOrigin, .usesFontLeading],
            attributes: [.font: ten], context: nil)
        XCTAssertEqual(wrapped.origin, CGPoint.zero)
        XCTAssertEqual(wrapped.width, 30, accuracy: 1e-9)
        XCTAssertEqual(wrapped.height, 36, accuracy: 1e-9)
        let single = text.boundingRect(
            with: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude), options: [], attributes: [.font: ten],
            context: nil)
        XCTAssertEqual(single.width, 102, accuracy: 1e-9)
        XCTAssertEqual(single.height, 12, accuracy: 1e-9)
        // Two short words share a line; a newline always starts one.
        let lines = "ab cd\nef".boundingRect(
            with: CGSize(width: 60, height: 1000), options: .usesLineFragmentOrigin, attributes: [.font: ten],
            context: nil)
        XCTAssertEqual(lines.height, 24, accuracy: 1e-9)
        XCTAssertEqual(lines.width, 30, accuracy: 1e-9)
    }

    /// A 25-character word in 10-character lines: 10, 10, 5.
    func testAWordLongerThanALineIsBroken() {
        let rect = ("abcdefghijklmnopqrstuvwxy" as NSString).boundingRect(
            with: CGSize(width: 60, height: 1000), options: .usesLineFragmentOrigin, attributes: [.font: ten],
            context: NSStringDrawingContext())
        XCTAssertEqual(rect.width, 60, accuracy: 1e-9)
        XCTAssertEqual(rect.height, 36, accuracy: 1e-9)
    }

    /// Dynamic Type's sizes at the default text size (Apple's text-style table), UIKit's raw
    /// values, and iOS's default attributed-string font (Helvetica 12) when none is given.
    func testFontsAndAttributedStrings() {
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body).pointSize, 17)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .caption1).pointSize, 12)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize, 34)
        XCTAssertEqual(UIFont.TextStyle.largeTitle.rawValue, "UICTFontTextStyleTitle0")
        XCTAssertEqual(UIFont.Weight.medium.rawValue, 0.23)
        XCTAssertEqual(NSAttributedString.Key.font.rawValue, "NSFont")
        XCTAssertEqual(UIFont.systemFont(ofSize: 17).lineHeight, 20.4, accuracy: 1e-9)
        let attributed = NSAttributedString(string: "abc", attributes: [.font: UIFont.systemFont(ofSize: 20)])
        XCTAssertEqual(attributed.size().width, 36, accuracy: 1e-9)
        XCTAssertEqual(attributed.size().height, 24, accuracy: 1e-9)
        XCTAssertEqual("ab".size(withAttributes: nil).width, 14.4, accuracy: 1e-9)
    }
}
