import Foundation

/// UIKit's flow-layout names that carry no simulated behaviour of their own.
extension FlowLayout {
    /// UIKit's `UICollectionViewFlowLayout.automaticSize`: the sentinel `estimatedItemSize` that
    /// asks cells to size themselves, estimating with `itemSize` (see `estimatedItemSize`).
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// UIKit's `UICollectionViewFlowLayout.SectionInsetReference`: what `sectionInset` is measured
    /// from across the scroll axis (`FlowLayout.sectionInsetReference`).
    public typealias SectionInsetReference = CUIKitEnums.SectionInsetReference
}
