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
