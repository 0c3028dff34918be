// `import UIKit` on Linux: UIKit's names over FlowSim (the FlowSimUIKit module) and Foundation,
// so an app's layout file compiles where it is, byte for byte. `import UIKit.UICollectionView`
// and UIKit's other per-header submodules resolve through the module map of CAppleSubmodules.
//
// Only for Linux: on Apple platforms this module is empty and must never be built into an app
// (it would hide Apple's UIKit). Depend on it with `.when(platforms: [.linux])`.
#if !canImport(Darwin)
    @_exported import FlowSimUIKit
    @_exported import Foundation
#endif
