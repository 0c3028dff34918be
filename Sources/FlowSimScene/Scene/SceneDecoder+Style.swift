import FlowSim
import FlowSimStyle
import FlowSimSupport
import Foundation

/// Render style and golden settings.
extension SceneDecoder {
    static let styleKeys: [SceneKey] = [
        SceneKey("background", .color, "background colour"),
        SceneKey("headerBackground", .color, "section header colour"),
        SceneKey("headerText", .color, "section header text colour"), SceneKey("cellText", .color, "cell text colour"),
        SceneKey("cellColor", .color, "cell colour"),
        SceneKey("cornerRadius", .nonNegative, "cell corner radius, ≤ 1000"),
        SceneKey("fontSize", .positive, "cell font size, ≤ 200"),
        SceneKey("headerFontSize", .positive, "header font size, ≤ 200"),
        SceneKey("selectionColor", .color, "selected cells' colour"),
    ]

    static let goldenKeys: [SceneKey] = [
        SceneKey("frames", .array(.integer(minimum: 0)), "frame indices at 60 fps compared with goldens"),
        SceneKey(
            "times", .array(.oneOf([.nonNegative, .choice(["start", "middle", "end"])])),
            "golden times in seconds, or \"start\", \"middle\", \"end\" (instead of frames)"),
        SceneKey("layoutTolerance", .nonNegative, "points an element may move before the layout golden fails"),
        SceneKey("threshold", .fraction, "pixelmatch colour threshold, 0…1"),
        SceneKey("maxDiffPixels", .integer(minimum: 0), "differing pixels tolerated"),
        SceneKey("maxDiffPixelRatio", .fraction, "fraction of differing pixels tolerated, 0…1"),
        SceneKey("scale", .positive, "pixels per point of golden images (default: the viewport's scale)"),
        SceneKey(
            "metric", .choice(goldenMetrics),
            "how golden images are compared (default pixelmatch; perceptual with perceptualPrecision)"),
        SceneKey(
            "perceptualPrecision", .fraction,
            "swift-snapshot-testing's perceptual precision, 0…1: ΔE94 ≤ (1 − P)·100 matches"),
        SceneKey("precision", .fraction, "share of pixels that must match, 0…1 (swift-snapshot-testing's precision)"),
        SceneKey("ssimThreshold", .fraction, "least mean SSIM of metric \"ssim\", 0…1 (default 0.99)"),
        SceneKey(
            "mask", .array(.oneOf([.array(.number), .string])),
            "regions left out of image comparisons: [x, y, width, height] in points, or element ids"),
        SceneKey("fullContent", .bool, "golden images show the whole content size, not the viewport"),
    ]

    static let goldenMetrics = ["exact", "pixelmatch", "perceptual", "ssim"]

    static func style(_ reader: ValueReader) throws -> SceneStyle {
        let object = try reader.object(known: styleKeys)
        var style = SceneStyle()
        if let value = object.optional("background") { style.background = try value.color() }
        if let value = object.optional("headerBackground") { style.headerBackground = try value.color() }
        if let value = object.optional("headerText") { style.headerText = try value.color() }
        if let value = object.optional("cellText") { style.cellText = try value.color() }
        if let value = object.optional("cellColor") { style.cellColor = try value.color() }
        if let value = object.optional("selectionColor") { style.selectionColor = try value.color() }
        // Bounded so Cairo never sees a degenerate text matrix ("invalid matrix"): the error names the key.
        func bounded(_ value: ValueReader, _ number: Double, max: Double) throws -> Double {
            guard number <= max else {
                throw value.error(.outOfRange(number, expected: "at most \(formatNumber(max))"))
            }
            return number
        }
        if let value = object.optional("cornerRadius") {
            style.cornerRadius = try bounded(value, value.nonNegative(), max: 1000)
        }
        if let value = object.optional("fontSize") { style.fontSize = try bounded(value, value.positive(), max: 200) }
        if let value = object.optional("headerFontSize") {
            style.headerFontSize = try bounded(value, value.positive(), max: 200)
        }
        return style
    }

