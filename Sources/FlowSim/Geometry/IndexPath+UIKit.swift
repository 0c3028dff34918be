import Foundation

// UIKit's two-index paths for collection views: `IndexPath(item:section:)` is `[section, item]`,
// exactly as UIKit builds it.
//
// Where UIKit exists its overlay declares these members publicly. FlowSim never imports UIKit
// (the core stays free of it), so it keeps its own copies there, `internal`: FlowSim's sources
// type-check with or without UIKit's contents, and a client that imports both FlowSim and UIKit
// sees only UIKit's (no ambiguity). Elsewhere FlowSim's are public: they are the only ones.
#if os(iOS) || os(tvOS) || os(visionOS)
    extension IndexPath {
        init(item: Int, section: Int) { self.init(indexes: [section, item]) }
        init(row: Int, section: Int) { self.init(indexes: [section, row]) }
        var section: Int {
            get { self[0] }
            set { self[0] = newValue }
        }
        var item: Int {
            get { self[1] }
            set { self[1] = newValue }
        }
        var row: Int {
            get { self[1] }
            set { self[1] = newValue }
        }
    }
#else
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
