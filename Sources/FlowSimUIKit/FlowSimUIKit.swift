// `import FlowSimUIKit` stands in for `import UIKit`: like UIKit it brings Foundation (CGRect,
// CGFloat, IndexPath, NSCoder …) and, here, FlowSim with UIKit's names over it.
//
// Where UIKit exists the module compiles to nothing (every file is guarded), so a file that
// imports it by mistake next to UIKit sees no second set of names.
#if !canImport(UIKit)
    @_exported import FlowSim
    @_exported import Foundation
#endif
