import FlowSim
import FlowSimScene
import FlowSimSupport
import Foundation

// One benchmark per process, so peak memory (ru_maxrss) belongs to that benchmark alone.
// Prints one line: `name median_ms=… min_ms=… runs=… peak_mb=… [extra]`.

/// A data source with counts only (ids made on demand): what a large app's data looks like to
/// the layout, without a million strings built up front.
final class CountDataSource: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sizes: ((IndexPath) -> CGSize?)?
    init(counts: [Int], sizes: ((IndexPath) -> CGSize?)? = nil) {
        self.counts = counts
        self.sizes = sizes
    }
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }
    func collectionView(_ collectionView: CollectionView, itemAt indexPath: IndexPath) -> ItemData {
        ItemData(id: "\(indexPath.section)-\(indexPath.item)")
    }
    func collectionView(_ collectionView: CollectionView, sectionAt section: Int) -> SectionData {
        SectionData(id: "s\(section)")
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        sizes?(indexPath) ?? (collectionViewLayout as? FlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
    }
}

func peakMegabytes() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(0), &usage)  // RUSAGE_SELF
    return Double(usage.ru_maxrss) / 1024
}

func measure(runs: Int, _ body: () -> Void) -> (median: Double, min: Double) {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    samples.sort()
    return (samples[samples.count / 2], samples[0])
}

func report(_ name: String, _ timing: (median: Double, min: Double), runs: Int, extra: String = "") {
    print(
        String(
            format: "%@ median_ms=%.3f min_ms=%.3f runs=%d peak_mb=%.1f %@", name, timing.median, timing.min, runs,
            peakMegabytes(), extra))
}

func collectionView(counts: [Int], sizes: ((IndexPath) -> CGSize?)? = nil, width: CGFloat = 375, height: CGFloat = 667)
    -> (CollectionView, FlowLayout, CountDataSource)
{
    let layout = FlowLayout()
    let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
    let source = CountDataSource(counts: counts, sizes: sizes)
    view.dataSource = source
    view.delegate = source
    return (view, layout, source)
}

