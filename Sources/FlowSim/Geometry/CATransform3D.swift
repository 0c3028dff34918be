import Foundation

#if !canImport(Darwin)
    /// Core Animation's 3-D transform, for platforms without QuartzCore.
    ///
    /// The matrix is Core Animation's row-vector convention: a point is the row `[x y z 1]`
    /// multiplied on the left, `[x' y' z' w'] = [x y z 1] · M`, so the translation is in
    /// `m41 m42 m43` and perspective is set through `m34` (e.g. `m34 = -1 / 500`: the eye 500 pt in
    /// front of the layer). The projected point is `(x'/w', y'/w')`.
    /// On Apple platforms QuartzCore's own type and functions are used and this file compiles to
    /// nothing.
    public struct CATransform3D: Equatable, Hashable, Sendable {
        public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
        public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
        public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
        public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

        public init(
            m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
            m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
            m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
            m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
        ) {
            self.m11 = m11
            self.m12 = m12
            self.m13 = m13
            self.m14 = m14
            self.m21 = m21
            self.m22 = m22
            self.m23 = m23
            self.m24 = m24
            self.m31 = m31
            self.m32 = m32
            self.m33 = m33
            self.m34 = m34
            self.m41 = m41
            self.m42 = m42
            self.m43 = m43
            self.m44 = m44
        }

        /// The identity, as Swift's QuartzCore overlay gives `CATransform3D()`.
        public init() {
            self.init(
                m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        }
    }

    /// The identity transform.
    public let CATransform3DIdentity = CATransform3D()

    /// Whether `t` is the identity.
    public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

    /// Whether `a` and `b` are exactly equal.
    public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

    /// `t = [1 0 0 0; 0 1 0 0; 0 0 1 0; tx ty tz 1]`.
    public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
        var t = CATransform3D()
        t.m41 = tx
        t.m42 = ty
        t.m43 = tz
        return t
    }

    /// `t = [sx 0 0 0; 0 sy 0 0; 0 0 sz 0; 0 0 0 1]`.
    public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
        var t = CATransform3D()
        t.m11 = sx
        t.m22 = sy
        t.m33 = sz
        return t
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` (normalised here); the identity
    /// when the axis has length zero. About `(0, 0, 1)` it equals
    /// `CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: angle))`: positive
    /// angles turn +x towards +y.
    public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat)
        -> CATransform3D
    {
        let length = (Double(x) * Double(x) + Double(y) * Double(y) + Double(z) * Double(z)).squareRoot()
        guard length > 0, length.isFinite else { return CATransform3D() }
        let ux = Double(x) / length
        let uy = Double(y) / length
        let uz = Double(z) / length
        let c = cos(Double(angle))
        let s = sin(Double(angle))
        let k = 1 - c
        // Row i is the image of the i-th basis vector (row-vector convention): the transpose of
        // the usual column-vector axis–angle matrix.
        return CATransform3D(
            m11: CGFloat(c + ux * ux * k), m12: CGFloat(ux * uy * k + uz * s), m13: CGFloat(ux * uz * k - uy * s),
            m14: 0,
            m21: CGFloat(uy * ux * k - uz * s), m22: CGFloat(c + uy * uy * k), m23: CGFloat(uy * uz * k + ux * s),
            m24: 0,
            m31: CGFloat(uz * ux * k + uy * s), m32: CGFloat(uz * uy * k - ux * s), m33: CGFloat(c + uz * uz * k),
            m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// `a` followed by `b`: `a · b` in the row-vector convention.
    public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
        Matrix4(a).multiplied(by: Matrix4(b)).transform
    }

    /// `CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)`: the translation is
    /// applied first, in `t`'s local space.
    public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat)
        -> CATransform3D
    {
        CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
    }

    /// `CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)`.
    public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat)
        -> CATransform3D
    {
        CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
    }

    /// `CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)`; `t` unchanged for a
    /// zero axis.
    public func CATransform3DRotate(
        _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
    ) -> CATransform3D {
        CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
    }

    /// The inverse of `t`, or `t` unchanged when it has none (Core Animation's rule).
    public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
        Matrix4(t).inverted()?.transform ?? t
    }

    /// Whether `t` is exactly a 2-D affine transform (no z terms, no perspective).
    public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
        t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1
            && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
    }

    /// The affine part of `t`: `(a, b, c, d, tx, ty) = (m11, m12, m21, m22, m41, m42)`.
    public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
        CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
    }

    /// `m` as a 3-D transform (z untouched).
    public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
        CATransform3D(
            m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
    }
#endif

extension CATransform3D {
    /// The sixteen entries in row order, m11, m12, … m44 (how FlowSim writes a transform in JSON).
    public var entries: [Double] { Matrix4(self).m }
}
