import FlowSim
import FlowSimStyle
import FlowSimSupport
import Foundation

/// A collection view described by a scene file: viewport, layout, data, updates and style.
/// See the README's "Scene format" for every key.
public struct Scene: Sendable {
    public var name: String
    public var viewport: Viewport
    public var layout: LayoutSpec
    public var sections: [SectionData]
    /// Ids of the items selected at the start (`"selected": true` on an item).
    public var selectedItemIDs: [String]
    public var updates: [SceneUpdate]
    /// Content-offset moves (`"scroll"`), in time order.
    public var scrolls: [SceneScroll] = []
    /// `"pagination"` settings for `flowsim paginate` (nil without the key).
    public var pagination: PaginationSettings?
    /// `"strict": true`: anything UIKit would log fails the run (as `--strict`). Kept with the
    /// golden settings: it changes how a run is judged, not what it shows (not in the digest).
    public var strict: Bool {
        get { golden.strict }
        set { golden.strict = newValue }
    }
    /// `"timeout"`: the seconds a run gives the scene's layout before stopping it (nil: the
    /// command's `--scene-timeout`). Kept with the golden settings, out of the digest.
    public var timeout: Double? {
        get { golden.timeout }
        set { golden.timeout = newValue }
    }
    /// The style as drawn: `givenStyle` resolved for `traits` (dark variants, Dynamic Type).
    public var style: SceneStyle
    public var golden: GoldenSpec
    /// The style as the scene file gave it, before the traits resolve it.
    public var givenStyle: SceneStyle
    /// The traits the scene runs with (`"traits"`, a device, `--rtl`, `--dark`, `--content-size`);
    /// setting them resolves `style` again from `givenStyle`.
    public var traits = SceneTraits() {
        didSet { style = givenStyle.resolved(for: traits) }
    }
    /// The device the scene runs on (`"device"`, `--device`), nil for a bare viewport.
    public var device: Device?
    public var orientation = DeviceOrientation.portrait
    /// The devices `flowsim check` runs the scene on (`"devices"`), each a name with an optional
    /// orientation; empty: the scene as it is.
    public var devices: [DeviceChoice] = []
    /// The scene key that first names each image path (`imageKey(forPath:)`), so an image that
    /// cannot be read is reported where the file names it. Not in the golden digest.
    public var imageKeys: [String: String] = [:]

    public init(
        name: String, viewport: Viewport, layout: LayoutSpec = LayoutSpec(), sections: [SectionData],
        selectedItemIDs: [String] = [], updates: [SceneUpdate] = [], style: SceneStyle = SceneStyle(),
        golden: GoldenSpec = GoldenSpec()
    ) {
        self.name = name
        self.viewport = viewport
        self.layout = layout
        self.sections = sections
        self.selectedItemIDs = selectedItemIDs
        self.updates = updates
        self.style = style
        self.golden = golden
        self.givenStyle = style
    }
}

/// The collection view's frame and screen.
public struct Viewport: Equatable, Sendable {
    public var width: CGFloat
    public var height: CGFloat
    /// Screen scale (points to pixels); 2 when not given (most iPhones before the Plus/Pro sizes).
    public var scale: CGFloat = 2
    public var contentInset: EdgeInsets = .zero {
        didSet { givenKeys.insert("contentInset") }
    }
    /// (−0, −0) until set (equal to .zero). Setting it marks the offset as given.
    public var contentOffset: CGPoint = .zero {
        didSet {
            givenKeys.insert("contentOffset")
            contentOffsetIsDefault = false
        }
    }
    /// `"contentInset"` and `"contentOffset"` when the scene states them (the decoder and the
    /// property setters record it). Only what a scene states is applied to the collection view:
    /// a layout that sets its own inset or offset in `prepare()` or `invalidateLayout(with:)`
    /// keeps them, as it does in the app.
    public internal(set) var givenKeys: Set<String> = []
    /// False when the scene gives `contentOffset`; true lets the collection view rest where UIKit
    /// rests it: at −adjustedContentInset (the safe area included), at the right end of a
    /// right-to-left horizontal layout.
    public var contentOffsetIsDefault = true
    /// The screen's safe area over the collection view (`"safeAreaInsets"`, or the device's).
    public var safeAreaInsets: EdgeInsets = .zero
    public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic
    /// The size frames are drawn at when the scene resizes the collection view (`"rotate"`,
    /// `"bounds"` updates): large enough for every size it takes; nil: `width` × `height`.
    public var canvasSize: CGSize?

