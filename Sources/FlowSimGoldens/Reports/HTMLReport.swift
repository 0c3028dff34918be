import FlowSimImage
import FlowSimOutput
import FlowSimSupport
import Foundation

/// The `--report DIR` folder: for every case its expected, actual, diff and side-by-side PNGs
/// (those that exist), per scene an expected and an actual APNG of its golden frames, and an
/// offline `index.html` (inline CSS and script, images by relative path, no network).
///
/// The page groups cases by scene, failing scenes first. A toolbar filters (failing only, one
/// scene; also from the URL: `?filter=failing&scene=NAME`). Each scene shows its expected and
/// actual animations side by side: frames stepped with ◀ ▶ or the keyboard's ←/→, or the APNGs
/// played. Each failing case has expected / actual / diff / side-by-side, a comparison of
/// expected and actual in three modes (slider, onion skin, blink) and its layout differences in
/// points; passing and recorded cases are collapsed. `?test=1` runs a scripted check of these
/// interactions in the page and writes its results into `#test-results` (for headless tests).
public enum HTMLReport {
    /// Images written for one case, as file names inside the report folder.
    public struct CaseFiles: Sendable, Equatable {
        public var expected: String?
        public var actual: String?
        public var diff: String?
        public var sideBySide: String?
    }

    /// A scene's golden frames as animations: APNG file names in the report folder.
    public struct SceneAnimation: Sendable, Equatable {
        public var expected: String?
        public var actual: String?
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
        var used = Set<String>()
        var files: [CaseFiles] = []
        var sideBySide: [Int: (name: String, image: ReportImages.Image)] = [:]
        /// Each scene's frames, for its expected and actual animations: the names of the PNGs
        /// already written into the folder, read back one at a time when the animations are
        /// streamed, so a check of 1,200 golden points keeps no image in memory.
        var animationFrames: [String: [(time: Double, safe: String, expected: String?, actual: String?, size: [Int])]] =
            [:]

        public init(replacing directory: URL) throws { writer = try AtomicOutput.Folder(replacing: directory) }

        /// Takes report images as cases are compared, on any thread (`GoldenImageRetention.report`).
        public private(set) lazy var staging = ReportStaging(folder: writer)

        /// Gives `image` its final name in the folder.
        private func place(_ image: ReportImages.Image, named name: String) throws {
            switch image {
            case .data(let data): try writer.write(data, named: name)
            case .staged(let staged): try writer.move(staged, to: name)
            }
        }

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
            // Cases compared with `.report` retention arrive encoded; others are encoded here.
            let images = try parallelMap(
                count: results.count, concurrency: ProcessInfo.processInfo.activeProcessorCount
            ) { index in
                try results[index].reportImages ?? ReportImages(of: results[index])
            }
            for (index, base) in bases.enumerated() {
                var entry = CaseFiles()
                let encoded = images[index]
                if let image = encoded.expected {
                    entry.expected = "\(base)-expected.png"
                    try place(image, named: "\(base)-expected.png")
                }
                if let image = encoded.actual {
                    entry.actual = "\(base)-actual.png"
                    try place(image, named: "\(base)-actual.png")
                }
                if let image = encoded.diff {
                    entry.diff = "\(base)-diff.png"
                    try place(image, named: "\(base)-diff.png")
                }
                if let image = encoded.sideBySide {
                    sideBySide[files.count] = ("\(base)-side-by-side.png", image)
                }
                let result = results[index]
                if !result.isManifest && !result.isSceneError {
                    animationFrames[result.scene, default: []].append(
                        (
                            result.time, fileStem(result).components(separatedBy: "--")[0], entry.expected,
                            entry.actual, encoded.sizes
                        ))
                }
                files.append(entry)
            }
        }

