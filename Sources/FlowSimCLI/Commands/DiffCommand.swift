import FlowSim
import FlowSimGoldens
import FlowSimImage
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// `flowsim diff EXPECTED ACTUAL`: two PNGs, two folders of PNGs, or two layout / frames JSON files.
enum DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: "diff", abstract: "Compare two PNGs, two folders of PNGs, or two layout/frames JSON files.",
        discussion: """
            PNGs are compared with pixelmatch's YIQ distance (or byte-exact with --metric exact; with CIE ΔE94 as \
            swift-snapshot-testing's perceptualPrecision with --perceptual-precision P; by mean SSIM of the luminance, \
            Gaussian 11×11 windows, with --metric ssim and --ssim-threshold). --mask X,Y,W,H (repeatable; pixels, or \
            points with --scale) leaves a rectangle out; a mask not inside the images is an error. Folders are paired \
            by relative file name (*.png, recursively); a file on one side only is a failure. Two .json files from \
            `flowsim layout` or `flowsim frames` are compared element by element (matched by kind, elementKind, index path, id) \
            and every element that moved, resized, changed, appeared or vanished is printed.
            With neither --max-diff-pixels nor --max-diff-ratio one differing pixel fails; with both the stricter wins.
            --diff-out to a FIFO or character device (a named pipe, /dev/stdout, /dev/null; links followed) writes \
            the diff PNG alone to it as a stream (the side-by-side when the sizes differ) and no file beside it.
            Exit status: 0 within limits, 1 differences, 2 errors (unreadable or corrupt file, missing file, bad option).
            """,
        positionals: [
            PositionalSpec("EXPECTED", help: "Expected PNG, folder or JSON file."),
            PositionalSpec("ACTUAL", help: "Actual PNG, folder or JSON file."),
        ],
        options: [
            threshold, noAA, maxDiffPixels, maxDiffRatio, metric, ComparisonOptions.perceptualPrecision,
            ComparisonOptions.precision, ComparisonOptions.ssimThreshold, ComparisonOptions.mask, maskScale, diffOut,
            json, tolerance,
        ])

    static let threshold = Option.number(
        "--threshold", value: "T", range: 0...1, help: "pixelmatch colour threshold, 0…1."
    ).defaulting(to: 0.1)
    static let noAA = Option.flag("--no-aa", help: "Count anti-aliased pixels too (pixelmatch includeAA).")
    static let maxDiffPixels = Option.wholeNumber(
        "--max-diff-pixels", value: "N", range: 0...Int.max, help: "Tolerate up to N differing pixels.")
    static let maxDiffRatio = Option.number(
        "--max-diff-ratio", value: "R", range: 0...1, help: "Tolerate up to this fraction (0…1) of differing pixels.")
    static let metric = Option.choice(
        "--metric", value: "exact|pixelmatch|perceptual|ssim", expected: "exact, pixelmatch, perceptual or ssim",
        choices: ImageComparisonOptions.Metric.allCases.map(\.rawValue),
        help: "How pixels are compared.",
        read: ImageComparisonOptions.Metric.init(rawValue:)
    ).defaulting(to: .pixelmatch, shown: "pixelmatch")
    static let maskScale = Option.number(
        "--scale", value: "S", range: 0.01...100,
        help: "Pixels per point of the images, for --mask (default 1: --mask in pixels).")
    static let diffOut = Option.text(
        "--diff-out", value: "PATH",
        help:
            "Write the diff PNG to PATH and the side-by-side to <stem>-side-by-side.png beside it (<stem>: PATH's name without .png; side-by-side.png when that is empty); a FIFO or character device gets the diff PNG alone. For folders a folder (replaced) holding both per pair. All or nothing."
    ).completing(.file(extensions: ["png"]))
    static let json = Option.flag(
        "--json",
        help:
            "Print {\"diffPixels\", \"totalPixels\", \"ratio\", \"width\", \"height\", \"match\"} (a list for folders), with \"ssim\", \"maxDeltaE\" and \"maskedPixels\" when they apply."
    )
    static let tolerance = Option.number(
        "--tolerance", value: "PT", range: 0...1_000_000,
        help: "Layout JSON: points an element may move or resize unreported."
    ).defaulting(to: 0.5)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard let expected = arguments.positional(0), let actual = arguments.positional(1) else {
            throw CommandError.missingArgument(
                argument: arguments.positional(0) == nil ? "EXPECTED" : "ACTUAL", usage: spec.usageLine
            )
        }
        var options = ImageComparisonOptions()
        options.threshold = try arguments.value(threshold)
        options.includeAntiAliasing = arguments.isSet(noAA)
        options.maxDiffPixels = try arguments.given(maxDiffPixels)
        options.maxDiffPixelRatio = try arguments.given(maxDiffRatio)
        options.metric = try arguments.value(metric)
        try ComparisonOptions.apply(arguments, to: &options, explicitMetric: arguments.isSet(metric))
        let scale = try arguments.given(maskScale) ?? 1
        options.masks = try ComparisonOptions.masks(arguments).map { rect in
            ImageMaskRect.covering(
                x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height),
                scale: scale, label: ComparisonOptions.label(rect))
        }
        let tolerance = try arguments.value(tolerance)
        let json = arguments.isSet(json)
        let diffOut = try arguments.given(diffOut)

        let fm = FileManager.default
        var isDirA: ObjCBool = false
        var isDirB: ObjCBool = false
        guard fm.fileExists(atPath: expected, isDirectory: &isDirA) else {
            throw CommandError.noSuchPath(path: expected)
        }
        guard fm.fileExists(atPath: actual, isDirectory: &isDirB) else {
            throw CommandError.noSuchPath(path: actual)
        }
        if isDirA.boolValue != isDirB.boolValue {
            let folder = isDirA.boolValue ? expected : actual
            let file = isDirA.boolValue ? actual : expected
            throw CommandError.diff(.folderAndFile(folder: folder, file: file))
        }
        if isDirA.boolValue {
            return try DiffFolders.run(
                expected: expected, actual: actual, options: options, json: json, diffOut: diffOut, context: context)
        }
        let isJSON = [expected, actual].map { URL(fileURLWithPath: $0).pathExtension.lowercased() == "json" }
        if isJSON[0] || isJSON[1] {
            guard isJSON[0] && isJSON[1] else {
                throw CommandError.diff(.jsonAndOther(expected: expected, actual: actual))
            }
            return try layoutDiff(
                expected: expected, actual: actual, tolerance: tolerance, json: json, context: context)
        }
        let pair = try DiffPair.compare(expected: expected, actual: actual, options: options, drawDiff: diffOut != nil)
        if let diffOut {
            // Both files (diff and side-by-side) are encoded, written to temporary files and
            // renamed into place only when all of them were written: all or nothing.
            let url = URL(fileURLWithPath: diffOut)
            // A stream target (FIFO, character device) gets one image and nothing is derived
            // from its name: no `/dev/null-side-by-side.png`.
            let stream = AtomicOutput.isStreamTarget(url)
            do {
                try AtomicOutput.write(
                    try pair.diffFiles(named: url.lastPathComponent, single: stream),
                    in: url.deletingLastPathComponent())
            } catch let error as OutputError {
                throw CommandError.output(option: DiffCommand.diffOut.name, path: diffOut, .output(error))
            }
        }
        if json {
            context.print(pair.json(includeName: false))
        } else {
            context.print(pair.line(options: options))
        }
        return pair.result.match ? 0 : 1
    }

    static func layoutDiff(expected: String, actual: String, tolerance: Double, json: Bool, context: CommandContext)
        throws -> Int32
    {
        let changes: [LayoutDiff.Change]
        do {
            changes = try LayoutDiff.compareFiles(expected: expected, actual: actual, tolerance: tolerance)
        } catch let failure as LayoutDiff.Failure {
            throw CommandError.underlying(.layoutDiff(failure))
        }
        if json {
            let list = changes.map { change -> JSONValue in
                var members: [(key: String, value: JSONValue)] = [("change", .string(change.kind.rawValue))]
                if let frame = change.frame { members.append(("frame", .number(Double(frame)))) }
                members.append(("element", .string(change.element)))
                members.append(("detail", .string(change.detail)))
                return .object(members)
            }
            context.print(
                JSONValue.object([("changes", .array(list)), ("match", .bool(changes.isEmpty))]).serialized(
                    pretty: false))
        } else if changes.isEmpty {
            context.print("\(expected) ↔ \(actual): layouts match (tolerance \(formatNumber(tolerance)) pt)")
        } else {
            for change in changes { context.print(change.description) }
            context.print(
                "\(expected) ↔ \(actual): \(changes.count) element change\(changes.count == 1 ? "" : "s") (tolerance \(formatNumber(tolerance)) pt)"
            )
        }
        return changes.isEmpty ? 0 : 1
    }
}

