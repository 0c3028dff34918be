#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    /// UIKit's `UICollectionViewDelegate`: `collectionView.delegate = self` compiles, and layouts
    /// cast the delegate to their own protocols refining it.
    public typealias UICollectionViewDelegate = CollectionViewDelegate

    /// UIKit's `UICollectionViewDelegateFlowLayout`, with UIKit's exact signatures and
    /// non-optional results; unimplemented methods answer the flow layout's own property, as in
    /// UIKit. Scenes set their data source as the collection view's delegate, so a layout that
    /// reads `collectionView.delegate as? UICollectionViewDelegateFlowLayout` gets the scene's
    /// sizes, insets and spacings.
    ///
    /// Not supported: calling these methods through optional chaining
    /// (`delegate?.collectionView?(…)`), which needs the Objective-C runtime: see
    /// `flowsim port`.
    public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout

    /// UIKit's `UICollectionViewDataSource` as FlowSim's scenes answer it (counts, and identity
    /// in place of `cellForItemAt`).
    public typealias UICollectionViewDataSource = CollectionViewDataSource
#endif