    public init(
        width: CGFloat, height: CGFloat, scale: CGFloat = 2, contentInset: EdgeInsets? = nil,
        contentOffset: CGPoint? = nil
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        // Property observers do not run in an initialiser: record the stated keys here.
        if let contentInset {
            self.contentInset = contentInset
            givenKeys.insert("contentInset")
        }
        if let contentOffset {
            self.contentOffset = contentOffset
            givenKeys.insert("contentOffset")
            contentOffsetIsDefault = false
        }
    }

    /// The values only: a scene stating the default inset equals one leaving it out.
    public static func == (lhs: Viewport, rhs: Viewport) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.scale == rhs.scale
            && lhs.contentInset == rhs.contentInset && lhs.contentOffset == rhs.contentOffset
            && lhs.safeAreaInsets == rhs.safeAreaInsets
            && lhs.contentInsetAdjustmentBehavior == rhs.contentInsetAdjustmentBehavior
            && lhs.canvasSize == rhs.canvasSize
    }
}

/// The flow layout's properties and the inset layout's effects.
public struct LayoutSpec: Equatable, Sendable {
    /// A custom layout registered with the CLI (`"class"`); nil for FlowSim's own.
    public var className: String?
    /// A compositional layout described in the scene (`"compositional"`); nil for other layouts.
    public var compositional: CompositionalSpec?
    public var scrollDirection: ScrollDirection = .vertical
    public var itemSize = CGSize(width: 50, height: 50)
    /// `estimatedItemSize`: non-zero makes the cells self-sizing, each fitting its content (an
    /// item's `fittingSize`, else its image's aspect, else its title; see `SceneCellFitting`).
    public var estimatedItemSize = CGSize.zero
    public var minimumLineSpacing: CGFloat = 10
    public var minimumInteritemSpacing: CGFloat = 10
    public var sectionInset: EdgeInsets = .zero
    public var headerReferenceSize: CGSize = .zero
    public var footerReferenceSize: CGSize = .zero
    public var sectionHeadersPinToVisibleBounds = false
    /// `sectionInsetReference` (`"fromContentInset"`, `"fromSafeArea"`, `"fromLayoutMargins"`).
    public var sectionInsetReference = FlowLayout.SectionInsetReference.fromContentInset
    /// The inset layout's cell inset (0 = the plain flow layout).
    public var cellInset: CGFloat = 0
    public var appearing: InsetFlowLayout.ItemEffect?
    public var disappearing: InsetFlowLayout.ItemEffect?
    public var shiftedCells: InsetFlowLayout.ShiftedCells = .slide
    /// The keys the scene file gave (set by `SceneDecoder`).
    public var givenKeys: Set<String> = []

    public init() {}

    /// The scene's flow values as section metrics (what the scene's delegate answers for a
    /// layout that is not a flow layout).
    public var flowMetrics: FlowSectionMetrics {
        FlowSectionMetrics(
            itemSize: itemSize, inset: sectionInset, minimumLineSpacing: minimumLineSpacing,
            minimumInteritemSpacing: minimumInteritemSpacing, headerReferenceSize: headerReferenceSize,
            footerReferenceSize: footerReferenceSize)
    }

    /// A configured layout: `made` (the registered class named by `className`, made by its
    /// factory) with the scene's flow properties when it is a flow layout, else `InsetFlowLayout`
    /// (identical to `FlowLayout` with inset 0 and no effects). Another layout configures itself.
    public func makeAnyLayout(made: CollectionViewLayout?) -> CollectionViewLayout {
        if let compositional { return compositional.makeLayout() }
        if let made {
            if let flow = made as? FlowLayout { configure(flow, custom: true) }
            return made
        }
        return makeInsetFlowLayout()
    }

    /// FlowSim's own flow layout (`InsetFlowLayout`: cell inset and effects) with the scene's values.
    public func makeInsetFlowLayout() -> InsetFlowLayout {
        let inset = InsetFlowLayout()
        inset.cellInset = cellInset
        inset.appearingEffect = appearing
        inset.disappearingEffect = disappearing
        inset.shiftedCells = shiftedCells
        configure(inset, custom: false)
        return inset
    }

    /// The configured flow layout of `registry`'s class named by `className`, else
    /// `InsetFlowLayout`; nil when the registered class is not a flow layout.
    public func makeFlowLayout(registry: LayoutRegistry = [:]) -> FlowLayout? {
        let made = className.flatMap { registry[$0]?.makeLayout() }
        return makeAnyLayout(made: made) as? FlowLayout
    }

