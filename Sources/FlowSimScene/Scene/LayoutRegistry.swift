import FlowSim
import FlowSimSupport
import Foundation

/// The layouts a scene may name as `"layout": {"class": NAME}`: for each name, how to make the
/// layout and, for layouts that ask a delegate protocol of their own, how to make that delegate.
///
/// A layout is made by a factory, as the app makes it: any initialiser works, including one
/// whose parameters all have defaults (`{ AlignedLayout(horizontalAlignment: .left) }`), so
/// nothing beyond UIKit's own initialisers is asked of a layout class.
///
///     let registry: LayoutRegistry = ["aligned": { AlignedLayout(horizontalAlignment: .left) }]
///
/// Every scene gets its data source as `collectionView.dataSource` and `collectionView.delegate`
/// (a `UICollectionViewDelegateFlowLayout` answering the scene's sizes, insets and spacings). A
/// layout with its own delegate protocol (a waterfall asking for item heights) gets its delegate
/// from `delegate:` factories: the object made is kept alive for the scene; when it is a
/// `CollectionViewDelegate` it becomes `collectionView.delegate`, and the factory may also wire
/// it to the layout (`(context.layout as? WaterfallLayout)?.delegate = made`).
public struct LayoutRegistry: ExpressibleByDictionaryLiteral {
    /// How one registered layout is made.
    public struct Entry {
        public var makeLayout: () -> CollectionViewLayout
        public var makeDelegate: ((SceneLayoutContext) -> AnyObject)?
        /// Called before each of the scene's updates is performed, with the layout and the update's
        /// index paths (deleted and moved-from in the old index space, inserted and moved-to in
        /// the new one): what a view controller tells its layout before `performBatchUpdates`.
        public var willPerform: ((CollectionViewLayout, BatchUpdate) -> Void)?
        /// Called once the update is performed (its animations planned), as code after
        /// `performBatchUpdates` returns.
        public var didPerform: ((CollectionViewLayout, BatchUpdate) -> Void)?

        public init(
            makeLayout: @escaping () -> CollectionViewLayout,
            makeDelegate: ((SceneLayoutContext) -> AnyObject)? = nil,
            willPerform: ((CollectionViewLayout, BatchUpdate) -> Void)? = nil,
            didPerform: ((CollectionViewLayout, BatchUpdate) -> Void)? = nil
        ) {
            self.makeLayout = makeLayout
            self.makeDelegate = makeDelegate
            self.willPerform = willPerform
            self.didPerform = didPerform
        }
    }

    public private(set) var entries: [String: Entry] = [:]

    public init() {}

    /// `layouts` by name; `delegates` by the same names, for layouts that need one.
    public init(
        layouts: [String: () -> CollectionViewLayout],
        delegates: [String: (SceneLayoutContext) -> AnyObject] = [:]
    ) {
        for (name, make) in layouts {
            entries[name] = Entry(makeLayout: make, makeDelegate: delegates[name])
        }
    }

    public init(dictionaryLiteral elements: (String, () -> CollectionViewLayout)...) {
        for (name, make) in elements { entries[name] = Entry(makeLayout: make) }
    }

    /// Adds or replaces the layout named `name`.
    public mutating func register(
        _ name: String, layout: @escaping () -> CollectionViewLayout,
        delegate: ((SceneLayoutContext) -> AnyObject)? = nil
    ) {
        entries[name] = Entry(makeLayout: layout, makeDelegate: delegate)
    }

    /// Adds or replaces the layout named `name`, with per-update hooks typed by the layout's own
    /// class: the state a view controller sets on its layout around each update. The tutorial
    /// idiom, where the view controller sets `addedItem` / `deletedItems` before each update:
    ///
    ///     registry.register("flow", layout: { FlowLayout() }, willPerform: { layout, update in
    ///         layout.addedItem = update.insertedItems.first
    ///         layout.deletedItems = update.deletedItems
    ///     })
    public mutating func register<Layout: CollectionViewLayout>(
        _ name: String, layout: @escaping () -> Layout, delegate: ((SceneLayoutContext) -> AnyObject)? = nil,
        willPerform: ((Layout, BatchUpdate) -> Void)?, didPerform: ((Layout, BatchUpdate) -> Void)? = nil
    ) {
        entries[name] = Entry(
            makeLayout: layout, makeDelegate: delegate,
            willPerform: willPerform.map { hook in { if let layout = $0 as? Layout { hook(layout, $1) } } },
            didPerform: didPerform.map { hook in { if let layout = $0 as? Layout { hook(layout, $1) } } })
    }

    /// The registered names, sorted.
    public var names: [String] { entries.keys.sorted() }

    public subscript(name: String) -> Entry? { entries[name] }

    public var isEmpty: Bool { entries.isEmpty }

    /// The error of a scene naming a class nobody registered.
    func unknownClass(_ name: String) -> SceneError.Kind {
        .unknownLayoutClass(name, known: entries.isEmpty ? [] : names)
    }
}

/// What a delegate factory is given: the scene's layout, collection view and data (the data
/// source answers every flow-delegate question from the scene, and holds each item's size,
/// title and image, for delegates that answer their own protocol's questions from them).
public struct SceneLayoutContext {
    public let layout: CollectionViewLayout
    public let collectionView: CollectionView
    public let sceneData: SectionedDataSource
}