    static func golden(_ reader: ValueReader) throws -> GoldenSpec {
        let object = try reader.object(known: goldenKeys)
        var golden = GoldenSpec()
        if let frames = object.optional("frames") { golden.frames = try frames.array().map { try $0.integer(min: 0) } }
        if let times = object.optional("times") {
            if object.optional("frames") != nil {
                throw SceneError(path: times.path, .conflictingKeys("frames", "times"))
            }
            golden.times = try times.array().map(goldenTime)
        }
        if let value = object.optional("layoutTolerance") { golden.layoutTolerance = try value.nonNegative() }
        if let value = object.optional("threshold") {
            golden.threshold = try value.nonNegative()
            if golden.threshold > 1 {
                throw value.error(.outOfRange(golden.threshold, expected: "a number in 0…1"))
            }
        }
        if let value = object.optional("maxDiffPixels") { golden.maxDiffPixels = try value.integer(min: 0) }
        if let value = object.optional("scale") { golden.scale = try value.positive() }
        if let value = object.optional("maxDiffPixelRatio") {
            golden.maxDiffPixelRatio = try value.nonNegative()
            if golden.maxDiffPixelRatio! > 1 {
                throw value.error(.outOfRange(golden.maxDiffPixelRatio!, expected: "a number in 0…1"))
            }
        }
        try goldenComparison(object, into: &golden)
        return golden
    }

    /// The comparison keys added with perceptual precision, SSIM, masks and whole-content captures.
    static func goldenComparison(_ object: ObjectReader, into golden: inout GoldenSpec) throws {
        func fraction(_ value: ValueReader) throws -> Double {
            let number = try value.nonNegative()
            guard number <= 1 else { throw value.error(.outOfRange(number, expected: "a number in 0…1")) }
            return number
        }
        if let value = object.optional("metric") { golden.metric = try value.choice(goldenMetrics) }
        if let value = object.optional("perceptualPrecision") {
            golden.perceptualPrecision = try fraction(value)
            if let metric = golden.metric, metric != "perceptual" {
                throw value.error(
                    .requires(
                        "perceptualPrecision", requirement: "\"metric\": \"perceptual\"",
                        given: "\"metric\": \"\(metric)\""))
            }
        }
        if let value = object.optional("precision") { golden.precision = try fraction(value) }
        if let value = object.optional("ssimThreshold") {
            golden.ssimThreshold = try fraction(value)
            guard golden.metric == "ssim" else {
                throw value.error(.requires("ssimThreshold", requirement: "\"metric\": \"ssim\""))
            }
        }
        if let value = object.optional("fullContent") { golden.fullContent = try value.bool() }
        if let value = object.optional("mask") {
            golden.mask = try value.array().map { entry in
                if case .string(let id) = entry.value {
                    guard !id.isEmpty else { throw entry.error(.expected("an element id", got: "an empty string")) }
                    return .element(id)
                }
                let numbers = try entry.array().map { try $0.number() }
                guard numbers.count == 4 else {
                    throw entry.error(
                        .expected("[x, y, width, height] in points or an element id", got: "\(numbers.count) numbers"))
                }
                guard numbers[2] > 0, numbers[3] > 0 else {
                    throw entry.error(
                        "a mask's width and height must be > 0, got \(formatNumber(numbers[2]))×\(formatNumber(numbers[3]))"
                    )
                }
                return .rect(CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            }
        }
    }

    /// A number of seconds (≥ 0) or "start", "middle", "end".
    static func goldenTime(_ value: ValueReader) throws -> GoldenTime {
        if case .string(let name) = value.value {
            switch name {
            case "start": return .start
            case "middle": return .middle
            case "end": return .end
            default:
                throw value.error(.expected("seconds or \"start\", \"middle\", \"end\"", got: SafeText.quoted(name)))
            }
        }
        return .seconds(try value.nonNegative())
    }
}