    /// Sets the flow properties. A registered class configures itself (often in its init()): only
    /// the properties the scene gives, or that differ from the defaults, replace its own values.
    private func configure(_ layout: FlowLayout, custom: Bool) {
        let defaults = LayoutSpec()
        func applies<T: Equatable>(_ key: String, _ value: T, _ defaultValue: T) -> Bool {
            !custom || givenKeys.contains(key) || value != defaultValue
        }
        if applies("scrollDirection", scrollDirection, defaults.scrollDirection) {
            layout.scrollDirection = scrollDirection
        }
        if applies("itemSize", itemSize, defaults.itemSize) { layout.itemSize = itemSize }
        if applies("estimatedItemSize", estimatedItemSize, defaults.estimatedItemSize) {
            layout.estimatedItemSize = estimatedItemSize
        }
        if applies("minimumLineSpacing", minimumLineSpacing, defaults.minimumLineSpacing) {
            layout.minimumLineSpacing = minimumLineSpacing
        }
        if applies("minimumInteritemSpacing", minimumInteritemSpacing, defaults.minimumInteritemSpacing) {
            layout.minimumInteritemSpacing = minimumInteritemSpacing
        }
        if applies("sectionInset", sectionInset, defaults.sectionInset) { layout.sectionInset = sectionInset }
        if applies("headerReferenceSize", headerReferenceSize, defaults.headerReferenceSize) {
            layout.headerReferenceSize = headerReferenceSize
        }
        if applies("footerReferenceSize", footerReferenceSize, defaults.footerReferenceSize) {
            layout.footerReferenceSize = footerReferenceSize
        }
        if applies(
            "sectionHeadersPinToVisibleBounds", sectionHeadersPinToVisibleBounds,
            defaults.sectionHeadersPinToVisibleBounds)
        {
            layout.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        }
        if applies("sectionInsetReference", sectionInsetReference, defaults.sectionInsetReference) {
            layout.sectionInsetReference = sectionInsetReference
        }
    }
}

/// One batch update of a scene, at a time on the scene's clock.
public struct SceneUpdate: Sendable {
    public var at: Double = 0
    public var insert: [(path: IndexPath, item: ItemData)] = []
    public var delete: [IndexPath] = []
    public var move: [(from: IndexPath, to: IndexPath)] = []
    public var reload: [IndexPath] = []
    public var insertSections: [(index: Int, section: SectionData)] = []
    public var deleteSections: [Int] = []
    public var moveSections: [(from: Int, to: Int)] = []
    /// Items selected / deselected just before the update (paths in the old index space).
    public var select: [IndexPath] = []
    /// Delete whatever is selected (`deleteSelected()`), in addition to `delete`.
    public var deleteSelected = false
    /// nil: UIKit's default (0.3 s ease-in-out).
    public var timing: AnimationTiming?
    /// The data after the update (`"snapshot"`) instead of edits: the simulation diffs it
    /// against the data before, as a diffable data source's `apply` does.
    public var snapshot: [SceneSnapshotSection]?
    /// With a snapshot: item ids to reload (`"reload"`) and to reconfigure (`"reconfigure"`).
    public var reloadIDs: [String] = []
    public var reconfigureIDs: [String] = []
    /// `"animatingDifferences": false`: the new layout at once (the update's timing is then a
    /// zero-length one, as under `performWithoutAnimation`).
    public var animatingDifferences = true
    /// `"rotate"`: turn the scene's device to this orientation (a size transition; no edits).
    public var rotate: DeviceOrientation?
    /// `"bounds"`: resize the collection view to this size (a size transition; no edits).
    public var bounds: CGSize?
    /// `"drag"`: an interactive movement (no other edits; `SceneDrag.swift`).
    public var drag: SceneDrag?

    public init() {}

    var batch: BatchUpdate {
        var batch = BatchUpdate()
        batch.insertedItems = insert.map(\.path)
        batch.deletedItems = delete
        batch.movedItems = move
        batch.reloadedItems = reload
        batch.insertedSections = insertSections.map(\.index)
        batch.deletedSections = deleteSections
        batch.movedSections = moveSections
        return batch
    }
}

/// A section of an update's `"snapshot"`: an existing section by id (keeping its fields) or a
/// new one.
public struct SceneSnapshotSection: Sendable {
    public var id: String
    /// Replaces the section's title when given.
    public var title: String?
    public var items: [SceneSnapshotItem]

    public init(id: String, title: String? = nil, items: [SceneSnapshotItem]) {
        self.id = id
        self.title = title
        self.items = items
    }
}