/// One compared pair of PNGs.
struct DiffPair {
    var name: String
    var expectedPath: String
    var actualPath: String
    var result: ImageComparisonResult
    var diffImage: RGBAImage?
    var expected: RGBAImage?
    var actual: RGBAImage?

    static func compare(
        expected: String, actual: String, options: ImageComparisonOptions, drawDiff: Bool, name: String? = nil
    ) throws -> DiffPair {
        do {
            let files = try ImageComparator.compareFiles(
                expected: expected, actual: actual, options: options, drawDiff: drawDiff, keepImages: drawDiff)
            return DiffPair(
                name: name ?? URL(fileURLWithPath: actual).lastPathComponent, expectedPath: expected,
                actualPath: actual, result: files.comparison.result, diffImage: files.comparison.diffImage,
                expected: files.expected, actual: files.actual)
        } catch let error as PNGDecodingError {
            throw CommandError.underlying(.png(error))
        } catch let error as ImageComparisonError {
            throw CommandError(error)
        }
    }

    /// Exactly `{"diffPixels": N, "totalPixels": M, "ratio": r, "width": W, "height": H, "match": b}`;
    /// with `includeName` (folders) `"file"` comes first.
    func json(includeName: Bool) -> String {
        let r = result
        var members: [(key: String, value: JSONValue)] = []
        if includeName { members.append(("file", .string(name))) }
        members += [
            ("diffPixels", .number(Double(r.diffPixels))), ("totalPixels", .number(Double(r.totalPixels))),
            ("ratio", .number(r.ratio)), ("width", .number(Double(r.width))), ("height", .number(Double(r.height))),
            ("match", .bool(r.match)),
        ]
        // Only where they apply, so the keys of exact and pixelmatch comparisons stay as they were.
        if let ssim = r.ssim { members.append(("ssim", .number(ssim))) }
        if let delta = r.maxDeltaE { members.append(("maxDeltaE", .number(delta))) }
        if r.maskedPixels > 0 { members.append(("maskedPixels", .number(Double(r.maskedPixels)))) }
        return JSONValue.object(members).serialized(pretty: false)
    }