        /// Each scene's expected and actual frames as two APNGs (each frame shown for its real
        /// time gap, at least 0.4 s), when the scene has more than one frame of one size.
        func writeAnimations() throws -> [String: SceneAnimation] {
            var animations: [String: SceneAnimation] = [:]
            for (scene, unsorted) in animationFrames {
                let frames = unsorted.sorted { $0.time < $1.time }
                guard frames.count > 1, let first = frames.first,
                    frames.allSatisfy({ $0.size == first.size && $0.size.count == 4 })
                else { continue }
                let times = frames.map(\.time)
                let delays = times.indices.map { i in
                    APNGWriter.delayFraction(seconds: i + 1 < times.count ? max(0.4, times[i + 1] - times[i]) : 1)
                }
                var entry = SceneAnimation()
                func animation(_ names: [String?], _ suffix: String) throws -> String? {
                    let present = names.compactMap { $0 }
                    guard present.count == names.count else { return nil }
                    var name = "\(first.safe)--animation-\(suffix).png"
                    var n = 2
                    while used.contains(name) {
                        name = "\(first.safe)-\(n)--animation-\(suffix).png"
                        n += 1
                    }
                    used.insert(name)
                    let file = try writer.createFile(named: name)
                    var stream = try APNGStream(frameCount: present.count) { try file.write($0) }
                    for (index, frame) in present.enumerated() {
                        let png = try Data(contentsOf: writer.temporaryDirectory.appendingPathComponent(frame))
                        try stream.append(png, delay: delays[index])
                    }
                    try stream.finish()
                    try file.close()
                    return name
                }
                entry.expected = try animation(frames.map(\.expected), "expected")
                entry.actual = try animation(frames.map(\.actual), "actual")
                if entry.expected != nil || entry.actual != nil { animations[scene] = entry }
            }
            animationFrames = [:]
            return animations
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
                guard let side = sideBySide.removeValue(forKey: index) else { continue }
                try place(side.image, named: side.name)
                files[index].sideBySide = side.name
            }
            // Side-by-side images of cases no longer failing (recorded since), and images staged
            // for cases never added, are not part of the report.
            for side in sideBySide.values {
                if case .staged(let name) = side.image { writer.remove(name) }
            }
            sideBySide = [:]
            let names = (try? FileManager.default.contentsOfDirectory(atPath: writer.temporaryDirectory.path)) ?? []
            for name in names where name.hasPrefix(ReportStaging.prefix) { writer.remove(name) }
            let animations = try writeAnimations()
            try writer.write(
                Data(html(results, files: files, title: title, orphans: orphans, animations: animations).utf8),
                named: "index.html")
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

    /// Scenes in the order the page shows them: scenes with a failing case first, each in the
    /// order of its first case.
    static func sceneOrder(_ results: [GoldenCaseResult]) -> [String] {
        var seen = Set<String>()
        let all = results.map(\.scene).filter { seen.insert($0).inserted }
        let failing = Set(results.filter(\.isFailure).map(\.scene))
        return all.filter { failing.contains($0) } + all.filter { !failing.contains($0) }
    }

    /// Indices of a scene's frame cases (not its manifest or scene error), by time.
    static func sceneFrames(_ results: [GoldenCaseResult], scene: String) -> [Int] {
        results.indices.filter { results[$0].scene == scene && !results[$0].isManifest && !results[$0].isSceneError }
            .sorted { results[$0].time < results[$1].time }
    }

