// Sticky section headers with UICollectionViewFlowLayout itself, configured as a view
// controller does it. Only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

func makeStickyHeadersLayout() -> UICollectionViewFlowLayout {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    layout.minimumLineSpacing = 10
    layout.minimumInteritemSpacing = 10
    layout.headerReferenceSize = CGSize(width: 0, height: 40)
    layout.sectionHeadersPinToVisibleBounds = true
    return layout
}