let arguments = CommandLine.arguments.dropFirst()
let runs = 7
switch arguments.first {
case "solve-uniform":
    let (view, layout, source) = collectionView(counts: [1_000_000])
    let timing = measure(runs: runs) {
        layout.invalidateLayout()
        layout.prepareIfNeeded()
    }
    withExtendedLifetime((view, source)) {
        report(
            "solve-uniform-1M", timing, runs: runs, extra: "content_height=\(layout.collectionViewContentSize.height)")
    }
case "numbers":
    // FlowSim's shortest round-trip printer against Swift's `description` on millions of doubles:
    // random bit patterns, layout-like values (halves, thirds, ±2000 with 3 decimals) and
    // 10⁻⁵…10¹⁷; every one must print the same bytes. Then ns per number for both.
    let count = Int(ProcessInfo.processInfo.environment["NUMBERS"] ?? "") ?? 2_000_000
    var random = SeededRandom(seed: 16)
    func reference(_ value: Double) -> String {
        if value.isFinite && value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
    var bytes: [UInt8] = []
    var mismatches = 0
    var checked = 0
    func check(_ value: Double) {
        bytes.removeAll(keepingCapacity: true)
        ShortestDecimal.append(value, to: &bytes)
        if !bytes.elementsEqual(reference(value).utf8) {
            mismatches += 1
            if mismatches <= 5 {
                print("mismatch: \(value.bitPattern) \(reference(value)) \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        checked += 1
    }
    for _ in 0..<count {
        check(Double(bitPattern: random.next()))
        check(Double(random.next() % 4_000_000_000) / 1_000_000 - 2000)
        check(Double(Int(random.next() % 200_001) - 100_000) / [2, 3, 6, 7, 1024][Int(random.next() % 5)])
        check(Double(random.next() % 1_000_000_000_000) * pow(10, Double(Int(random.next() % 23) - 17)))
    }
    let layoutLike = (0..<1_000_000).map { _ in Double(Int(random.next() % 2_000_001)) / 6 }
    let own = measure(runs: runs) {
        for value in layoutLike {
            bytes.removeAll(keepingCapacity: true)
            ShortestDecimal.append(value, to: &bytes)
        }
    }
    var total = 0
    let swift = measure(runs: runs) { for value in layoutLike { total += reference(value).utf8.count } }
    report(
        "numbers", own, runs: runs,
        extra: String(
            format: "checked=%d mismatches=%d own_ns=%.1f swift_description_ns=%.1f", checked, mismatches,
            own.median * 1e6 / Double(layoutLike.count), swift.median * 1e6 / Double(layoutLike.count)))
    if mismatches > 0 { exit(1) }
case "solve-mixed":
    var random = SeededRandom(seed: 7)
    let widths = (0..<100_000).map { _ in CGFloat(Int.random(in: 40...180, using: &random)) }
    let (view, layout, source) = collectionView(
        counts: [100_000], sizes: { CGSize(width: widths[$0.item], height: 44) })
    let timing = measure(runs: runs) {
        layout.invalidateLayout()
        layout.prepareIfNeeded()
    }
    withExtendedLifetime((view, source)) {
        report(
            "solve-mixed-100k", timing, runs: runs, extra: "content_height=\(layout.collectionViewContentSize.height)")
    }
case "compositional":
    // A 10,000-item compositional section (four columns of fractionalWidth(0.25) × 100 pt) solved
    // and queried for one viewport, against the flow layout with the same frames; then the
    // per-viewport query cost at 1,000 and 100,000 items (flat in N: the query visits only the
    // groups it meets).
    func compositionalGrid() -> CompositionalLayout {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitems: [item])
        return CompositionalLayout(section: LayoutSection(group: group))
    }
    // Items shaped like a user's scene: ids and titles (the parks data's kind of names).
    func attach(_ layout: CollectionViewLayout, count: Int) -> (CollectionView, SectionedDataSource) {
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 844), collectionViewLayout: layout)
        let items = (0..<count).map { ItemData(id: "park-\($0)", title: "National Park \($0)") }
        let source = SectionedDataSource(sections: [SectionData(id: "parks", title: "Parks", items: items)])
        view.dataSource = source
        view.delegate = source
        return (view, source)
    }
    let viewport = CGRect(x: 0, y: 125_000, width: 400, height: 844)
    let compositional = compositionalGrid()
    let flow = FlowLayout()
    flow.itemSize = CGSize(width: 100, height: 100)
    flow.minimumLineSpacing = 0
    flow.minimumInteritemSpacing = 0
    let keep = [attach(compositional, count: 10_000), attach(flow, count: 10_000)]
    var elements = 0
    let compositionalTiming = measure(runs: runs) {
        compositional.invalidateLayout()
        compositional.prepareIfNeeded()
        elements &+= compositional.layoutAttributesForElements(in: viewport)?.count ?? 0
    }
    let flowTiming = measure(runs: runs) {
        flow.invalidateLayout()
        flow.prepareIfNeeded()
        elements &+= flow.layoutAttributesForElements(in: viewport)?.count ?? 0
    }
    func queryMicroseconds(_ count: Int) -> Double {
        let layout = compositionalGrid()
        let attached = attach(layout, count: count)
        layout.prepareIfNeeded()
        let rect = CGRect(x: 0, y: CGFloat(count / 8) * 100, width: 400, height: 844)
        let timing = measure(runs: runs) {
            for _ in 0..<1000 { elements &+= layout.layoutAttributesForElements(in: rect)?.count ?? 0 }
        }
        return withExtendedLifetime(attached) { timing.median }  // ms per 1000 queries = µs per query
    }
    let small = queryMicroseconds(1_000)
    let large = queryMicroseconds(100_000)
    withExtendedLifetime(keep) {
        report(
            "compositional-10k", compositionalTiming, runs: runs,
            extra: String(
                format: "flow_median_ms=%.3f ratio=%.2f (target <= 2) query_us_1k=%.2f query_us_100k=%.2f elements=%d",
                flowTiming.median, compositionalTiming.median / flowTiming.median, small, large, elements))
    }
case "query":
    let (view, layout, source) = collectionView(counts: [1_000_000])
    layout.prepareIfNeeded()
    let height = layout.collectionViewContentSize.height
    var random = SeededRandom(seed: 11)
    let offsets = (0..<1000).map { _ in CGFloat(Double.random(in: 0..<Double(height - 667), using: &random)) }
    var count = 0
    let timing = measure(runs: runs) {
        for y in offsets {
            count &+= layout.layoutAttributesForElements(in: CGRect(x: 0, y: y, width: 375, height: 667))?.count ?? 0
        }
    }
    withExtendedLifetime((view, source)) {
        report(
            "viewport-query", (timing.median / 1000, timing.min / 1000), runs: runs,
            extra: "per_query elements=\(count / (runs * 1000))")
    }
case "timeline":
    // ~1,000 cells on screen (20×20 pt items in 375×1000), all shifted by an insert at the top.
    let layout = FlowLayout()
    layout.itemSize = CGSize(width: 20, height: 20)
    layout.minimumLineSpacing = 1
    layout.minimumInteritemSpacing = 1
    let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 1000), collectionViewLayout: layout)
    let source = SectionedDataSource(sections: [SectionData(id: "s", items: (0..<1200).map { ItemData(id: "i\($0)") })])
    view.dataSource = source
    view.delegate = source
    view.layoutIfNeeded()
    source.sections[0].items.insert(ItemData(id: "new"), at: 0)
    ViewAnimation.animate(
        withDuration: 1, delay: 0, usingSpringWithDamping: 0.65, initialSpringVelocity: 0,
        animations: {
            view.insertItems(at: [IndexPath(item: 0, section: 0)])
        })
    let times = SceneSimulation.frameTimes(duration: 1, fps: 60)
    var elements = 0
    let timing = measure(runs: runs) {
        for time in times { elements = view.presentation(at: time).count }
    }
    report(
        "timeline-sample-frame", (timing.median / Double(times.count), timing.min / Double(times.count)), runs: runs,
        extra: "elements=\(elements) frames=\(times.count)")
