// `import FlowSimUIKit` stands in for `import UIKit`: like UIKit it brings Foundation (CGRect,
// CGFloat, IndexPath, NSCoder …) and, here, FlowSim with UIKit's names over it.
@_exported import FlowSim
@_exported import Foundation
