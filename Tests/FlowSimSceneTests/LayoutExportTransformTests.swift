import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// How frames JSON and layout JSON write alpha and transforms (moved from the core's
/// Transform3DTests: the export is the scene module's).
final class LayoutExportTransformTests: XCTestCase {
    func element(_ item: Int) -> PresentedElement {
        PresentedElement(
            kind: .cell, section: 0, item: item, id: "i\(item)", center: .zero, size: CGSize(width: 1, height: 1),
            zIndex: 0, transform3D: CATransform3DIdentity)
    }

    /// Frames JSON clamps alpha as it is presented; layout JSON keeps what the layout set.
    func testFramesJSONClampsAlphaAndLayoutJSONKeepsIt() {
        var element = element(0)
        element.alpha = 1.5
        XCTAssertTrue(LayoutExport.element(element).serialized().contains("\"alpha\": 1,"))
        let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.alpha = 1.5
        XCTAssertTrue(LayoutExport.element(attributes, id: "x").serialized().contains("\"alpha\": 1.5,"))
    }

    func testFramesJSONHasTransform3DOnlyWhenNotAffine() {
        var flat = element(0)
        flat.transform = CGAffineTransform(scaleX: 2, y: 2)
        let flatJSON = LayoutExport.element(flat).serialized()
        XCTAssertFalse(flatJSON.contains("transform3D"))
        XCTAssertTrue(
            flatJSON.contains("\"transform\": {\"a\": 2, \"b\": 0, \"c\": 0, \"d\": 2, \"tx\": 0, \"ty\": 0}"))
        var deep = element(0)
        deep.transform3D = CATransform3DMakeTranslation(1, 2, 3)
        deep.transform3D.m34 = -0.002
        XCTAssertTrue(
            LayoutExport.element(deep).serialized().contains(
                "\"transform\": {\"a\": 1, \"b\": 0, \"c\": 0, \"d\": 1, \"tx\": 1, \"ty\": 2}, "
                    + "\"transform3D\": [1,0,0,0,0,1,0,0,0,0,1,-0.002,1,2,3,1], \"alpha\": 1"))
    }
}
