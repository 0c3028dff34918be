#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // UIKit's names before Swift 4.2, for files built with `-swift-version 4`: available in that
    // language mode only, as Apple's SDK offers them (in Swift 4.2 and later the compiler names
    // the new spelling).

    @available(swift, obsoleted: 4.2, renamed: "UICollectionView.ScrollDirection")
    public typealias UICollectionViewScrollDirection = UICollectionView.ScrollDirection
    @available(swift, obsoleted: 4.2, renamed: "UICollectionView.ElementCategory")
    public typealias UICollectionElementCategory = UICollectionView.ElementCategory
    @available(swift, obsoleted: 4.2, renamed: "UICollectionView.ScrollPosition")
    public typealias UICollectionViewScrollPosition = UICollectionView.ScrollPosition
    @available(swift, obsoleted: 4.2, renamed: "UICollectionViewUpdateItem.Action")
    public typealias UICollectionUpdateAction = UICollectionViewUpdateItem.Action
    @available(swift, obsoleted: 4.2, renamed: "UIView.AnimationOptions")
    public typealias UIViewAnimationOptions = UIView.AnimationOptions

    /// `UIEdgeInsetsMake(top, left, bottom, right)`.
    @available(swift, obsoleted: 4.2, renamed: "UIEdgeInsets.init(top:left:bottom:right:)")
    public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
        UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }

    /// `UIEdgeInsetsInsetRect(rect, insets)`.
    @available(swift, obsoleted: 4.2, renamed: "CGRect.inset(by:)")
    public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect { rect.inset(by: insets) }
#endif
