import FlowSim
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

        public init(
            makeLayout: @escaping () -> CollectionViewLayout,
            makeDelegate: ((SceneLayoutContext) -> AnyObject)? = nil
        ) {
            self.makeLayout = makeLayout
            self.makeDelegate = makeDelegate
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

    /// The registered names, sorted.
    public var names: [String] { entries.keys.sorted() }

    public subscript(name: String) -> Entry? { entries[name] }

    public var isEmpty: Bool { entries.isEmpty }

    /// The message for a scene naming a class nobody registered.
    func unknownClassMessage(_ name: String) -> String {
        "unknown layout class \(SceneError.quoted(name)); "
            + (entries.isEmpty
                ? "this flowsim knows no custom layouts (a team registers its own in its flowsim build)"
                : "known: \(names.joined(separator: ", "))")
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
