import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

/// The kernels skip identical rows and pixels; these tests compare them with a direct
/// pixel-by-pixel transcription of pixelmatch on random images with sparse edits, so a fast
/// path that changed a count would show.
final class CompareFastPathTests: XCTestCase {
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    }

    /// Blocky image (flat 4×4 tiles, some semi-transparent) so both flat areas and edges exist.
    private func image(_ width: Int, _ height: Int, _ g: inout Generator) -> RGBAImage {
        var tiles = [[UInt8]]()
        for _ in 0..<((width / 4 + 1) * (height / 4 + 1)) {
            tiles.append([g.byte(), g.byte(), g.byte(), g.next() % 3 == 0 ? g.byte() : 255])
        }
        var pixels = [UInt8]()
        for y in 0..<height {
            for x in 0..<width { pixels += tiles[(y / 4) * (width / 4 + 1) + x / 4] }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    func testKernelsAgreeWithDirectTranscription() {
        var g = Generator(state: 42)
        for round in 0..<20 {
            let width = 1 + Int(g.next() % 40)
            let height = 1 + Int(g.next() % 40)
            let expected = image(width, height, &g)
            var actual = expected
            for _ in 0..<Int(g.next() % 30) {
                let offset = Int(g.next() % UInt64(width * height)) * 4 + Int(g.next() % 4)
                actual.pixels[offset] = g.byte()
            }
            for threshold in [0.0, 0.05, 0.1, 0.3] {
                for includeAA in [false, true] {
                    let options = ImageComparisonOptions(
                        threshold: threshold, includeAntiAliasing: includeAA)
                    let fast = ImageComparator.compareWithDiff(expected, actual, options: options)
                    let slow = ReferencePixelmatch.run(expected, actual, threshold, includeAA)
                    XCTAssertEqual(fast.result.diffPixels, slow.diff, "round \(round)")
                    XCTAssertEqual(fast.result.antiAliasedPixels, slow.aa, "round \(round)")
                }
            }
            let exact = ImageComparator.compare(expected, actual, options: .init(metric: .exact))
            let direct = (0..<(width * height)).filter {
                expected.pixels[($0 * 4)..<($0 * 4 + 4)] != actual.pixels[($0 * 4)..<($0 * 4 + 4)]
            }.count
            XCTAssertEqual(exact.diffPixels, direct, "round \(round)")
        }
    }
}

/// pixelmatch 5.3 written as plainly as possible (no fast paths), for the test above only.
private enum ReferencePixelmatch {
    static func run(
        _ a: RGBAImage, _ b: RGBAImage, _ threshold: Double, _ includeAA: Bool
    ) -> (diff: Int, aa: Int) {
        let maxDelta = 35215 * threshold * threshold
        var diff = 0
        var aa = 0
        for y in 0..<a.height {
            for x in 0..<a.width where abs(delta(a, b, x, y)) > maxDelta {
                if !includeAA && (antialiased(a, b, x, y) || antialiased(b, a, x, y)) {
                    aa += 1
                } else {
                    diff += 1
                }
            }
        }
        return (diff, aa)
    }

    static func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> (Double, Double, Double) {
        let p = image[x, y]
        guard p.a < 255 else { return (Double(p.r), Double(p.g), Double(p.b)) }
        let alpha = Double(p.a) / 255
        return (
            255 + (Double(p.r) - 255) * alpha, 255 + (Double(p.g) - 255) * alpha,
            255 + (Double(p.b) - 255) * alpha
        )
    }

    static func yiq(_ c: (Double, Double, Double)) -> (Double, Double, Double) {
        (
            c.0 * 0.29889531 + c.1 * 0.58662247 + c.2 * 0.11448223,
            c.0 * 0.59597799 - c.1 * 0.27417610 - c.2 * 0.32180189,
            c.0 * 0.21147017 - c.1 * 0.52261711 + c.2 * 0.31114694
        )
    }

    static func same(_ a: RGBAImage, _ b: RGBAImage, _ x: Int, _ y: Int, _ u: Int, _ v: Int)
        -> Bool
    {
        a[x, y] == b[u, v]
    }

    static func delta(_ a: RGBAImage, _ b: RGBAImage, _ x: Int, _ y: Int) -> Double {
        if same(a, b, x, y, x, y) { return 0 }
        let p = yiq(rgb(a, x, y))
        let q = yiq(rgb(b, x, y))
        let d =
            0.5053 * (p.0 - q.0) * (p.0 - q.0) + 0.299 * (p.1 - q.1) * (p.1 - q.1)
            + 0.1957 * (p.2 - q.2) * (p.2 - q.2)
        return p.0 > q.0 ? -d : d
    }

    static func neighbours(_ img: RGBAImage, _ x: Int, _ y: Int) -> [(Int, Int)] {
        var list = [(Int, Int)]()
        for u in max(x - 1, 0)...min(x + 1, img.width - 1) {
            for v in max(y - 1, 0)...min(y + 1, img.height - 1) where u != x || v != y {
                list.append((u, v))
            }
        }
        return list
    }

    static func onBorder(_ img: RGBAImage, _ x: Int, _ y: Int) -> Bool {
        x == 0 || y == 0 || x == img.width - 1 || y == img.height - 1
    }

    static func antialiased(_ img: RGBAImage, _ other: RGBAImage, _ x: Int, _ y: Int) -> Bool {
        var zeroes = onBorder(img, x, y) ? 1 : 0
        var minD = 0.0
        var maxD = 0.0
        var minP = (0, 0)
        var maxP = (0, 0)
        for (u, v) in neighbours(img, x, y) {
            let d =
                same(img, img, x, y, u, v)
                ? 0
                : yiq(rgb(img, x, y)).0 - yiq(rgb(img, u, v)).0
            if d == 0 {
                zeroes += 1
                if zeroes > 2 { return false }
            } else if d < minD {
                (minD, minP) = (d, (u, v))
            } else if d > maxD {
                (maxD, maxP) = (d, (u, v))
            }
        }
        if minD == 0 || maxD == 0 { return false }
        return (siblings(img, minP) && siblings(other, minP))
            || (siblings(img, maxP) && siblings(other, maxP))
    }

    static func siblings(_ img: RGBAImage, _ p: (Int, Int)) -> Bool {
        let equal = neighbours(img, p.0, p.1).filter { same(img, img, p.0, p.1, $0.0, $0.1) }
        return equal.count + (onBorder(img, p.0, p.1) ? 1 : 0) > 2
    }
}
