// `import FlowSimUIKit` stands in for `import UIKit`: like UIKit it brings Foundation (CGRect,
// CGFloat, IndexPath, NSCoder …) and UIKit's, Core Graphics' and Core Animation's names over
// FlowSim's types, and nothing else. FlowSim's own type names (`FlowLayout`, `CollectionView`,
// `LayoutAttributes` …) are imported here but not re-exported, so they can never collide with,
// or silently stand in for, an app's types of the same name. A test that wants one of FlowSim's
// own types imports it by name (`import class FlowSim.SectionedDataSource`).
//
// On iOS, tvOS and visionOS the module compiles to nothing (every file is guarded), so a file
// that imports it by mistake next to UIKit sees no second set of names. The guards ask `os(...)`,
// never whether UIKit can be imported: on Linux this package has a module named UIKit of its own.
#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    @_exported import Foundation
    #if !canImport(Darwin)
        // Core Graphics' and Core Animation's names FlowSim declares where Apple's frameworks
        // are absent (on macOS Apple's own come with Foundation and QuartzCore).
        @_exported import struct FlowSim.CGAffineTransform
        @_exported import struct FlowSim.CGVector
        @_exported import struct FlowSim.CATransform3D
        @_exported import let FlowSim.CATransform3DIdentity
        @_exported import func FlowSim.CATransform3DIsIdentity
        @_exported import func FlowSim.CATransform3DEqualToTransform
        @_exported import func FlowSim.CATransform3DMakeTranslation
        @_exported import func FlowSim.CATransform3DMakeScale
        @_exported import func FlowSim.CATransform3DMakeRotation
        @_exported import func FlowSim.CATransform3DConcat
        @_exported import func FlowSim.CATransform3DTranslate
        @_exported import func FlowSim.CATransform3DScale
        @_exported import func FlowSim.CATransform3DRotate
        @_exported import func FlowSim.CATransform3DInvert
        @_exported import func FlowSim.CATransform3DIsAffine
        @_exported import func FlowSim.CATransform3DGetAffineTransform
        @_exported import func FlowSim.CATransform3DMakeAffineTransform
    #endif
#endif
