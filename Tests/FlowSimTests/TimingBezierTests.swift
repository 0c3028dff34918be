import XCTest

@testable import FlowSim

/// Core Animation's named cubic Béziers against mpmath (x(s) = t solved with `findroot` at 40
/// digits, then y(s)); tolerance 1e-10, 1000× tighter than the 1e-7 required.
final class TimingBezierTests: XCTestCase {
    let fractions = [0.1, 0.25, 0.5, 0.75, 0.9]

    func check(
        _ curve: CubicBezier, _ expected: [Double], file: StaticString = #filePath,
        line: UInt = #line
    ) {
        for (t, value) in zip(fractions, expected) {
            XCTAssertEqual(
                curve.progress(atFraction: t), value, accuracy: 1e-10, "t = \(t)",
                file: file, line: line)
        }
    }

    func testEaseIn() {
        check(
            .easeIn,
            [
                0.017026609651562941802, 0.093464650718824859243,
                0.31535681257253930426, 0.62186186917489020266, 0.83942784576246652936,
            ])
    }

    func testEaseOut() {
        check(
            .easeOut,
            [
                0.16057215423753347064, 0.37813813082510979734,
                0.68464318742746069574, 0.90653534928117514076, 0.9829733903484370582,
            ])
    }

    func testEaseInEaseOut() {
        check(
            .easeInEaseOut,
            [
                0.019722453548311195623, 0.12916193104731981165, 0.5,
                0.87083806895268018835, 0.98027754645168880438,
            ])
        // Symmetric control points: exactly 0.5 at the middle.
        XCTAssertEqual(CubicBezier.easeInEaseOut.progress(atFraction: 0.5), 0.5, accuracy: 1e-15)
    }

    func testDefault() {
        check(
            .default,
            [
                0.094796305716043246267, 0.4085105913553958706,
                0.80240338758485698952, 0.96045897834897408422, 0.99431647748455636886,
            ])
    }

    func testEndpointsAndLinear() {
        for curve in [CubicBezier.easeIn, .easeOut, .easeInEaseOut, .default] {
            XCTAssertEqual(curve.progress(atFraction: 0), 0)
            XCTAssertEqual(curve.progress(atFraction: 1), 1)
            XCTAssertEqual(curve.progress(atFraction: -0.5), 0)
            XCTAssertEqual(curve.progress(atFraction: 1.5), 1)
        }
        // Control points on the diagonal give the identity.
        let diagonal = CubicBezier(x1: 0.3, y1: 0.3, x2: 0.7, y2: 0.7)
        for t in stride(from: 0.0, through: 1, by: 0.01) {
            XCTAssertEqual(diagonal.progress(atFraction: t), t, accuracy: 1e-11)
        }
    }

    func testMonotonic() {
        let curves = [
            CubicBezier.easeIn, .easeOut, .easeInEaseOut, .default,
            CubicBezier(x1: 0.9, y1: 0.1, x2: 0.1, y2: 0.9),
            CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0),
        ]
        for curve in curves {
            var previous = 0.0
            for i in 1...2000 {
                let value = curve.progress(atFraction: Double(i) / 2000)
                XCTAssertGreaterThanOrEqual(value, previous - 1e-12, "\(curve) \(i)")
                previous = value
            }
        }
    }

    func testFlatSlopeFallsBackToBisection() {
        // x′(0) = 0 and x′(1) = 0: Newton stalls near the ends; the solve must still be exact.
        let curve = CubicBezier(x1: 0, y1: 0.2, x2: 1, y2: 0.8)
        for t in [1e-9, 1e-6, 0.001, 0.5, 0.999, 1 - 1e-9] {
            let s = curve.parameter(forX: t)
            XCTAssertEqual(curve.x(s), t, accuracy: 1e-12, "\(t)")
        }
    }

    func testCustomControlPointsClampX() {
        let curve = CubicBezier(x1: -1, y1: 0.5, x2: 2, y2: 0.5)
        XCTAssertEqual(curve.x1, 0)
        XCTAssertEqual(curve.x2, 1)
        XCTAssertEqual(curve.y1, 0.5)
    }
}
