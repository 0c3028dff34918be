#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // UIKit's names for FlowSim's types, so a layout file written for UIKit compiles on Linux
    // unchanged (its `import UIKit` finds this package's Linux `UIKit` module, which re-exports
    // this one) or with `import FlowSimUIKit` in place of `import UIKit`. On iOS, tvOS and visionOS
    // this file compiles to nothing, so nothing here can clash with UIKit (FlowSim's
    // CGAffineTransform is itself guarded by `#if !canImport(Darwin)`).

    /// `UICollectionViewLayout`: subclass it and override `prepare()`,
    /// `layoutAttributesForElements(in:)`, `collectionViewContentSize`, … as in UIKit.
    public typealias UICollectionViewLayout = CollectionViewLayout

    /// `UICollectionViewFlowLayout`, with `itemSize`, `sectionInset`, `scrollDirection`,
    /// `sectionHeadersPinToVisibleBounds`, … and UIKit's update hooks.
    public typealias UICollectionViewFlowLayout = FlowLayout

    /// `UICollectionViewLayoutAttributes`: a reference type with `frame`, `center`, `size`,
    /// `transform`, `transform3D`, `alpha`, `zIndex`, `isHidden`, `indexPath`, `representedElementKind`,
    /// `representedElementCategory`; copy it with `copy() as! UICollectionViewLayoutAttributes`.
    public typealias UICollectionViewLayoutAttributes = LayoutAttributes

    /// `UICollectionViewLayoutInvalidationContext`: subclass it and return the subclass from
    /// `invalidationContextClass`, as in UIKit.
    public typealias UICollectionViewLayoutInvalidationContext = LayoutInvalidationContext

    /// `UICollectionViewFlowLayoutInvalidationContext`, with `invalidateFlowLayoutDelegateMetrics`
    /// and `invalidateFlowLayoutAttributes`.
    public typealias UICollectionViewFlowLayoutInvalidationContext = FlowLayoutInvalidationContext

    /// `UICollectionView`: the layout's `collectionView` is this type, as in UIKit.
    public typealias UICollectionView = CollectionView

    /// `UICollectionViewUpdateItem`, as passed to `prepare(forCollectionViewUpdates:)`.
    public typealias UICollectionViewUpdateItem = CollectionViewUpdateItem

    /// `UIEdgeInsets`: FlowSim's `EdgeInsets` has the same memberwise initialiser
    /// `UIEdgeInsets(top:left:bottom:right:)` and `.zero`, so `sectionInset` is a `UIEdgeInsets`.
    public typealias UIEdgeInsets = EdgeInsets

    /// UIKit's global kind strings (`UICollectionElementKindSectionHeader`, the pre-Swift-4.2 name).
    public let UICollectionElementKindSectionHeader = FlowLayout.elementKindSectionHeader
    public let UICollectionElementKindSectionFooter = FlowLayout.elementKindSectionFooter

    extension CollectionView {
        /// `UICollectionView.elementKindSectionHeader`.
        public static let elementKindSectionHeader = FlowLayout.elementKindSectionHeader
        /// `UICollectionView.elementKindSectionFooter`.
        public static let elementKindSectionFooter = FlowLayout.elementKindSectionFooter

        /// `UICollectionView.ScrollDirection` (`.vertical`, `.horizontal`).
        public typealias ScrollDirection = CUIKitEnums.ScrollDirection
        /// `UICollectionView.ElementCategory` (`.cell`, `.supplementaryView`, `.decorationView`).
        public typealias ElementCategory = LayoutAttributes.Category

        /// `UIScrollView.contentSize`: the layout's `collectionViewContentSize`. Layouts may set
        /// it (FluentUI's contact layout does, from its `collectionViewContentSize`); UIKit's
        /// collection view sets it again from the layout at the next layout pass, and FlowSim
        /// reads the layout at every query, so a value set here is accepted and not kept.
        public var contentSize: CGSize {
            get {
                collectionViewLayout.prepareIfNeeded()
                return collectionViewLayout.collectionViewContentSize
            }
            set {}  // not kept: the next query reads the layout again (above)
        }

        /// `UICollectionView.layoutAttributesForItem(at:)`: the layout's answer.
        public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            collectionViewLayout.prepareIfNeeded()
            return collectionViewLayout.layoutAttributesForItem(at: indexPath)
        }

        /// `UICollectionView.layoutAttributesForSupplementaryElement(ofKind:at:)`: the layout's answer.
        public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
            -> UICollectionViewLayoutAttributes?
        {
            collectionViewLayout.prepareIfNeeded()
            return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        }
    }

    extension CGRect {
        /// UIKit's `CGRect.inset(by: UIEdgeInsets)`: each edge moved inward by its inset.
        public func inset(by insets: UIEdgeInsets) -> CGRect {
            CGRect(
                x: minX + insets.left, y: minY + insets.top,
                width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
        }
    }

    extension EdgeInsets {
        /// `UIEdgeInsets(top:left:bottom:right:)` is the memberwise initialiser; this is UIKit's
        /// older `UIEdgeInsetsMake`-style helper for insets equal on every side.
        public init(all value: CGFloat) { self.init(top: value, left: value, bottom: value, right: value) }
    }
#endif