    public static func html(
        _ results: [GoldenCaseResult], files: [CaseFiles], title: String, orphans: [String] = [],
        animations: [String: SceneAnimation] = [:]
    ) -> String {
        let pairs = Array(zip(results, files))
        let failing = pairs.filter { $0.0.isFailure }
        let others = pairs.filter { !$0.0.isFailure }
        let passed = others.filter { $0.0.status == .passed }.count
        let recorded = others.filter { $0.0.status == .recorded }.count
        let errors = failing.filter { $0.0.status == .error }.count
        let scenes = sceneOrder(results)
        var h = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>
            \(css)
            </style>
            </head>
            <body data-cases="\(results.count)" data-failed="\(failing.count)">
            <h1>\(escape(title))</h1>
            <p class="summary">\(results.count) cases: <span class="\(failing.isEmpty ? "" : "bad")">\(failing.count - errors) failing</span>, \(errors) errors, \(passed) passed, \(recorded) recorded.</p>
            <nav class="toolbar" aria-label="filter">
            <label><input type="checkbox" id="failing-only"> failing only</label>
            <label>scene <select id="scene-filter"><option value="">all scenes</option>
            """
        for scene in scenes {
            h += "<option value=\"\(escape(scene))\">\(escape(scene))</option>"
        }
        h += """
            </select></label>
            <span id="shown" aria-live="polite"></span>
            <span class="keys">←/→ step the active scene's frames</span>
            </nav>

            """
        if failing.isEmpty { h += "<p id=\"all-passed\">Every case is within its limits.</p>\n" }
        for scene in scenes {
            let sceneCases = pairs.enumerated().filter { $0.element.0.scene == scene }
            let sceneFailing = sceneCases.filter { $0.element.0.isFailure }
            h +=
                "<article class=\"scene\" data-scene=\"\(escape(scene))\" data-failing=\"\(sceneFailing.isEmpty ? "false" : "true")\">\n"
            h +=
                "<h2 class=\"scene-name\">\(escape(scene)) <span class=\"counts\">\(sceneFailing.count) failing of \(sceneCases.count)</span></h2>\n"
            h += player(results, files: files, scene: scene, animation: animations[scene])
            for (_, (result, file)) in sceneFailing {
                h += caseSection(result, file)
            }
            h += "</article>\n"
        }
        if !others.isEmpty {
            h += "<details class=\"passing\"><summary>\(others.count) passing or recorded cases</summary>\n<ul>\n"
            for (result, file) in others {
                h +=
                    "<li data-case=\"\(escape(result.caseName))\" data-scene=\"\(escape(result.scene))\"><code>\(escape(result.caseName))</code> <span class=\"status \(result.status.rawValue)\">\(result.status.rawValue)</span> \(escape(caseText(result)))"
                if let image = file.actual ?? file.expected {
                    h += "<img loading=\"lazy\" src=\"\(escape(image))\" alt=\"\(escape(result.caseName))\">"
                }
                h += "</li>\n"
            }
            h += "</ul>\n</details>\n"
        }
        if !orphans.isEmpty {
            h += "<section class=\"orphans\"><h2>Orphaned goldens</h2><ul>\n"
            for orphan in orphans { h += "<li><code>\(escape(orphan))</code></li>\n" }
            h += "</ul></section>\n"
        }
        h += "<pre id=\"test-results\" hidden></pre>\n<script>\n" + script + "</script>\n</body>\n</html>\n"
        return h
    }

    /// A failing case: message, images, the three-mode comparison and the layout differences.
    static func caseSection(_ result: GoldenCaseResult, _ file: CaseFiles) -> String {
        var h =
            "<section class=\"case failed\" data-case=\"\(escape(result.caseName))\" data-scene=\"\(escape(result.scene))\">\n"
        h += "<h3>\(escape(result.caseName)) <span class=\"status\">\(result.status.rawValue)</span></h3>\n"
        h += "<div class=\"message\">\(escape(caseText(result)))</div>\n"
        if !result.layoutChanges.isEmpty {
            let n = result.layoutChanges.count
            h +=
                "<div class=\"layout-changes\" data-count=\"\(n)\"><h4>Layout differences at t = \(String(format: "%.3f", result.time)) s (\(n), in points)</h4>\n<ul>\n"
            for change in result.layoutChanges { h += "<li><code>\(escape(change))</code></li>\n" }
            h += "</ul></div>\n"
        }
        h += "<div class=\"images\">\n"
        h += figure(file.expected, "expected")
        h += figure(file.actual, "actual")
        h += figure(file.diff, "diff")
        h += figure(file.sideBySide, "side by side (expected | diff | actual)")
        if let expected = file.expected, let actual = file.actual {
            h += """
                <figure class="slider-figure compare" data-mode="slider"><div class="modes" role="group" aria-label="comparison mode"><button type="button" data-mode="slider" aria-pressed="true">slider</button><button type="button" data-mode="onion" aria-pressed="false">onion skin</button><button type="button" data-mode="blink" aria-pressed="false">blink</button></div><div class="slider"><img class="under" src="\(escape(expected))" alt="expected"><img class="over" src="\(escape(actual))" alt="actual"><input type="range" class="split" min="0" max="100" value="50" aria-label="slider: left actual, right expected"></div><input type="range" class="opacity" min="0" max="100" value="50" aria-label="onion skin: opacity of actual over expected"><figcaption class="caption">slider: actual ◀ ▶ expected</figcaption></figure>

                """
        }
        h += "</div>\n</section>\n"
        return h
    }

    /// The scene's expected and actual animations side by side: frames stepped (buttons, ←/→)
    /// or the APNGs played.
    static func player(
        _ results: [GoldenCaseResult], files: [CaseFiles], scene: String, animation: SceneAnimation?
    ) -> String {
        let frames = sceneFrames(results, scene: scene)
        guard frames.contains(where: { files[$0].expected != nil || files[$0].actual != nil }) else { return "" }
        var h =
            "<div class=\"player\" tabindex=\"0\" data-index=\"0\" data-frames=\"\(frames.count)\">\n<ol class=\"frame-list\" hidden>\n"
        for index in frames {
            let result = results[index]
            h +=
                "<li data-time=\"\(String(format: "%.3f", result.time))\" data-case=\"\(escape(result.caseName))\" data-status=\"\(result.status.rawValue)\" data-expected=\"\(escape(files[index].expected ?? ""))\" data-actual=\"\(escape(files[index].actual ?? ""))\" data-layout=\"\(result.layoutChanges.count)\"></li>\n"
        }
        h += "</ol>\n<div class=\"sides\">\n"
        for (side, apng) in [("expected", animation?.expected), ("actual", animation?.actual)] {
            let first = frames.lazy.compactMap { side == "expected" ? files[$0].expected : files[$0].actual }.first
            h += "<figure class=\"side \(side)\">"
            if let first {
                h +=
                    "<img class=\"frame\" src=\"\(escape(first))\" alt=\"\(side)\"\(apng.map { " data-apng=\"\(escape($0))\"" } ?? "")>"
            } else {
                h += "<div class=\"none\">no \(side) images</div>"
            }
            h += "<figcaption>\(side)</figcaption></figure>\n"
        }
        h += """
            </div>
            <div class="controls"><button type="button" class="prev" aria-label="previous frame">◀</button><button type="button" class="next" aria-label="next frame">▶</button>\(animation == nil ? "" : "<button type=\"button\" class=\"play\">play APNGs</button>")<span class="frame-label"></span></div>
            </div>

            """
        return h
    }

    static let css = """
        body { font: 14px/1.4 system-ui, -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #1d1d1f; background: #fafafa; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        .summary { margin: 0 0 12px; color: #555; }
        .summary .bad { color: #c00; font-weight: 600; }
        .toolbar { display: flex; gap: 16px; align-items: center; padding: 8px 12px; margin: 0 0 16px; background: #fff; border: 1px solid #ddd; border-radius: 8px; position: sticky; top: 0; z-index: 2; }
        .toolbar .keys { color: #888; font-size: 12px; margin-left: auto; }
        article.scene { margin: 0 0 20px; }
        .scene-name { font-size: 17px; margin: 0 0 8px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
        .scene-name .counts { font: 12px system-ui, "DejaVu Sans", sans-serif; color: #777; }
        .player { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 10px 16px; margin: 0 0 12px; outline: none; }
        .player.active { border-color: #27c; box-shadow: 0 0 0 2px #27c3; }
        .player .sides { display: flex; gap: 16px; align-items: flex-start; }
        .player img.frame { max-width: 320px; min-width: 120px; image-rendering: pixelated; border: 1px solid #ccc; display: block; }
        .player .controls { margin-top: 6px; display: flex; gap: 6px; align-items: center; }
        .player .frame-label { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; color: #444; margin-left: 8px; }
        .case { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 12px 16px; margin: 0 0 16px; }
        .case.failed { border-left: 5px solid #d00; }
        .case h3 { font-size: 15px; margin: 0 0 4px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
        .status { display: inline-block; padding: 0 6px; border-radius: 4px; font-size: 12px; color: #fff; background: #d00; }
        .status.passed { background: #2a7; } .status.recorded { background: #27c; }
        .message { font-family: ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; margin: 4px 0 8px; color: #444; }
        .layout-changes { background: #fff8e6; border: 1px solid #f0d9a0; border-radius: 6px; padding: 4px 12px; margin: 0 0 8px; }
        .layout-changes h4 { margin: 4px 0; font-size: 13px; } .layout-changes ul { margin: 4px 0; padding-left: 18px; }
        .images { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #666; }
        figure img { max-width: 360px; border: 1px solid #ccc; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; display: block; }
        .images figure img { min-width: 80px; image-rendering: pixelated; }
        .compare .modes { margin: 0 0 4px; display: flex; gap: 4px; }
        .compare .modes button[aria-pressed="true"] { background: #27c; color: #fff; border-color: #27c; }
        button { font: inherit; font-size: 12px; padding: 2px 8px; border: 1px solid #bbb; border-radius: 4px; background: #f4f4f4; cursor: pointer; }
        .slider { position: relative; display: inline-block; line-height: 0; border: 1px solid #ccc; }
        .slider img { max-width: 360px; display: block; }
        .slider img.over { position: absolute; left: 0; top: 0; clip-path: inset(0 50% 0 0); }
        .slider input { display: block; width: 100%; margin: 6px 0 0; }
        .compare input.opacity { display: none; width: 100%; }
        .compare[data-mode="onion"] input.opacity { display: block; }
        .compare[data-mode="onion"] input.split, .compare[data-mode="blink"] input.split { display: none; }
        details { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 8px 16px; }
        details ul { padding-left: 18px; } details li { margin: 6px 0; }
        details img { max-width: 120px; vertical-align: middle; border: 1px solid #ccc; margin-left: 8px; }
        .orphans { margin-top: 16px; }
        [hidden] { display: none !important; }
        """

    static let script = """
        const params = new URLSearchParams(location.search);
        const failingOnly = document.getElementById('failing-only');
        const sceneFilter = document.getElementById('scene-filter');
        function applyFilter() {
          const onlyFailing = failingOnly.checked, scene = sceneFilter.value;
          let shown = 0;
          for (const article of document.querySelectorAll('article.scene')) {
            const hide = (onlyFailing && article.dataset.failing !== 'true') || (scene !== '' && article.dataset.scene !== scene);
            article.hidden = hide;
            if (!hide) shown += article.querySelectorAll('section.case').length;
          }
          const details = document.querySelector('details.passing');
          if (details) {
            let visible = 0;
            for (const li of details.querySelectorAll('li')) {
              li.hidden = scene !== '' && li.dataset.scene !== scene;
              if (!li.hidden) visible++;
            }
            details.hidden = onlyFailing || visible === 0;
            if (!details.hidden) shown += visible;
          }
          document.getElementById('shown').textContent = shown + ' cases shown';
          document.body.dataset.filter = (onlyFailing ? 'failing' : 'all') + (scene ? ' ' + scene : '');
          const query = new URLSearchParams(location.search);
          if (onlyFailing) query.set('filter', 'failing'); else query.delete('filter');
          if (scene) query.set('scene', scene); else query.delete('scene');
          const search = query.toString();
          try { history.replaceState(null, '', search ? '?' + search : location.pathname); } catch (e) {}
        }
        failingOnly.checked = params.get('filter') === 'failing';
        if (params.get('scene') !== null) sceneFilter.value = params.get('scene');
        failingOnly.addEventListener('change', applyFilter);
        sceneFilter.addEventListener('change', applyFilter);
        applyFilter();

        // Comparison: slider (clip), onion skin (opacity) and blink (alternate every 600 ms).
        const blinkers = new Set();
        function setMode(figure, mode) {
          figure.dataset.mode = mode;
          const over = figure.querySelector('img.over');
          for (const b of figure.querySelectorAll('.modes button')) b.setAttribute('aria-pressed', String(b.dataset.mode === mode));
          const caption = figure.querySelector('.caption');
          blinkers.delete(figure);
          if (mode === 'slider') {
            const split = figure.querySelector('input.split');
            over.style.opacity = '1';
            over.style.clipPath = 'inset(0 ' + (100 - split.value) + '% 0 0)';
            caption.textContent = 'slider: actual ◀ ▶ expected';
          } else if (mode === 'onion') {
            over.style.clipPath = 'none';
            over.style.opacity = String(figure.querySelector('input.opacity').value / 100);
            caption.textContent = 'onion skin: actual over expected, opacity ' + figure.querySelector('input.opacity').value + ' %';
          } else {
            over.style.clipPath = 'none';
            over.style.opacity = '1';
            figure.dataset.showing = 'actual';
            caption.textContent = 'blink: actual';
            blinkers.add(figure);
          }
        }
        function blinkTick() {
          for (const figure of blinkers) {
            const showActual = figure.dataset.showing !== 'actual';
            figure.dataset.showing = showActual ? 'actual' : 'expected';
            figure.querySelector('img.over').style.opacity = showActual ? '1' : '0';
            figure.querySelector('.caption').textContent = 'blink: ' + figure.dataset.showing;
          }
        }
        setInterval(blinkTick, 600);
        for (const figure of document.querySelectorAll('figure.compare')) {
          const over = figure.querySelector('img.over');
          figure.querySelector('input.split').addEventListener('input', () => setMode(figure, 'slider'));
          figure.querySelector('input.opacity').addEventListener('input', () => setMode(figure, 'onion'));
          for (const b of figure.querySelectorAll('.modes button')) b.addEventListener('click', () => setMode(figure, b.dataset.mode));
          setMode(figure, 'slider');
        }
        for (const slider of document.querySelectorAll('.slider')) {
          const over = slider.querySelector('img.over');
          const range = slider.querySelector('input');
          const update = () => { over.style.clipPath = 'inset(0 ' + (100 - range.value) + '% 0 0)'; };
          range.addEventListener('input', update);
          update();
        }

        // Players: expected and actual frames stepped together, or the APNGs played.
        let activePlayer = null;
        function activate(player) {
          if (activePlayer) activePlayer.classList.remove('active');
          activePlayer = player;
          if (player) player.classList.add('active');
        }
        function show(player, index) {
          const items = player.querySelectorAll('.frame-list li');
          if (items.length === 0) return;
          index = (index + items.length) % items.length;
          player.dataset.index = String(index);
          player.dataset.playing = 'false';
          const item = items[index];
          for (const side of ['expected', 'actual']) {
            const img = player.querySelector('.side.' + side + ' img.frame');
            if (!img) continue;
            const file = item.dataset[side];
            img.style.visibility = file ? 'visible' : 'hidden';
            if (file) img.setAttribute('src', file);
          }
          const layout = Number(item.dataset.layout);
          player.querySelector('.frame-label').textContent = 't = ' + item.dataset.time + ' s · frame ' + (index + 1) + ' of ' + items.length + ' · ' + item.dataset.status + (layout > 0 ? ' · ' + layout + ' layout differences' : '');
          const play = player.querySelector('button.play');
          if (play) play.textContent = 'play APNGs';
        }
        function play(player) {
          if (player.dataset.playing === 'true') { show(player, Number(player.dataset.index)); return; }
          for (const img of player.querySelectorAll('img.frame')) {
            if (img.dataset.apng) { img.setAttribute('src', img.dataset.apng); img.style.visibility = 'visible'; }
          }
          player.dataset.playing = 'true';
          player.querySelector('button.play').textContent = 'stop';
          player.querySelector('.frame-label').textContent = 'playing the APNGs (golden times, at least 0.4 s each)';
        }
        for (const player of document.querySelectorAll('.player')) {
          player.querySelector('button.prev').addEventListener('click', () => { activate(player); show(player, Number(player.dataset.index) - 1); });
          player.querySelector('button.next').addEventListener('click', () => { activate(player); show(player, Number(player.dataset.index) + 1); });
          const button = player.querySelector('button.play');
          if (button) button.addEventListener('click', () => { activate(player); play(player); });
          player.addEventListener('focus', () => activate(player));
          player.addEventListener('click', () => activate(player));
          show(player, 0);
        }
        function visiblePlayers() {
          return Array.from(document.querySelectorAll('.player')).filter(p => !p.closest('article').hidden);
        }
        document.addEventListener('keydown', event => {
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          if (event.target && event.target.tagName === 'INPUT') return;
          let player = activePlayer && !activePlayer.closest('article').hidden ? activePlayer : visiblePlayers()[0];
          if (!player) return;
          activate(player);
          show(player, Number(player.dataset.index) + (event.key === 'ArrowRight' ? 1 : -1));
          event.preventDefault();
        });

        window.addEventListener('load', () => {
          const images = Array.from(document.querySelectorAll('section.failed img[src]'));
          document.body.dataset.imagesTotal = images.length;
          document.body.dataset.imagesLoaded = images.filter(i => i.complete && i.naturalWidth > 0).length;
          if (params.get('test') === '1') runTests();
        });

        // ?test=1: drives every interaction and writes what it saw into #test-results (JSON).
        function runTests() {
          const out = {};
          const visibleCases = () => Array.from(document.querySelectorAll('section.case')).filter(s => !s.closest('article').hidden).length;
          const count = selector => Array.from(document.querySelectorAll(selector)).filter(e => !e.hidden && !(e.closest('article') || {}).hidden).length;
          out.initialFilter = document.body.dataset.filter;
          out.casesShown = visibleCases();
          failingOnly.checked = true; applyFilter();
          out.failingOnly = { cases: visibleCases(), passingHidden: !!(document.querySelector('details.passing') || {}).hidden, scenes: count('article.scene'), url: location.search };
          failingOnly.checked = false; applyFilter();
          const firstScene = sceneFilter.options[1] ? sceneFilter.options[1].value : '';
          sceneFilter.value = firstScene; applyFilter();
          out.byScene = { scene: firstScene, scenes: count('article.scene'), passingItems: count('details.passing li'), url: location.search };
          sceneFilter.value = ''; applyFilter();
          const figure = document.querySelector('figure.compare');
          if (figure) {
            const over = figure.querySelector('img.over');
            figure.querySelector('button[data-mode="onion"]').click();
            const opacity = figure.querySelector('input.opacity');
            opacity.value = 30; opacity.dispatchEvent(new Event('input'));
            out.onion = { mode: figure.dataset.mode, opacity: over.style.opacity, clip: over.style.clipPath };
            figure.querySelector('button[data-mode="blink"]').click();
            const first = over.style.opacity; blinkTick(); const second = over.style.opacity; blinkTick();
            out.blink = { mode: figure.dataset.mode, sequence: [first, second, over.style.opacity], caption: figure.querySelector('.caption').textContent };
            figure.querySelector('button[data-mode="slider"]').click();
            out.slider = { mode: figure.dataset.mode, clip: over.style.clipPath, pressed: figure.querySelector('button[aria-pressed="true"]').dataset.mode };
          }
          const player = document.querySelector('.player');
          if (player) {
            activate(null);
            const srcs = () => Array.from(player.querySelectorAll('img.frame')).map(i => i.getAttribute('src'));
            const before = { index: player.dataset.index, srcs: srcs() };
            document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
            const right = { index: player.dataset.index, srcs: srcs(), label: player.querySelector('.frame-label').textContent };
            document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
            document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
            const wrapped = player.dataset.index;
            const button = player.querySelector('button.play');
            let playing = null;
            if (button) { button.click(); playing = { playing: player.dataset.playing, srcs: srcs() }; button.click(); }
            out.player = { frames: Number(player.dataset.frames), before, right, wrapped, playing, active: player.classList.contains('active') };
          }
          const layout = document.querySelector('.layout-changes');
          out.layout = layout ? { count: Number(layout.dataset.count), items: Array.from(layout.querySelectorAll('li')).map(li => li.textContent) } : null;
          const pre = document.getElementById('test-results');
          pre.textContent = JSON.stringify(out);
          document.body.dataset.tests = 'done';
        }
        """

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
