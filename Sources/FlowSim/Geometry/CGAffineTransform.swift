import Foundation

#if !canImport(Darwin)
    /// CoreGraphics' affine transform, for platforms without CoreGraphics.
    ///
    /// The matrix is CoreGraphics' row-vector convention:
    /// ```
    /// [x' y' 1] = [x y 1] · | a  b  0 |
    ///                       | c  d  0 |
    ///                       | tx ty 1 |
    /// ```
    /// so `x' = a·x + c·y + tx` and `y' = b·x + d·y + ty`, exactly as `CGPointApplyAffineTransform`.
    /// On Apple platforms CoreGraphics' own type is used and this file compiles to nothing.
    public struct CGAffineTransform: Equatable, Hashable, Sendable {
        public var a: CGFloat
        public var b: CGFloat
        public var c: CGFloat
        public var d: CGFloat
        public var tx: CGFloat
        public var ty: CGFloat

        public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.tx = tx
            self.ty = ty
        }

        public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

        public static let identity = CGAffineTransform()

        public init(scaleX sx: CGFloat, y sy: CGFloat) {
            self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
        }

        public init(translationX tx: CGFloat, y ty: CGFloat) {
            self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
        }

        /// A rotation by `angle` radians; positive angles turn +x towards +y (clockwise on a
        /// y-down screen), as in UIKit.
        public init(rotationAngle angle: CGFloat) {
            let cosine = CGFloat(Foundation.cos(Double(angle)))
            let sine = CGFloat(Foundation.sin(Double(angle)))
            self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
        }

        public var isIdentity: Bool { self == .identity }

        /// `self` followed by `t2` (CoreGraphics' `CGAffineTransformConcat(self, t2)`).
        public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
            CGAffineTransform(
                a: a * t2.a + b * t2.c,
                b: a * t2.b + b * t2.d,
                c: c * t2.a + d * t2.c,
                d: c * t2.b + d * t2.d,
                tx: tx * t2.a + ty * t2.c + t2.tx,
                ty: tx * t2.b + ty * t2.d + t2.ty)
        }

        /// The inverse, or `self` unchanged when the matrix is singular (CoreGraphics' rule).
        public func inverted() -> CGAffineTransform {
            let determinant = a * d - b * c
            guard determinant != 0, determinant.isFinite else { return self }
            let ia = d / determinant
            let ib = -b / determinant
            let ic = -c / determinant
            let id = a / determinant
            return CGAffineTransform(
                a: ia, b: ib, c: ic, d: id,
                tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
        }

        /// `CGAffineTransform(scaleX:y:)` applied before `self`, as CoreGraphics' `scaledBy`.
        public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
            CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
        }

        public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
            CGAffineTransform(translationX: x, y: y).concatenating(self)
        }

        public func rotated(by angle: CGFloat) -> CGAffineTransform {
            CGAffineTransform(rotationAngle: angle).concatenating(self)
        }
    }

    extension CGPoint {
        /// The point transformed by `t` (CoreGraphics' `CGPointApplyAffineTransform`).
        public func applying(_ t: CGAffineTransform) -> CGPoint {
            CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
        }
    }

    extension CGSize {
        /// The size transformed by `t`, ignoring translation (CoreGraphics' `CGSizeApplyAffineTransform`).
        public func applying(_ t: CGAffineTransform) -> CGSize {
            CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
        }
    }

    extension CGRect {
        /// The bounding box of the transformed corners (CoreGraphics' `CGRectApplyAffineTransform`).
        public func applying(_ t: CGAffineTransform) -> CGRect {
            let corners = [
                CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
                CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY),
            ].map { $0.applying(t) }
            let xs = corners.map(\.x)
            let ys = corners.map(\.y)
            let x0 = xs.min()!
            let y0 = ys.min()!
            return CGRect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
        }
    }
#endif