    func line(options: ImageComparisonOptions) -> String {
        let verdict = result.match ? "OK  " : "FAIL"
        return "\(verdict) \(expectedPath) ↔ \(actualPath): " + GoldenCaseResult.describe(result, options: options)
    }

    /// The files of `--diff-out` for a diff PNG named `name` (a relative path): the diff PNG
    /// itself and the side-by-side (expected | diff | actual) beside it as
    /// `sideBySideName(for:)`. On a size mismatch only the side-by-side (expected | actual) is
    /// written. With `single` (a stream target such as a FIFO or `/dev/null`) only one image is
    /// written, as `name`: the diff, or the side-by-side on a size mismatch.
    func diffFiles(named name: String, single: Bool = false) throws -> [AtomicOutput.File] {
        guard let expected, let actual else { return [] }
        let encoder = PNGEncoder(compression: .fast, colorMode: .rgba)
        var files: [AtomicOutput.File] = []
        if let diff = diffImage {
            files.append(AtomicOutput.File(name: name, data: try encoder.encode(diff)))
            if single { return files }
        }
        let composed = SideBySideImage.compose(expected: expected, diff: diffImage, actual: actual)
        if composed.width > 0 && composed.height > 0 {
            let sideName = single ? name : DiffPair.sideBySideName(for: name)
            files.append(AtomicOutput.File(name: sideName, data: try encoder.encode(composed)))
        }
        return files
    }

    /// The side-by-side's name for the diff PNG `name` (a relative path): `<stem>-side-by-side.png`
    /// in the same folder, `<stem>` being the file name without a `.png` extension (any case);
    /// `side-by-side.png` when nothing is left (`.png`). Other extensions are kept (`diff.out` →
    /// `diff.out-side-by-side.png`), so the name never equals `name`.
    static func sideBySideName(for name: String) -> String {
        let folder = (name as NSString).deletingLastPathComponent
        var stem = (name as NSString).lastPathComponent
        if stem.lowercased().hasSuffix(".png") { stem.removeLast(4) }
        let file = stem.isEmpty ? "side-by-side.png" : stem + "-side-by-side.png"
        return folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
    }
}

/// `flowsim diff` on two folders.
enum DiffFolders {
    /// Relative paths of the *.png files under `root`, sorted.
    static func pngFiles(_ root: String) throws -> [String] {
        try FolderListing.files(under: root, withExtension: "png")
    }

