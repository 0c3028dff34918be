#if !canImport(UIKit)
    import Foundation

    /// UIKit's `UICollectionViewDelegate`, reduced to what a simulation uses: a marker protocol, so
    /// `collectionView.delegate = self` compiles.
    public protocol UICollectionViewDelegate: AnyObject {}

    /// UIKit's `UICollectionViewDelegateFlowLayout`, with UIKit's exact signatures and non-optional
    /// results.
    ///
    /// In UIKit every method is an optional Objective-C requirement: an unimplemented one means "use
    /// the layout's property". Swift on Linux has no optional requirements, so each method has a
    /// default implementation that answers the flow layout's own property — the same result. The
    /// collection view reaches the delegate through `FlowLayoutDelegateBridge`, which implements
    /// FlowSim's `FlowLayoutDelegate` (whose nil means "use the layout's value").
    ///
    /// Not supported: calling these methods through optional chaining (`delegate?.collectionView?(…)`),
    /// which needs the Objective-C runtime.
    public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            insetForSectionAt section: Int
        ) -> UIEdgeInsets
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            minimumLineSpacingForSectionAt section: Int
        ) -> CGFloat
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            minimumInteritemSpacingForSectionAt section: Int
        ) -> CGFloat
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            referenceSizeForHeaderInSection section: Int
        ) -> CGSize
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            referenceSizeForFooterInSection section: Int
        ) -> CGSize
    }

    extension UICollectionViewDelegateFlowLayout {
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
        }
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            insetForSectionAt section: Int
        ) -> UIEdgeInsets {
            (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
        }
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            minimumLineSpacingForSectionAt section: Int
        ) -> CGFloat {
            (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 10
        }
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            minimumInteritemSpacingForSectionAt section: Int
        ) -> CGFloat {
            (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
        }
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            referenceSizeForHeaderInSection section: Int
        ) -> CGSize {
            (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
        }
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            referenceSizeForFooterInSection section: Int
        ) -> CGSize {
            (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
        }
    }

    /// Presents a UIKit-style delegate (non-optional answers) as FlowSim's `FlowLayoutDelegate`
    /// (nil = the layout's value). An answer equal to the layout's own property is passed on as nil,
    /// so the solver keeps its uniform-grid path for delegates that only override some sections.
    public final class FlowLayoutDelegateBridge: FlowLayoutDelegate {
        public private(set) weak var delegate: UICollectionViewDelegateFlowLayout?

        public init(_ delegate: UICollectionViewDelegateFlowLayout) { self.delegate = delegate }

        private func answer<T: Equatable>(_ value: T?, layoutValue: T) -> T? {
            guard let value, value != layoutValue else { return nil }
            return value
        }

        public func collectionView(
            _ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath
        ) -> CGSize? {
            answer(
                delegate?.collectionView(collectionView, layout: layout, sizeForItemAt: indexPath),
                layoutValue: layout.itemSize)
        }
        public func collectionView(_ collectionView: CollectionView, layout: FlowLayout, insetForSectionAt section: Int)
            -> EdgeInsets?
        {
            answer(
                delegate?.collectionView(collectionView, layout: layout, insetForSectionAt: section),
                layoutValue: layout.sectionInset)
        }
        public func collectionView(
            _ collectionView: CollectionView, layout: FlowLayout, minimumLineSpacingForSectionAt section: Int
        ) -> CGFloat? {
            answer(
                delegate?.collectionView(collectionView, layout: layout, minimumLineSpacingForSectionAt: section),
                layoutValue: layout.minimumLineSpacing)
        }
        public func collectionView(
            _ collectionView: CollectionView, layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int
        ) -> CGFloat? {
            answer(
                delegate?.collectionView(collectionView, layout: layout, minimumInteritemSpacingForSectionAt: section),
                layoutValue: layout.minimumInteritemSpacing)
        }
        public func collectionView(
            _ collectionView: CollectionView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int
        ) -> CGSize? {
            answer(
                delegate?.collectionView(collectionView, layout: layout, referenceSizeForHeaderInSection: section),
                layoutValue: layout.headerReferenceSize)
        }
        public func collectionView(
            _ collectionView: CollectionView, layout: FlowLayout, referenceSizeForFooterInSection section: Int
        ) -> CGSize? {
            answer(
                delegate?.collectionView(collectionView, layout: layout, referenceSizeForFooterInSection: section),
                layoutValue: layout.footerReferenceSize)
        }
    }

    /// The `delegate` each collection view was given, with the bridge that keeps it reachable as the
    /// (weak) `flowDelegate`. Entries die with their collection view; dead ones are pruned on write.
    private final class DelegateEntry {
        weak var collectionView: CollectionView?
        weak var delegate: UICollectionViewDelegate?
        let bridge: FlowLayoutDelegateBridge?

        init(collectionView: CollectionView, delegate: UICollectionViewDelegate, bridge: FlowLayoutDelegateBridge?) {
            self.collectionView = collectionView
            self.delegate = delegate
            self.bridge = bridge
        }
    }

    private let delegateLock = NSLock()
    nonisolated(unsafe) private var delegateEntries: [ObjectIdentifier: DelegateEntry] = [:]

    extension CollectionView {
        /// UIKit's `delegate` (weak). A `UICollectionViewDelegateFlowLayout` becomes the flow
        /// layout's delegate through a `FlowLayoutDelegateBridge`, replacing `flowDelegate`.
        public var delegate: UICollectionViewDelegate? {
            get {
                delegateLock.lock()
                defer { delegateLock.unlock() }
                guard let entry = delegateEntries[ObjectIdentifier(self)], entry.collectionView === self else {
                    return nil
                }
                return entry.delegate
            }
            set {
                let bridge = (newValue as? UICollectionViewDelegateFlowLayout).map(FlowLayoutDelegateBridge.init)
                delegateLock.lock()
                let previous = delegateEntries[ObjectIdentifier(self)].flatMap { $0.collectionView === self ? $0 : nil }
                delegateEntries = delegateEntries.filter { $0.value.collectionView != nil && $0.value.delegate != nil }
                if let newValue {
                    delegateEntries[ObjectIdentifier(self)] = DelegateEntry(
                        collectionView: self, delegate: newValue, bridge: bridge)
                } else {
                    delegateEntries[ObjectIdentifier(self)] = nil
                }
                delegateLock.unlock()
                if let bridge {
                    flowDelegate = bridge
                } else if let previousBridge = previous?.bridge, flowDelegate === previousBridge {
                    flowDelegate = nil
                }
            }
        }
    }
#endif
