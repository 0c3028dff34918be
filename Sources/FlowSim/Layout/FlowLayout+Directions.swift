import Foundation

/// The flow layout's right-to-left mirroring and its section inset reference.
extension FlowLayout {
    /// True when the frames are mirrored: the collection view lays out right to left
    /// (`effectiveUserInterfaceLayoutDirection`). UIKit's flow layout mirrors inside its own
    /// section layout (decompiled UIKit 26.1: `_UIFlowLayoutSection` asks the collection view's
    /// `_shouldReverseLayoutDirection` and the layout's `_wantsRightToLeftHorizontalMirroringIfNeeded`),
    /// not through `flipsHorizontallyInOppositeLayoutDirection`, which stays false as in UIKit.
    public var mirrorsHorizontally: Bool {
        collectionView?.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// `frame` as UIKit's flow layout places it right to left: `x' = W − x − w` with W the
    /// content width (`width`, else the current geometry's), so the first item of a vertical flow
    /// layout sits at the right edge and a horizontal one starts at the right end of its content.
    /// Left to right, `frame` itself.
    func mirrored(_ frame: CGRect, width: CGFloat? = nil) -> CGRect {
        guard mirrorsHorizontally else { return frame }
        let contentWidth = width ?? geometry?.contentSize.width ?? 0
        var result = frame
        result.origin.x = contentWidth - frame.maxX
        return result
    }

    /// A query rect in the geometry's own (left-to-right) coordinates: the rect mirrored by the
    /// same rule (it is its own inverse).
    func mirroredQuery(_ rect: CGRect, geometry: FlowLayoutGeometry) -> CGRect {
        guard mirrorsHorizontally, !rect.isNull, rect.width.isFinite else { return rect }
        return mirrored(rect, width: geometry.contentSize.width)
    }

    /// `inset` measured from `sectionInsetReference` across the scroll axis (UIKit's
    /// `_adjustedSectionInsetForSectionInset:forAxis:` runs only for a reference other than
    /// `.fromContentInset`). The content area already starts at `adjustedContentInset`; the safe
    /// area (or the layout margins) reaching further in adds the difference, edge by edge:
    /// `inset.left + max(0, reference.left − adjustedContentInset.left)`. The difference rule is
    /// inferred from Apple's description ("relative to the safe area / layout margins") and the
    /// iPhone landscape behaviour it was made for (docs/devices.md); along the scroll axis the
    /// inset is kept.
    func referencedSectionInset(_ inset: EdgeInsets) -> EdgeInsets {
        guard let collectionView else { return inset }
        let reference: EdgeInsets
        switch sectionInsetReference {
        case .fromSafeArea: reference = collectionView.safeAreaInsets
        case .fromLayoutMargins: reference = collectionView.layoutMargins
        default: return inset
        }
        let adjusted = collectionView.adjustedContentInset
        var result = inset
        if scrollDirection == .horizontal {
            result.top += max(0, reference.top - adjusted.top)
            result.bottom += max(0, reference.bottom - adjusted.bottom)
        } else {
            result.left += max(0, reference.left - adjusted.left)
            result.right += max(0, reference.right - adjusted.right)
        }
        return result
    }
}
