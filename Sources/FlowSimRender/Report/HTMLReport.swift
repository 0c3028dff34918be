import FlowSimOutput
import Foundation

/// The `--report DIR` folder: for every case its expected, actual, diff and side-by-side PNGs
/// (those that exist) and an offline `index.html` (inline CSS and script, images by relative
/// path, no network). Failing cases come first, each with expected / actual / diff /
/// side-by-side and a slider over expected and actual; passing and recorded cases are collapsed.
public enum HTMLReport {
    /// Images written for one case, as file names inside the report folder.
    public struct CaseFiles: Sendable, Equatable {
        public var expected: String?
        public var actual: String?
        public var diff: String?
        public var sideBySide: String?
    }

    /// Writes the folder atomically (replacing an existing one) and returns the index path.
    @discardableResult
    public static func write(
        _ results: [GoldenCaseResult], to directory: URL, title: String = "FlowSim golden check", orphans: [String] = []
    ) throws -> URL {
        try writeFolder(results, to: directory, title: title, orphans: orphans).index
    }

    /// `write`, also returning each case's image files (for the Markdown summary's links).
    public static func writeFolder(
        _ results: [GoldenCaseResult], to directory: URL, title: String = "FlowSim golden check", orphans: [String] = []
    ) throws -> (index: URL, files: [CaseFiles]) {
        let folder = try Folder(replacing: directory)
        for start in stride(from: 0, to: results.count, by: 8) {
            try folder.add(contentsOf: Array(results[start..<min(start + 8, results.count)]))
        }
        return try folder.finish(results, title: title, orphans: orphans)
    }

    /// A report folder written as cases are compared: `add` writes a case's images at once (so
    /// they can be dropped), `finish` the page and `results.json` for the final results, in the
    /// same order (cases past those added, such as scene errors, are named there). Byte for byte
    /// what `writeFolder` writes for the final results. A side-by-side image is kept, encoded,
    /// until `finish` says the case is still failing (a recorded case has none).
    public final class Folder {
        let writer: AtomicOutput.Folder
        let encoder = PNGEncoder(compression: .fast, colorMode: .rgba)
        var used = Set<String>()
        var files: [CaseFiles] = []
        var sideBySide: [Int: (name: String, data: Data)] = [:]

        public init(replacing directory: URL) throws { writer = try AtomicOutput.Folder(replacing: directory) }

        private func stem(_ result: GoldenCaseResult) -> String {
            var base = fileStem(result)
            var n = 2
            while !used.insert(base).inserted {
                base = fileStem(result) + "-\(n)"
                n += 1
            }
            return base
        }

        /// Names the next case and writes its expected, actual and diff images.
        public func add(_ result: GoldenCaseResult) throws { try add(contentsOf: [result]) }

        /// Names the next cases and writes their images, encoded on all cores.
        public func add(contentsOf results: [GoldenCaseResult]) throws {
            let bases = results.map(stem)
            let suffixes = ["expected", "actual", "diff", "side-by-side"]
            func image(_ result: GoldenCaseResult, _ kind: Int) -> RGBAImage? {
                switch kind {
                case 0: return result.expected
                case 1: return result.actual
                case 2: return result.diff
                default:
                    guard let expected = result.expected, let actual = result.actual, result.isFailure else {
                        return nil
                    }
                    return SideBySideImage.compose(expected: expected, diff: result.diff, actual: actual)
                }
            }
            let encoder = encoder
            let encoded = try parallelMap(
                count: results.count * 4, concurrency: ProcessInfo.processInfo.activeProcessorCount
            ) { slot -> Data? in
                guard let image = image(results[slot / 4], slot % 4), image.width > 0, image.height > 0 else {
                    return nil
                }
                return try encoder.encode(image)
            }
            for (index, base) in bases.enumerated() {
                var entry = CaseFiles()
                for kind in 0..<3 {
                    guard let data = encoded[index * 4 + kind] else { continue }
                    let name = "\(base)-\(suffixes[kind]).png"
                    try writer.write(data, named: name)
                    switch kind {
                    case 0: entry.expected = name
                    case 1: entry.actual = name
                    default: entry.diff = name
                    }
                }
                if let data = encoded[index * 4 + 3] {
                    sideBySide[files.count] = ("\(base)-side-by-side.png", data)
                }
                files.append(entry)
            }
        }

        /// Writes the page and `results.json` for `results` (the added cases first, in order) and
        /// commits the folder.
        public func finish(_ results: [GoldenCaseResult], title: String, orphans: [String]) throws -> (
            index: URL, files: [CaseFiles]
        ) {
            for result in results.dropFirst(files.count) {
                _ = stem(result)
                files.append(CaseFiles())
            }
            for (index, result) in results.enumerated() where result.isFailure {
                guard let side = sideBySide[index] else { continue }
                try writer.write(side.data, named: side.name)
                files[index].sideBySide = side.name
            }
            sideBySide = [:]
            try writer.write(
                Data(html(results, files: files, title: title, orphans: orphans).utf8), named: "index.html")
            try writer.write(
                Data(ReportResults.json(results, files: files, orphans: orphans).utf8), named: ReportResults.fileName)
            try writer.commit()
            return (writer.destination.appendingPathComponent("index.html"), files)
        }
    }

    static func fileStem(_ result: GoldenCaseResult) -> String {
        let safe = String(
            result.scene.unicodeScalars.map { scalar -> Character in
                CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" || scalar == "_"
                    ? Character(scalar) : "_"
            })
        return (safe.isEmpty ? "scene" : safe) + "--" + result.fileStem
    }

