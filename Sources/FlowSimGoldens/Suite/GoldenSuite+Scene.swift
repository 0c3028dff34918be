import FlowSim
import FlowSimImage
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// One scene's check: its manifest case first, then a case per golden point (image and layout).
public struct GoldenSceneCheck: Sendable {
    public var name: String
    public var folder: URL
    public var manifest: GoldenManifest
    public var cases: [GoldenCaseResult]
    /// Files of the scene's folder that are neither goldens nor scene files (the scene's own
    /// `scene.json` beside its goldens, say); they are ignored when looking for orphans.
    public var keep: Set<String> = []

    /// Whether the manifest differs in duration, fps or golden set.
    public var manifestFailed: Bool { cases.first { $0.isManifest }?.status == .failed }

    /// Golden files (`*.png`, `*.json`) in the scene's folder that this scene no longer produces
    /// (a frame set that changed, an older `frame_NNNN` name superseded by a time), sorted.
    public func orphans() -> [URL] {
        var produced: Set<String> = [GoldenManifest.fileName]
        for result in cases where !result.isManifest {
            produced.insert(result.fileStem + ".png")
            produced.insert(result.fileStem + ".json")
            produced.insert((result.goldenPath as NSString).lastPathComponent)
        }
        produced.formUnion(keep)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // Only files named as FlowSim names goldens (`frame_NNNN`, `time_…`) can be orphans: a
        // scene file or an image a scene draws may live in the same folder.
        func isGoldenName(_ name: String) -> Bool {
            guard name.hasSuffix(".png") || name.hasSuffix(".json") else { return false }
            let stem = (name as NSString).deletingPathExtension
            if stem.hasPrefix("time_") { return stem.count > 5 }
            guard stem.hasPrefix("frame_") else { return false }
            let digits = stem.dropFirst(6)
            return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
        }
        return names.filter { name in !name.hasPrefix(".") && isGoldenName(name) && !produced.contains(name) }
            .sorted().map { folder.appendingPathComponent($0) }
    }
}

/// What `GoldenSuite.compareScene` keeps of a case's images once it is compared. The points are
/// rendered and compared a few at a time (one per core), so with anything but `.all` a scene's
/// memory is that of the points in flight, whatever its number of golden points.
public enum GoldenImageRetention: Sendable {
    /// Every image (expected, actual, diff), as pixels.
    case all
    /// The images of failing cases only (FlowSimTesting writes them as artefacts).
    case failures
    /// No pixels: each case's images encoded and staged in the report's folder
    /// (`GoldenCaseResult.reportImages`), so neither pixels nor PNGs stay in memory.
    case report(ReportStaging)
    /// No pixels and no report images; only what recording needs (`actualPNG`).
    case none

    /// Whether a passing case's diff image is kept (only `all` keeps passing cases' images; a
    /// report shows the diff of failures only), so whether passing cases need one drawn.
    var keepsPassingDiffs: Bool {
        if case .all = self { return true }
        return false
    }
}

