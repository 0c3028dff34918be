import Foundation

#if canImport(Darwin)
    import QuartzCore
#endif

/// A 4×4 matrix of Doubles in `CATransform3D`'s layout (row-major, row-vector convention):
/// the arithmetic behind the `CATransform3D…` functions, 3-D interpolation and projection.
struct Matrix4: Equatable {
    /// Row-major: `m[4 * (row - 1) + (column - 1)]` is `m<row><column>`.
    var m: [Double]

    init(_ values: [Double]) {
        precondition(values.count == 16)
        m = values
    }

    init(_ t: CATransform3D) {
        m = [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        ].map { Double($0) }
    }

    static let identity = Matrix4([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    var transform: CATransform3D {
        let c = m.map { CGFloat($0) }
        return CATransform3D(
            m11: c[0], m12: c[1], m13: c[2], m14: c[3], m21: c[4], m22: c[5], m23: c[6], m24: c[7],
            m31: c[8], m32: c[9], m33: c[10], m34: c[11], m41: c[12], m42: c[13], m43: c[14], m44: c[15])
    }

    subscript(row: Int, column: Int) -> Double {
        get { m[4 * row + column] }
        set { m[4 * row + column] = newValue }
    }

    /// `self · other`: `self` applied first.
    func multiplied(by other: Matrix4) -> Matrix4 {
        var result = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += self[row, k] * other[k, column] }
                result[4 * row + column] = sum
            }
        }
        return Matrix4(result)
    }

    /// The inverse by Gauss–Jordan elimination with partial pivoting; nil when singular or not
    /// finite.
    func inverted() -> Matrix4? {
        guard m.allSatisfy(\.isFinite) else { return nil }
        var a = self
        var inverse = Matrix4.identity
        for column in 0..<4 {
            var pivot = column
            for row in column + 1..<4 where abs(a[row, column]) > abs(a[pivot, column]) { pivot = row }
            guard a[pivot, column] != 0 else { return nil }
            if pivot != column {
                for k in 0..<4 {
                    a.m.swapAt(4 * pivot + k, 4 * column + k)
                    inverse.m.swapAt(4 * pivot + k, 4 * column + k)
                }
            }
            let scale = a[column, column]
            for k in 0..<4 {
                a[column, k] /= scale
                inverse[column, k] /= scale
            }
            for row in 0..<4 where row != column {
                let factor = a[row, column]
                guard factor != 0 else { continue }
                for k in 0..<4 {
                    a[row, k] -= factor * a[column, k]
                    inverse[row, k] -= factor * inverse[column, k]
                }
            }
        }
        return inverse.m.allSatisfy(\.isFinite) ? inverse : nil
    }

    /// `[x y z 1] · self`, as homogeneous `(x, y, z, w)`.
    func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (
            x * m[0] + y * m[4] + z * m[8] + m[12],
            x * m[1] + y * m[5] + z * m[9] + m[13],
            x * m[2] + y * m[6] + z * m[10] + m[14],
            x * m[3] + y * m[7] + z * m[11] + m[15]
        )
    }
}

/// Where a layer's transform sends its points, as UIKit composites a view: about the layer's
/// anchor point (the element's center), in the superlayer's plane (z = 0), perspective divided.
public enum Transform3DProjection {
    /// The on-screen offset from the center of the local point `(x, y)` (measured from the
    /// center): `(X/W, Y/W)` of `[x y 0 1] · t`. nil when the point is at or behind the eye
    /// (`W ≤ 0`) or not finite.
    public static func project(_ point: CGPoint, by t: CATransform3D) -> CGPoint? {
        let p = Matrix4(t).apply(x: Double(point.x), y: Double(point.y), z: 0)
        guard p.w > 0, p.w.isFinite else { return nil }
        let x = p.x / p.w
        let y = p.y / p.w
        guard x.isFinite, y.isFinite else { return nil }
        return CGPoint(x: x, y: y)
    }

    /// The projected corners of a `size` rectangle centred on the origin, in the order
    /// top-left, top-right, bottom-right, bottom-left; nil when any is behind the eye.
    public static func corners(of size: CGSize, by t: CATransform3D) -> [CGPoint]? {
        let w = size.width / 2
        let h = size.height / 2
        var result: [CGPoint] = []
        for corner in [CGPoint(x: -w, y: -h), CGPoint(x: w, y: -h), CGPoint(x: w, y: h), CGPoint(x: -w, y: h)] {
            guard let projected = project(corner, by: t) else { return nil }
            result.append(projected)
        }
        return result
    }
}
