import Foundation

#if canImport(Darwin)
    import QuartzCore
#endif

/// The animatable part of `LayoutAttributes` as a value: what a view's layer holds.
public struct AttributesValue: Equatable, Sendable {
    /// The untransformed frame; `center` and `size` are views onto it (so frames a layout
    /// computed read back exactly).
    public var frame: CGRect
    /// The layer's transform about the center (the only stored transform).
    public var transform3D: CATransform3D
    public var alpha: CGFloat
    public var zIndex: Int
    public var isHidden: Bool

    public init(
        center: CGPoint, size: CGSize, transform: CGAffineTransform = .identity, alpha: CGFloat = 1,
        zIndex: Int = 0, isHidden: Bool = false, transform3D: CATransform3D? = nil
    ) {
        self.frame = CGRect(
            x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        self.transform3D = transform3D ?? CATransform3DMakeAffineTransform(transform)
        self.alpha = alpha
        self.zIndex = zIndex
        self.isHidden = isHidden
    }

    public init(_ attributes: LayoutAttributes) {
        self.init(
            center: attributes.center, size: attributes.size, alpha: attributes.alpha, zIndex: attributes.zIndex,
            isHidden: attributes.isHidden, transform3D: attributes.transform3D)
        frame = attributes.frame
    }

    /// The affine part of `transform3D`; setting it replaces `transform3D` (UIKit's rule).
    public var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    public var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    public var size: CGSize { frame.size }

    /// The value at progress `p` (which may leave [0, 1] for springs), as Core Animation
    /// interpolates a view's properties: center, bounds size and alpha linearly in p; the
    /// transform by its decomposition (translation, rotation, scale) so that rotations turn rather
    /// than shear. Two affine transforms interpolate in 2-D exactly as before 3-D transforms
    /// existed; otherwise `Transform3DDecomposition.interpolate` decomposes in 3-D. zIndex and `isHidden` are not animatable: they take the end value (the timeline
    /// keeps an appearing element's initial zIndex while it flies in).
    public static func interpolate(from: AttributesValue, to: AttributesValue, progress p: Double) -> AttributesValue {
        if p == 0 { return from }
        if p == 1 { return to }
        let t = CGFloat(p)
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        return AttributesValue(
            center: CGPoint(x: mix(from.center.x, to.center.x), y: mix(from.center.y, to.center.y)),
            size: CGSize(width: mix(from.size.width, to.size.width), height: mix(from.size.height, to.size.height)),
            alpha: mix(from.alpha, to.alpha),
            zIndex: to.zIndex,
            isHidden: to.isHidden,
            transform3D: Transform3DDecomposition.interpolate(from.transform3D, to.transform3D, progress: p))
    }

    /// The same attributes for animation purposes (docs/uikit-rules.md §2's "equivalent").
    public func isEquivalent(to other: AttributesValue) -> Bool { self == other }
}

/// A 2-D affine transform as translation · rotation · scale, the decomposition Core Animation
/// interpolates. Transforms with shear cannot be decomposed so; they interpolate component-wise.
struct TransformDecomposition {
    var scaleX: CGFloat
    var scaleY: CGFloat
    var angle: CGFloat
    var tx: CGFloat
    var ty: CGFloat

    init?(_ t: CGAffineTransform) {
        let scaleX = (t.a * t.a + t.b * t.b).squareRoot()
        guard scaleX > 0 else { return nil }
        let angle = CGFloat(atan2(Double(t.b), Double(t.a)))
        // Column 2 rotated back by -angle must be (0, scaleY) for a shear-free transform.
        let cosine = CGFloat(cos(Double(angle)))
        let sine = CGFloat(sin(Double(angle)))
        let shear = t.c * cosine + t.d * sine
        let scaleY = -t.c * sine + t.d * cosine
        guard abs(shear) < 1e-9 else { return nil }
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.angle = angle
        tx = t.tx
        ty = t.ty
    }

    var transform: CGAffineTransform {
        let cosine = CGFloat(cos(Double(angle)))
        let sine = CGFloat(sin(Double(angle)))
        return CGAffineTransform(
            a: scaleX * cosine, b: scaleX * sine, c: -scaleY * sine, d: scaleY * cosine, tx: tx, ty: ty)
    }

    static func interpolate(_ from: CGAffineTransform, _ to: CGAffineTransform, progress t: CGFloat)
        -> CGAffineTransform
    {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        // Pure scale/translate transforms (the common case) interpolate exactly component-wise.
        if from.b == 0 && from.c == 0 && to.b == 0 && to.c == 0 {
            return CGAffineTransform(
                a: mix(from.a, to.a), b: 0, c: 0, d: mix(from.d, to.d), tx: mix(from.tx, to.tx), ty: mix(from.ty, to.ty)
            )
        }
        guard let a = TransformDecomposition(from), let b = TransformDecomposition(to) else {
            return CGAffineTransform(
                a: mix(from.a, to.a), b: mix(from.b, to.b), c: mix(from.c, to.c), d: mix(from.d, to.d),
                tx: mix(from.tx, to.tx), ty: mix(from.ty, to.ty))
        }
        var angleDelta = b.angle - a.angle
        // Turn the short way round, as Core Animation does for decomposed rotations.
        if angleDelta > .pi { angleDelta -= 2 * .pi } else if angleDelta < -.pi { angleDelta += 2 * .pi }
        var result = a
        result.scaleX = mix(a.scaleX, b.scaleX)
        result.scaleY = mix(a.scaleY, b.scaleY)
        result.angle = a.angle + angleDelta * t
        result.tx = mix(a.tx, b.tx)
        result.ty = mix(a.ty, b.ty)
        return result.transform
    }
}
