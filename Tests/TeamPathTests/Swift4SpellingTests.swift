import UIKit
import XCTest

@testable import Swift4AppLayouts

/// A layout built with `-swift-version 4` (UIKit's pre-4.2 names) compiles and lays out.
final class Swift4SpellingTests: XCTestCase {
    func testTheOldNamesMeanTheNewOnes() {
        let layout = OldSpellingLayout()
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 300, height: 100), collectionViewLayout: layout)
        layout.prepare()
        XCTAssertTrue(layout.collectionView === collectionView)
        XCTAssertEqual(layout.scrollDirection, .horizontal)
        XCTAssertEqual(layout.sectionInset, UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        XCTAssertEqual(layout.options(), [.curveEaseOut])
    }
}
