// `import CoreGraphics` on Linux: Foundation's CGFloat, CGPoint, CGSize and CGRect with FlowSim's
// CGAffineTransform and CGVector, through FlowSimUIKit (which brings UIKit's names too: a file
// that compiles against Apple's CoreGraphics never names those, so the superset is harmless).
//
// Only for Linux: on Apple platforms this module is empty and must never be built into an app.
#if !canImport(Darwin)
    @_exported import FlowSimUIKit
    @_exported import Foundation
#endif
