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
    public var style: SceneStyle
    public var golden: GoldenSpec

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
    }
}

/// The collection view's frame and screen.
public struct Viewport: Equatable, Sendable {
    public var width: CGFloat
    public var height: CGFloat
    /// Screen scale (points to pixels); 2 when not given (most iPhones before the Plus/Pro sizes).
    public var scale: CGFloat = 2
    public var contentInset: EdgeInsets = .zero
    public var contentOffset: CGPoint = .zero

    public init(
        width: CGFloat, height: CGFloat, scale: CGFloat = 2, contentInset: EdgeInsets = .zero,
        contentOffset: CGPoint = .zero
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.contentInset = contentInset
        self.contentOffset = contentOffset
    }
}

/// The flow layout's properties and the seed layout's effects.
public struct LayoutSpec: Equatable, Sendable {
    /// A custom layout registered with the CLI (`"class"`); nil for FlowSim's own.
    public var className: String?
    public var scrollDirection: ScrollDirection = .vertical
    public var itemSize = CGSize(width: 50, height: 50)
    public var minimumLineSpacing: CGFloat = 10
    public var minimumInteritemSpacing: CGFloat = 10
    public var sectionInset: EdgeInsets = .zero
    public var headerReferenceSize: CGSize = .zero
    public var footerReferenceSize: CGSize = .zero
    public var sectionHeadersPinToVisibleBounds = false
    /// The seed layout's cell inset (0 = the plain flow layout).
    public var cellInset: CGFloat = 0
    public var appearing: InsetFlowLayout.ItemEffect?
    public var disappearing: InsetFlowLayout.ItemEffect?
    public var shiftedCells: InsetFlowLayout.ShiftedCells = .slide
    /// The keys the scene file gave (set by `SceneDecoder`).
    public var givenKeys: Set<String> = []

    public init() {}

    /// A configured flow layout: the registered class named by `className` (a `FlowLayout`
    /// subclass here), else `InsetFlowLayout` (identical to `FlowLayout` with inset 0 and no
    /// effects).
    public func makeLayout(registry: [String: FlowLayout.Type] = [:]) -> FlowLayout {
        // Every registered type is a FlowLayout, and so is the fallback.
        makeAnyLayout(registry: registry) as! FlowLayout  // swiftlint:disable:this force_cast
    }

    /// A configured layout of any class: the registered `CollectionViewLayout` subclass named by
    /// `className` (a waterfall `UICollectionViewLayout` as well as a flow layout subclass), made
    /// with `init(registeredType:)`, else `InsetFlowLayout`. The flow properties apply only to
    /// `FlowLayout` instances; another layout configures itself.
    public func makeAnyLayout(registry: [String: CollectionViewLayout.Type]) -> CollectionViewLayout {
        if let className, let type = registry[className] {
            let layout = type.init(registeredType: ())
            if let flow = layout as? FlowLayout { configure(flow, custom: true) }
            return layout
        }
        let inset = InsetFlowLayout()
        inset.cellInset = cellInset
        inset.appearingEffect = appearing
        inset.disappearingEffect = disappearing
        inset.shiftedCells = shiftedCells
        configure(inset, custom: false)
        return inset
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
    /// Delete whatever is selected (the seed's `deleteSelected()`), in addition to `delete`.
    public var deleteSelected = false
    /// nil: UIKit's default (0.3 s ease-in-out).
    public var timing: AnimationTiming?

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

/// A content-offset move of a scene (`"scroll": [{"at", "to", "timing", "touch"}]`); without
/// timing the offset jumps. A move with a timing is played as a drag of the collection view's
/// `panGestureRecognizer` with the finger at `touch`.
public struct SceneScroll: Equatable, Sendable {
    public var at: Double
    public var to: CGPoint
    public var timing: AnimationTiming?
    /// The finger in viewport coordinates during the drag (nil: the viewport's centre).
    public var touch: CGPoint?

    public init(at: Double, to: CGPoint, timing: AnimationTiming?, touch: CGPoint? = nil) {
        self.at = at
        self.to = to
        self.timing = timing
        self.touch = touch
    }
}

/// Which frames a golden suite checks, and how strictly (`"golden"`).
public struct GoldenSpec: Equatable, Sendable {
    /// Frame indices to check; nil = first, middle and last.
    public var frames: [Int]?
    public var threshold: Double = 0.1
    public var maxDiffPixels: Int?
    public var maxDiffPixelRatio: Double?

    public init() {}
}
