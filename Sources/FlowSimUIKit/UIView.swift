#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    /// UIKit's `UIView` (FlowSim's `View`): a class with identity equality, frame, bounds,
    /// center, transform, alpha, layer and hierarchy, plus the animation class methods
    /// (`UIView.animate(withDuration:…)`) that time collection view updates.
    public typealias UIView = View
    /// Core Animation's `CALayer`, as a view's `layer`.
    public typealias CALayer = Layer
    /// UIKit's `UICollectionReusableView` (headers, footers).
    public typealias UICollectionReusableView = CollectionReusableView
    /// UIKit's `UICollectionViewCell`, with `contentView`; `collectionView.cellForItem(at:)`
    /// returns one for each visible item.
    public typealias UICollectionViewCell = CollectionViewCell
#endif

#if !(os(iOS) || os(tvOS) || os(visionOS))
    extension View {
        /// UIKit's `directionalLayoutMargins`: `layoutMargins` by leading and trailing edge, so
        /// leading is the right margin in a right-to-left layout (Apple: "the leading and trailing
        /// margins … are applied to the left and right edges … depending on the layout direction").
        /// Setting it sets a collection view's own margins (`directLayoutMargins`), as UIKit sets
        /// `layoutMargins`; a plain view has no margins to set (FlowSim's views report zero).
        public var directionalLayoutMargins: NSDirectionalEdgeInsets {
            get {
                let margins = layoutMargins
                let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
                return NSDirectionalEdgeInsets(
                    top: margins.top, leading: rightToLeft ? margins.right : margins.left, bottom: margins.bottom,
                    trailing: rightToLeft ? margins.left : margins.right)
            }
            set {
                guard let collectionView = self as? CollectionView else { return }
                let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
                collectionView.directLayoutMargins = EdgeInsets(
                    top: newValue.top, left: rightToLeft ? newValue.trailing : newValue.leading,
                    bottom: newValue.bottom,
                    right: rightToLeft ? newValue.leading : newValue.trailing)
            }
        }
    }
#endif