case "plan":
    var samples: [Double] = []
    var animated = 0
    for run in 0..<runs {
        let layout = FlowLayout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        let source = SectionedDataSource(sections: [
            SectionData(id: "s", items: (0..<100_000).map { ItemData(id: "i\($0)") })
        ])
        view.dataSource = source
        view.delegate = source
        view.layoutIfNeeded()
        var random = SeededRandom(seed: UInt64(run + 1))
        // 5,000 deletes (old space) and 5,000 inserts (new space).
        let deletes = Array(Set((0..<5000).map { _ in Int.random(in: 0..<100_000, using: &random) })).sorted()
        var items = source.sections[0].items
        for index in deletes.reversed() { items.remove(at: index) }
        let insertCount = 10_000 - deletes.count
        var inserts = Set<Int>()
        while inserts.count < insertCount {
            inserts.insert(Int.random(in: 0..<(items.count + insertCount), using: &random))
        }
        for (k, index) in inserts.sorted().enumerated() { items.insert(ItemData(id: "n\(k)"), at: index) }
        source.sections[0].items = items
        var batch = BatchUpdate()
        batch.deletedItems = deletes.map { IndexPath(item: $0, section: 0) }
        batch.insertedItems = inserts.sorted().map { IndexPath(item: $0, section: 0) }
        let start = DispatchTime.now().uptimeNanoseconds
        do { try view.apply(batch) } catch {
            print("plan failed: \(error)")
            exit(1)
        }
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        animated = view.lastUpdatePlans.count
    }
    samples.sort()
    report(
        "plan-10k-edits-100k-items", (samples[samples.count / 2], samples[0]), runs: runs,
        extra: "animated_elements=\(animated)")
case "diffable-shuffle", "diffable-change":
    // Diff and plan through a diffable data source: 10,000 items shuffled, or 100,000 items with
    // 1 % changed (equal numbers of deletes, inserts and moves). Each sample is
    // `applyChecked` (diff, content of new items, validation, animation plan and recording);
    // the diff alone is reported as diff_median_ms.
    let shuffle = arguments.first == "diffable-shuffle"
    let count = shuffle ? 10_000 : 100_000
    var samples: [Double] = []
    var diffSamples: [Double] = []
    var moves = 0
    for run in 0..<runs {
        var random = SeededRandom(seed: UInt64(run + 1))
        let ids = (0..<count).map { "i\($0)" }
        var old = DiffableDataSourceSnapshot<String, String>()
        old.appendSections(["s"])
        old.appendItems(ids)
        var items = ids
        if shuffle {
            items.shuffle(using: &random)
        } else {
            let changes = count / 100 / 3
            for _ in 0..<changes { items.remove(at: Int.random(in: 0..<items.count, using: &random)) }
            for k in 0..<changes { items.insert("n\(k)", at: Int.random(in: 0...items.count, using: &random)) }
            for _ in 0..<changes {
                let moved = items.remove(at: Int.random(in: 0..<items.count, using: &random))
                items.insert(moved, at: Int.random(in: 0...items.count, using: &random))
            }
        }
        var new = DiffableDataSourceSnapshot<String, String>()
        new.appendSections(["s"])
        new.appendItems(items)
        let layout = FlowLayout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        let source = CollectionViewDiffableDataSource<String, String>(collectionView: view) { _, _, _ in nil }
        source.apply(old, animatingDifferences: false)
        view.layoutIfNeeded()
        var start = DispatchTime.now().uptimeNanoseconds
        let difference = DiffableDataSourceSnapshot.difference(from: old, to: new)
        diffSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        moves = difference.batch.movedItems.count
        start = DispatchTime.now().uptimeNanoseconds
        do { try source.applyChecked(new) } catch {
            print("diffable apply failed: \(error)")
            exit(1)
        }
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    samples.sort()
    diffSamples.sort()
    report(
        shuffle ? "diffable-shuffle-10k" : "diffable-1pct-100k", (samples[samples.count / 2], samples[0]), runs: runs,
        extra: String(format: "diff_median_ms=%.3f moves=%d", diffSamples[diffSamples.count / 2], moves))
default:
    print(
        "usage: FlowSimBench solve-uniform | solve-mixed | query | timeline | plan | diffable-shuffle | diffable-change"
    )
    exit(2)
}
