// `import QuartzCore` on Linux: CATransform3D and its functions, CALayer, CAShapeLayer,
// CACurrentMediaTime and Core Graphics' names, through FlowSimUIKit (a superset of Apple's
// QuartzCore, harmless for a file that compiles against Apple's).
//
// Only for Linux: on Apple platforms this module is empty and must never be built into an app.
#if !canImport(Darwin)
    @_exported import FlowSimUIKit
    @_exported import Foundation
#endif
