import Foundation

extension CGRect {
    /// CoreGraphics' `CGRectIntersectsRect` as Apple's platforms answer it: true when the two
    /// rects share interior area; rects that only touch along an edge or at a corner do not
    /// meet. (swift-corelibs-foundation's `intersects` on Linux counts touching edges, which would
    /// make a cell that ends exactly at the bottom of the visible bounds count as visible.)
    /// Null rects meet nothing. A zero-width or zero-height rect meets a rect whose interior it
    /// crosses.
    public func meets(_ other: CGRect) -> Bool {
        guard !isNull, !other.isNull else { return false }
        let a = standardized
        let b = other.standardized
        return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