    static func run(
        expected: String, actual: String, options: ImageComparisonOptions, json: Bool, diffOut: String?,
        context: CommandContext
    ) throws -> Int32 {
        let left = try pngFiles(expected)
        let right = try pngFiles(actual)
        let names = Array(Set(left).union(right)).sorted()
        let leftSet = Set(left)
        let rightSet = Set(right)
        if names.isEmpty {
            throw CommandError.diff(.noPNGFiles(expected: expected, actual: actual))
        }
        // Every pair is decoded and compared before anything is printed or written: an error
        // (unreadable or corrupt PNG) exits 2 with nothing on stdout and no --diff-out folder.
        // Diff images go into a temporary folder renamed into place only when all succeeded.
        var writer: AtomicOutput.Folder?
        if let diffOut {
            do {
                writer = try AtomicOutput.Folder(replacing: URL(fileURLWithPath: diffOut))
            } catch let error as OutputError {
                throw CommandError.output(option: DiffCommand.diffOut.name, path: diffOut, .output(error))
            }
        }
        enum Outcome {
            case missing(side: String, present: String)
            case compared(DiffPair)
        }
        var outcomes: [(name: String, outcome: Outcome)] = []
        var errors: [CommandError] = []
        // Pairs are decoded, compared and their diff PNGs encoded on all cores, a batch at a
        // time (memory stays a batch of pairs); files are written and outcomes kept in name order.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let batch = max(1, cores * 4)
        var start = 0
        while start < names.count {
            let chunk = Array(names[start..<min(start + batch, names.count)])
            start += chunk.count
            let drawDiff = writer != nil && errors.isEmpty
            let results = parallelResults(count: chunk.count, concurrency: cores) {
                index -> (name: String, outcome: Result<(Outcome, [AtomicOutput.File]), Error>) in
                let name = chunk[index]
                let a = (expected as NSString).appendingPathComponent(name)
                let b = (actual as NSString).appendingPathComponent(name)
                guard leftSet.contains(name), rightSet.contains(name) else {
                    let side = leftSet.contains(name) ? "actual" : "expected"
                    return (name, .success((.missing(side: side, present: leftSet.contains(name) ? a : b), [])))
                }
                return (
                    name,
                    Result {
                        var pair = try DiffPair.compare(
                            expected: a, actual: b, options: options, drawDiff: drawDiff, name: name)
                        let files = drawDiff ? try pair.diffFiles(named: name) : []
                        pair.expected = nil
                        pair.actual = nil
                        pair.diffImage = nil
                        return (.compared(pair), files)
                    }
                )
            }
            for (name, result) in results {
                switch result {
                case .success(let (outcome, files)):
                    if let writer, errors.isEmpty {
                        do {
                            for file in files { try writer.write(file.data, named: file.name) }
                        } catch let error as OutputError {
                            throw CommandError.output(
                                option: DiffCommand.diffOut.name, path: diffOut ?? "", .output(error))
                        }
                    }
                    outcomes.append((name, outcome))
                case .failure(let error as CommandError):
                    errors.append(error)
                case .failure(let error):
                    throw error
                }
            }
        }
        if !errors.isEmpty {
            writer?.discard()
            let count = errors.count
            throw CommandError.several(
                errors,
                summary:
                    "\(count) of \(names.count) file\(names.count == 1 ? "" : "s") could not be compared; nothing was written."
            )
        }
        if let writer {
            do {
                try writer.commit()
            } catch let error as OutputError {
                throw CommandError.output(option: DiffCommand.diffOut.name, path: diffOut ?? "", .output(error))
            }
        }
        var jsonItems: [String] = []
        var failures = 0
        for (name, outcome) in outcomes {
            switch outcome {
            case .missing(let side, let present):
                failures += 1
                if json {
                    jsonItems.append(
                        "{\"file\":\(JSONValue.string(name).serialized(pretty: false)),\"missing\":\"\(side)\",\"match\":false}"
                    )
                } else {
                    context.print(
                        "FAIL \(name): only in \(present) (missing from \(side == "actual" ? actual : expected))")
                }
            case .compared(let pair):
                if !pair.result.match { failures += 1 }
                if json {
                    jsonItems.append(pair.json(includeName: true))
                } else {
                    context.print(pair.line(options: options))
                }
            }
        }
        if json {
            context.print("[" + jsonItems.joined(separator: ",") + "]")
        } else {
            context.print(
                "\(names.count) files: \(names.count - failures) match, \(failures) differ or are missing on one side")
        }
        return failures == 0 ? 0 : 1
    }
}
