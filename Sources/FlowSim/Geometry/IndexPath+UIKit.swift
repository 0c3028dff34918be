import Foundation

#if !canImport(UIKit)
    /// UIKit's two-index paths for collection views, for platforms without UIKit.
    /// `IndexPath(item:section:)` is `[section, item]`, exactly as UIKit builds it.
    extension IndexPath {
        public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
        public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
        public var section: Int {
            get { self[0] }
            set { self[0] = newValue }
        }
        public var item: Int {
            get { self[1] }
            set { self[1] = newValue }
        }
        public var row: Int {
            get { self[1] }
            set { self[1] = newValue }
        }
    }
#endif
