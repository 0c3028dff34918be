#if !(os(iOS) || os(tvOS) || os(visionOS))
    import Foundation

    /// UIKit's additions to `NSIndexPath` (UICollectionView.h, UITableView.h): `section`, `item`
    /// and `row`, and the initializers from them. Swift 2 era layouts read an index path's section
    /// through `(indexPath as NSIndexPath).section` (Xcode's Swift 3 migrator wrote it so);
    /// corelibs Foundation has the class without UIKit's additions.
    extension NSIndexPath {
        /// The index at position 0, as UIKit reads it; a path with no indexes gives 0
        /// (corelibs Foundation traps where UIKit would not be asked).
        public var section: Int { length > 0 ? index(atPosition: 0) : 0 }
        /// The index at position 1.
        public var item: Int { length > 1 ? index(atPosition: 1) : 0 }
        /// The index at position 1 (a table view's name for it).
        public var row: Int { item }

        public convenience init(item: Int, section: Int) { self.init(indexes: [section, item], length: 2) }
        public convenience init(row: Int, section: Int) { self.init(indexes: [section, row], length: 2) }
    }
#endif
