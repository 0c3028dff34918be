// Chips packed to the left with spacings the design fixes: the spacings are overridden as
// read-only getters (a setter that ignores what storyboards and callers set), so super's line
// breaking uses them too. The idiom of tag layouts in apps; unlike some, this one copies super's
// attributes before moving them. Written as iOS developers write it; only the imports are
// FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class FixedSpacingTagLayout: UICollectionViewFlowLayout {
    override var minimumInteritemSpacing: CGFloat {
        get { 4 }
        set {}  // the design's spacing wins
    }

    override var minimumLineSpacing: CGFloat {
        get { 4 }
        set {}
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let original = super.layoutAttributesForElements(in: rect) else { return nil }
        let chips = original.map { $0.copy() as! UICollectionViewLayoutAttributes }
        var x = sectionInset.left
        var lineMaxY = -CGFloat.greatestFiniteMagnitude
        for chip in chips where chip.representedElementCategory == .cell {
            if chip.frame.minY >= lineMaxY { x = sectionInset.left }  // a new line
            chip.frame.origin.x = x
            x += chip.frame.width + minimumInteritemSpacing
            lineMaxY = max(lineMaxY, chip.frame.maxY)
        }
        return chips
    }
}
