import FlowSim
import Foundation

/// Render style and golden settings.
extension SceneDecoder {
    static func style(_ reader: ValueReader) throws -> SceneStyle {
        let object = try reader.object(known: [
            "background", "headerBackground", "headerText", "cellText", "cellColor", "cornerRadius", "fontSize",
            "headerFontSize", "selectionColor",
        ])
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
                throw value.error("expected at most \(formatNumber(max)), got \(formatNumber(number))")
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
        let object = try reader.object(known: [
            "frames", "times", "threshold", "maxDiffPixels", "maxDiffPixelRatio", "layoutTolerance",
        ])
        var golden = GoldenSpec()
        if let frames = object.optional("frames") { golden.frames = try frames.array().map { try $0.integer(min: 0) } }
        if let times = object.optional("times") {
            if object.optional("frames") != nil {
                throw SceneError(path: times.path, message: "give either \"frames\" (indices) or \"times\", not both")
            }
            golden.times = try times.array().map(goldenTime)
        }
        if let value = object.optional("layoutTolerance") { golden.layoutTolerance = try value.nonNegative() }
        if let value = object.optional("threshold") {
            golden.threshold = try value.nonNegative()
            if golden.threshold > 1 {
                throw SceneError(
                    path: value.path, message: "expected a number in 0…1, got \(formatNumber(golden.threshold))")
            }
        }
        if let value = object.optional("maxDiffPixels") { golden.maxDiffPixels = try value.integer(min: 0) }
        if let value = object.optional("maxDiffPixelRatio") {
            golden.maxDiffPixelRatio = try value.nonNegative()
            if golden.maxDiffPixelRatio! > 1 {
                throw SceneError(
                    path: value.path,
                    message: "expected a number in 0…1, got \(formatNumber(golden.maxDiffPixelRatio!))")
            }
        }
        return golden
    }

    /// A number of seconds (≥ 0) or "start", "middle", "end".
    static func goldenTime(_ value: ValueReader) throws -> GoldenTime {
        if case .string(let name) = value.value {
            switch name {
            case "start": return .start
            case "middle": return .middle
            case "end": return .end
            default:
                throw SceneError(
                    path: value.path, message: "expected seconds or \"start\", \"middle\", \"end\", got \"\(name)\"")
            }
        }
        return .seconds(try value.nonNegative())
    }
}