extension GoldenSuite {
    /// Renders a simulation that has run at its golden points and compares, without writing
    /// anything: the manifest first (a changed duration, fps or golden set fails, and in the
    /// modes `missing` and `never` nothing of the scene is then recorded), then each point's
    /// image and layout. `sceneFiles` are paths of scene files that may live in the folder.
    /// Points are presented in time order, then rendered and compared on all cores, at most one
    /// point per core in flight; `retention` says which images outlive their comparison.
    public func compareScene(
        _ simulation: SceneSimulation, named name: String? = nil, frames requested: [Int]? = nil,
        options: ImageComparisonOptions, sceneFiles: [String] = [], scale: Double? = nil,
        retention: GoldenImageRetention = .all, masks: [GoldenMask] = []
    ) throws -> GoldenSceneCheck {
        let scene = simulation.scene
        let name = name ?? scene.name
        let points = try GoldenPoint.points(
            scene: scene, duration: simulation.duration, fps: framesPerSecond, requested: requested)
        let current = GoldenManifest.current(simulation, points: points, fps: framesPerSecond, name: name)
        let folder = goldensDirectory.appendingPathComponent(name, isDirectory: true)
        var cases = [compareManifest(current, folder: folder)]
        let recorded = try? GoldenManifest.parse(
            Data(contentsOf: folder.appendingPathComponent(GoldenManifest.fileName)))

        let fullContent = scene.golden.fullContent
        let viewport =
            fullContent
            ? try FullContentCapture.viewport(of: simulation, scale: scale ?? scene.golden.scale)
            : RenderViewport(scene.viewport, scale: scale ?? scene.golden.scale)
        let renderer = FrameRenderer(viewport: viewport, style: scene.style)
        // The scene's masks, then the caller's (`check --mask`); rectangles are checked now.
        let masks = scene.golden.mask + masks
        try GoldenSuite.checkMasks(masks, viewport: viewport, scene: scene.name)
        let contentSize = simulation.layout.collectionViewContentSize
        // The render loop, one point per core in flight: each point's viewport frame (its layout)
        // and the frame drawn (the same, or the whole content) are presented in time order.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        try RenderLoop(concurrency: cores, batchSize: cores).run(
            count: points.count,
            present: { position -> (point: GoldenPoint, frame: PresentedFrame, drawn: PresentedFrame) in
                let point = points[position]
                let frame = simulation.frame(index: point.frame, time: point.time)
                let drawn =
                    fullContent ? FullContentCapture.frame(of: simulation, index: point.frame, time: point.time) : frame
                return (point, frame, drawn)
            },
            draw: { item, _ -> GoldenCaseResult in
                let image = try renderer.render(item.drawn)
                let layout = GoldenSuite.layoutDocument(item.frame, contentSize: contentSize)
                var pointOptions = options
                pointOptions.masks += GoldenSuite.maskRects(masks, frame: item.drawn, viewport: viewport)
                var result = compare(
                    name: name, point: item.point, actual: image, layout: layout, options: pointOptions,
                    layoutTolerance: scene.golden.layoutTolerance, diffOnlyOnFailure: !retention.keepsPassingDiffs)
                if let recorded, result.isFailure {
                    result.notes = GoldenManifest.rendererNotes(recorded: recorded, current: current)
                }
                try retain(&result, retention)
                return result
            }, into: [FrameSink(take: { cases.append($0) })])
        var check = GoldenSceneCheck(name: name, folder: folder, manifest: current, cases: cases)
        let standardized = Set(sceneFiles.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            if standardized.contains(folder.appendingPathComponent(file).standardizedFileURL.path) {
                check.keep.insert(file)
            }
        }
        if check.manifestFailed && (mode == .missing || mode == .never) {
            for i in check.cases.indices where !check.cases[i].isManifest {
                check.cases[i].recordImage = false
                check.cases[i].recordLayout = false
                check.cases[i].recordPending = false
                if check.cases[i].status == .missing {
                    check.cases[i].message = (check.cases[i].message ?? "") + "; not recorded: the manifest differs"
                }
            }
        }
        return check
    }

    /// Drops what `retention` does not keep of a just-compared case.
    func retain(_ result: inout GoldenCaseResult, _ retention: GoldenImageRetention) throws {
        switch retention {
        case .all: return
        case .failures: if result.isFailure { return }
        case .report(let staging):
            let encoded = try staging.stage(result)
            releaseImages(&result)
            result.reportImages = encoded
            return
        case .none: break
        }
        releaseImages(&result)
    }

    /// The manifest case: passed, failed (what changed), missing or error.
    func compareManifest(_ current: GoldenManifest, folder: URL) -> GoldenCaseResult {
        let url = folder.appendingPathComponent(GoldenManifest.fileName)
        var result = GoldenCaseResult(
            scene: current.scene, frame: -1, time: current.duration, goldenPath: url.path, status: .passed,
            comparison: nil, previousComparison: nil, message: nil, seconds: 0, expected: nil, actual: nil, diff: nil)
        result.isManifest = true
        result.stem = "manifest"
        guard FileManager.default.fileExists(atPath: url.path) else {
            result.status = .missing
            result.message = "missing manifest \(url.path)"
            result.recordPending = mode != .never
            return result
        }
        do {
            let recorded = try GoldenManifest.parse(Data(contentsOf: url))
            let (failures, notes) = GoldenManifest.differences(recorded: recorded, current: current)
            if !failures.isEmpty {
                result.status = .failed
                result.message = "\(url.path): " + failures.joined(separator: ", ")
                result.notes = notes
            } else if !notes.isEmpty {
                result.message = notes.joined(separator: "; ")
            }
            // An explicit re-record (failed, all) accepts a changed manifest; missing and never do not.
            result.recordPending = mode == .all || (mode == .failed && !failures.isEmpty)
        } catch {
            result.status = .error
            result.message = "\(url.path): \(error)"
            result.recordPending = mode == .all || mode == .failed
        }
        return result
    }

    /// Records what the mode chose in every check as one set of files: all are written beside
    /// their targets first, then renamed in one block a SIGINT or SIGTERM waits for. A failure
    /// while writing (a full disk) records nothing and returns the error, once; the checks'
    /// pending cases are then errors that say they were not recorded. (Each scene's `record(_:)` wrote file by
    /// file: a full disk or a kill midway left a mix of old and new goldens.) A kill -9 during the
    /// renames, a window of milliseconds, can still leave part of the set renamed.
    public func record(_ checks: inout [GoldenSceneCheck]) -> Error? {
        var files: [AtomicOutput.File] = []
        // What each recorded case wrote, to report once the set is in place.
        var written: [(check: Int, item: Int, paths: [String], image: String?)] = []
        for c in checks.indices {
            let name = checks[c].name
            var wroteAny = false
            for i in checks[c].cases.indices where !checks[c].cases[i].isManifest && checks[c].cases[i].recordPending {
                var result = checks[c].cases[i]
                var paths: [String] = []
                var image: String?
                if result.recordImage {
                    let data: Data
                    do {
                        guard let encoded = try result.actualPNG ?? result.actual.map(encoder.encode) else { continue }
                        data = encoded
                    } catch {
                        result.status = .error
                        result.message = "\(error)"
                        result.recordPending = false
                        checks[c].cases[i] = result
                        continue
                    }
                    let file = name + "/" + result.fileStem + ".png"
                    files.append(AtomicOutput.File(name: file, data: data))
                    image = goldensDirectory.appendingPathComponent(file).path
                    paths.append("\(image!) (\(data.count) bytes)")
                }
                if result.recordLayout, let layout = result.layoutActual {
                    let file = name + "/" + result.fileStem + ".json"
                    files.append(AtomicOutput.File(name: file, data: Data(layout.utf8)))
                    paths.append(goldensDirectory.appendingPathComponent(file).path)
                }
                if paths.isEmpty {
                    checks[c].cases[i].recordPending = false  // nothing to write (as `record(_:)`)
                } else {
                    wroteAny = true
                    written.append((c, i, paths, image))
                }
            }
            guard let m = checks[c].cases.firstIndex(where: { $0.isManifest }) else { continue }
            if checks[c].cases[m].recordPending || (wroteAny && checks[c].cases[m].status != .failed) {
                let file = name + "/" + GoldenManifest.fileName
                files.append(AtomicOutput.File(name: file, data: Data(checks[c].manifest.json().utf8)))
                written.append((c, m, [goldensDirectory.appendingPathComponent(file).path], nil))
            }
        }
        do {
            try AtomicOutput.write(files, in: goldensDirectory, creatingFolders: true)
        } catch {
            for entry in written {
                checks[entry.check].cases[entry.item].recordPending = false
                checks[entry.check].cases[entry.item].recordImage = false
                checks[entry.check].cases[entry.item].recordLayout = false
                checks[entry.check].cases[entry.item].status = .error
                checks[entry.check].cases[entry.item].message = "not recorded: \(error)"
            }
            return error
        }
        for entry in written {
            var result = checks[entry.check].cases[entry.item]
            let status = result.status
            result.recordPending = false
            result.recordImage = false
            result.recordLayout = false
            if result.isManifest {
                if status != .passed {
                    result.status = .recorded
                    result.message =
                        (status == .missing ? "recorded " : "re-recorded ") + entry.paths[0]
                        + (result.message.map { " (was: \($0))" } ?? "")
                }
            } else {
                if let image = entry.image { result.goldenPath = image }
                result.previousComparison = result.comparison.flatMap { $0.match ? nil : $0 }
                result.status = .recorded
                result.message =
                    (status != .missing ? "re-recorded " : "recorded ") + entry.paths.joined(separator: ", ")
            }
            checks[entry.check].cases[entry.item] = result
        }
        return nil
    }

    /// Records what the mode chose for one scene: `record(_ checks:)` with that scene alone (one
    /// set, all or nothing; a failure leaves its cases `.error`, "not recorded: …"). The manifest
    /// is (re)written whenever anything of the scene is, so it always describes the goldens
    /// beside it.
    public func record(_ check: inout GoldenSceneCheck) {
        var checks = [check]
        _ = record(&checks)
        check = checks[0]
    }

    /// One golden point's layout document: `{"scene", "time", "frame", "contentSize",
    /// "contentOffset", "elements"}` (a layout document `flowsim diff` reads).
    public static func layoutDocument(_ frame: PresentedFrame, contentSize: CGSize) -> JSONValue {
        .object([
            ("time", .number(frame.time)),
            ("frame", .number(Double(frame.index))),
            (
                "contentSize",
                .object([
                    ("width", .number(Double(contentSize.width))), ("height", .number(Double(contentSize.height))),
                ])
            ),
            (
                "contentOffset",
                .object([("x", .number(Double(frame.contentOffset.x))), ("y", .number(Double(frame.contentOffset.y)))])
            ),
            ("elements", .array(frame.elements.map { LayoutExport.element($0) })),
        ])
    }
}