    public static func html(
        _ results: [GoldenCaseResult], files: [CaseFiles], title: String, orphans: [String] = []
    ) -> String {
        let pairs = Array(zip(results, files))
        let failing = pairs.filter { $0.0.isFailure }
        let others = pairs.filter { !$0.0.isFailure }
        let passed = others.filter { $0.0.status == .passed }.count
        let recorded = others.filter { $0.0.status == .recorded }.count
        let errors = failing.filter { $0.0.status == .error }.count
        var h = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>
            body { font: 14px/1.4 system-ui, -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #1d1d1f; background: #fafafa; }
            h1 { font-size: 20px; margin: 0 0 4px; }
            .summary { margin: 0 0 20px; color: #555; }
            .summary .bad { color: #c00; font-weight: 600; }
            .case { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 12px 16px; margin: 0 0 16px; }
            .case.failed { border-left: 5px solid #d00; }
            .case h2 { font-size: 16px; margin: 0 0 4px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
            .status { display: inline-block; padding: 0 6px; border-radius: 4px; font-size: 12px; color: #fff; background: #d00; }
            .status.passed { background: #2a7; } .status.recorded { background: #27c; }
            .message { font-family: ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; margin: 4px 0 8px; color: #444; }
            .images { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
            figure { margin: 0; } figcaption { font-size: 12px; color: #666; }
            figure img { max-width: 360px; border: 1px solid #ccc; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; display: block; }
            .slider { position: relative; display: inline-block; line-height: 0; border: 1px solid #ccc; }
            .slider img { max-width: 360px; display: block; }
            .slider img.over { position: absolute; left: 0; top: 0; clip-path: inset(0 50% 0 0); }
            .slider input { display: block; width: 100%; margin: 6px 0 0; }
            details { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 8px 16px; }
            details ul { padding-left: 18px; } details li { margin: 6px 0; }
            details img { max-width: 120px; vertical-align: middle; border: 1px solid #ccc; margin-left: 8px; }
            </style>
            </head>
            <body data-cases="\(results.count)" data-failed="\(failing.count)">
            <h1>\(escape(title))</h1>
            <p class="summary">\(results.count) cases: <span class="\(failing.isEmpty ? "" : "bad")">\(failing.count - errors) failing</span>, \(errors) errors, \(passed) passed, \(recorded) recorded.</p>

            """
        if failing.isEmpty { h += "<p id=\"all-passed\">Every case is within its limits.</p>\n" }
        for (result, file) in failing {
            h += "<section class=\"case failed\" data-case=\"\(escape(result.caseName))\">\n"
            h += "<h2>\(escape(result.caseName)) <span class=\"status\">\(result.status.rawValue)</span></h2>\n"
            h += "<div class=\"message\">\(escape(caseText(result)))</div>\n<div class=\"images\">\n"
            h += figure(file.expected, "expected")
            h += figure(file.actual, "actual")
            h += figure(file.diff, "diff")
            h += figure(file.sideBySide, "side by side (expected | diff | actual)")
            if let expected = file.expected, let actual = file.actual {
                h += """
                    <figure class="slider-figure"><div class="slider"><img class="under" src="\(escape(expected))" alt="expected"><img class="over" src="\(escape(actual))" alt="actual"><input type="range" min="0" max="100" value="50" aria-label="slider: left actual, right expected"></div><figcaption>slider: actual ◀ ▶ expected</figcaption></figure>

                    """
            }
            h += "</div>\n</section>\n"
        }
        if !others.isEmpty {
            h += "<details class=\"passing\"><summary>\(others.count) passing or recorded cases</summary>\n<ul>\n"
            for (result, file) in others {
                h +=
                    "<li data-case=\"\(escape(result.caseName))\"><code>\(escape(result.caseName))</code> <span class=\"status \(result.status.rawValue)\">\(result.status.rawValue)</span> \(escape(caseText(result)))"
                if let image = file.actual ?? file.expected {
                    h += "<img loading=\"lazy\" src=\"\(escape(image))\" alt=\"\(escape(result.caseName))\">"
                }
                h += "</li>\n"
            }
            h += "</ul>\n</details>\n"
        }
        h += """
            <script>
            for (const slider of document.querySelectorAll('.slider')) {
              const over = slider.querySelector('img.over');
              const range = slider.querySelector('input');
              const update = () => { over.style.clipPath = 'inset(0 ' + (100 - range.value) + '% 0 0)'; };
              range.addEventListener('input', update);
              update();
            }
            window.addEventListener('load', () => {
              const images = Array.from(document.querySelectorAll('section.failed img'));
              document.body.dataset.imagesTotal = images.length;
              document.body.dataset.imagesLoaded = images.filter(i => i.complete && i.naturalWidth > 0).length;
            });
            </script>
            </body>
            </html>

            """
        return h
    }

    static func caseText(_ result: GoldenCaseResult) -> String {
        var parts: [String] = []
        if let message = result.message { parts.append(message) }
        if let c = result.comparison, result.status == .passed {
            parts.append("\(c.diffPixels) of \(c.totalPixels) pixels differ, \(c.width)×\(c.height)")
        }
        parts.append(String(format: "t = %.3f s", result.time))
        return parts.joined(separator: " · ")
    }

    static func figure(_ file: String?, _ caption: String) -> String {
        guard let file else { return "" }
        return
            "<figure><img src=\"\(escape(file))\" alt=\"\(escape(caption))\"><figcaption>\(escape(caption))</figcaption></figure>\n"
    }

    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
