import Foundation

/// JUnit XML for golden checks: one `<testsuite>` per scene, one `<testcase>` per scene frame
/// (`classname` = scene, `name` = `frame_NNNN`). Mismatches and missing goldens are
/// `<failure>`, errors are `<error>`, recordings pass with a `<system-out>` line. A scene that
/// could not be checked at all (`GoldenCaseResult.sceneError`) is one `<testcase name="scene">`
/// with an `<error>`, counted in `errors`.
public enum JUnitReport {
    public static func xml(_ results: [GoldenCaseResult], suiteName: String) -> String {
        var order: [String] = []
        var byScene: [String: [GoldenCaseResult]] = [:]
        for result in results {
            if byScene[result.scene] == nil { order.append(result.scene) }
            byScene[result.scene, default: []].append(result)
        }
        func counts(_ cases: [GoldenCaseResult]) -> String {
            let failures = cases.filter { $0.status == .failed || $0.status == .missing }.count
            let errors = cases.filter { $0.status == .error }.count
            let time = cases.reduce(0) { $0 + $1.seconds }
            return
                "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(String(format: "%.3f", time))\""
        }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites name=\"\(escape(suiteName))\" \(counts(results))>")
        for scene in order {
            let cases = byScene[scene] ?? []
            lines.append("  <testsuite name=\"\(escape(scene))\" \(counts(cases))>")
            for result in cases {
                // A scene that could not be loaded, simulated or rendered is one case named "scene".
                let name = result.isSceneError ? "scene" : result.fileStem
                let open =
                    "    <testcase classname=\"\(escape(scene))\" name=\"\(name)\" time=\"\(String(format: "%.3f", result.seconds))\""
                let message = result.isFailure ? result.fullMessage : (result.message ?? "")
                switch result.status {
                case .passed:
                    lines.append(open + "/>")
                case .recorded:
                    lines.append(open + ">")
                    lines.append("      <system-out>\(escape(message))</system-out>")
                    lines.append("    </testcase>")
                case .failed, .missing:
                    lines.append(open + ">")
                    let type = result.status == .missing ? "missing" : "mismatch"
                    lines.append(
                        "      <failure type=\"\(type)\" message=\"\(escape(message))\">\(escape(details(result)))</failure>"
                    )
                    lines.append("    </testcase>")
                case .error:
                    lines.append(open + ">")
                    lines.append(
                        "      <error type=\"error\" message=\"\(escape(message))\">\(escape(message))</error>")
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func details(_ result: GoldenCaseResult) -> String {
        var text = result.fullMessage
        text += "\ngolden: \(result.goldenPath)"
        if let layout = result.layoutPath { text += "\nlayout golden: \(layout)" }
        for change in result.layoutChanges { text += "\nlayout: \(change)" }
        text += "\ntime: \(String(format: "%.4f", result.time)) s"
        if let c = result.comparison {
            text +=
                "\ndiffPixels: \(c.diffPixels), totalPixels: \(c.totalPixels), ratio: \(c.ratio), size: \(c.width)x\(c.height)"
        }
        return text
    }

    /// XML 1.0 text: the five predefined entities escaped, characters XML cannot hold dropped.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case "\r": out += "&#13;"
            default:
                let v = scalar.value
                let allowed = (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
                if allowed { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