/// An item of an update's `"snapshot"`: an id (an existing item keeps its title, size and image;
/// a new one is titled by its id), with fields that replace the item's own when given.
public struct SceneSnapshotItem: Sendable {
    public var id: String
    public var title: String?
    public var size: CGSize?
    public var imagePath: String?

    public init(id: String, title: String? = nil, size: CGSize? = nil, imagePath: String? = nil) {
        self.id = id
        self.title = title
        self.size = size
        self.imagePath = imagePath
    }
}

/// A content-offset move of a scene (`"scroll": [{"at", "to", "timing", "touch"}]`); without
/// timing the offset jumps. A move with a timing is played as a drag of the collection view's
/// `panGestureRecognizer` with the finger at `touch`.
public struct SceneScroll: Equatable, Sendable {
    public var at: Double
    public var to: CGPoint
    public var timing: AnimationTiming?
    /// The finger in viewport coordinates during the drag (nil: the viewport's centre).
    public var touch: CGPoint?
    /// An orthogonal section of a compositional layout whose own content scrolls to `to` (nil:
    /// the collection view scrolls).
    public var section: Int?

    public init(at: Double, to: CGPoint, timing: AnimationTiming?, touch: CGPoint? = nil) {
        self.at = at
        self.to = to
        self.timing = timing
        self.touch = touch
    }
}

/// Which frames a golden suite checks, and how strictly (`"golden"`).
public struct GoldenSpec: Equatable, Sendable {
    /// The scene's `"strict"` key (see `Scene.strict`).
    public var strict = false
    /// The scene's `"timeout"` key (see `Scene.timeout`).
    public var timeout: Double?
    /// Frame indices to check (the older form, kept for compatibility; files `frame_NNNN`).
    public var frames: [Int]?
    /// Times to check (`"times": [0, 0.25, "end"]`; files `time_0.250s`, `time_end` …). When
    /// neither `frames` nor `times` is given: start, middle and end.
    public var times: [GoldenTime]?
    /// Layout goldens: an element whose center or size moved by more than this many points is
    /// a layout difference (default 0.01 pt; `"layoutTolerance"`).
    public var layoutTolerance: Double = 0.01
    public var threshold: Double = 0.1
    public var maxDiffPixels: Int?
    public var maxDiffPixelRatio: Double?
    /// Pixels per point of the golden images (`"scale"`); nil: the viewport's. Small goldens of a
    /// scene run on 3× devices; the layout goldens keep the device's rounding.
    public var scale: Double?
    /// `"metric"`: "exact", "pixelmatch" (nil: pixelmatch, or perceptual when
    /// `perceptualPrecision` is given), "perceptual" or "ssim".
    public var metric: String?
    /// `"perceptualPrecision"`, 0…1: swift-snapshot-testing's (ΔE94 ≤ (1 − P) · 100 matches).
    public var perceptualPrecision: Double?
    /// `"precision"`, 0…1: swift-snapshot-testing's share of pixels that must match.
    public var precision: Double?
    /// `"ssimThreshold"`, 0…1: the least mean SSIM of metric "ssim" (nil: 0.99).
    public var ssimThreshold: Double?
    /// `"mask"`: rectangles (points, image coordinates) and element ids whose frames at each
    /// golden time are left out of the image comparison.
    public var mask: [GoldenMask] = []
    /// `"fullContent": true`: golden images show the whole content size, as if the collection
    /// view were as large as its content (`flowsim render --full-content`).
    public var fullContent = false

    public init() {}
}

/// One entry of `"golden": {"mask": […]}`.
public enum GoldenMask: Equatable, Sendable {
    /// `[x, y, width, height]` in points of the golden image (the viewport, or the whole content
    /// with `fullContent`).
    case rect(CGRect)
    /// An element id (an item's id, or `header-<section id>` …): its frame at each golden time.
    case element(String)
}

/// One entry of `"golden": {"times": […]}`: seconds into the animation, or a point named after
/// the animation's length (so its golden keeps its file name when the duration changes, and the
/// manifest says what the time was).
public enum GoldenTime: Equatable, Sendable, CustomStringConvertible {
    case seconds(Double)
    /// t = 0 (`"start"`).
    case start
    /// The middle frame at the golden frame rate (`"middle"`): frame ⌊count / 2⌋.
    case middle
    /// The end of the animation (`"end"`), the last frame.
    case end

    public var description: String {
        switch self {
        case .seconds(let t): return formatNumber(t)
        case .start: return "start"
        case .middle: return "middle"
        case .end: return "end"
        }
    }
}
