import Foundation

#if !canImport(Darwin)
    /// CoreGraphics' `CGVector` (a direction and magnitude: gravity, pushes, velocities), for
    /// platforms whose Foundation lacks it (swift-corelibs-foundation has no `CGVector`). On Apple
    /// platforms CoreGraphics' own type is used and this file compiles to nothing.
    public struct CGVector: Equatable, Hashable, Sendable {
        public var dx: CGFloat
        public var dy: CGFloat

        public init() { self.init(dx: 0, dy: 0) }

        public init(dx: CGFloat, dy: CGFloat) {
            self.dx = dx
            self.dy = dy
        }

        public init(dx: Double, dy: Double) {
            self.dx = CGFloat(dx)
            self.dy = CGFloat(dy)
        }

        public init(dx: Int, dy: Int) {
            self.dx = CGFloat(dx)
            self.dy = CGFloat(dy)
        }

        public static let zero = CGVector()
    }
#endif
