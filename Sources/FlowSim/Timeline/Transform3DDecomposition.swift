import Foundation

#if canImport(Darwin)
    import QuartzCore
#endif

/// A 3-D transform as scale, skew, rotation (a unit quaternion), translation and perspective:
/// the decomposition Core Animation interpolates transforms by, so a card turning about y turns
/// (its rotation is slerped) instead of its matrix entries sliding linearly.
///
/// In the row-vector convention `M = L · T · P`: the 3×3 linear part `L` (scale, then skew, then
/// rotation) first, then the translation `T`, then the perspective `P` (the identity with its last
/// column replaced by `perspective`). Matrices without such a form (`m44 = 0`, a singular linear
/// part) are not decomposable.
struct Transform3DDecomposition: Equatable {
    var scale: (x: Double, y: Double, z: Double)
    /// The xy, xz and yz shears (row 1 leans on row 0, row 2 on rows 0 and 1).
    var skew: (xy: Double, xz: Double, yz: Double)
    /// Unit quaternion (x, y, z, w) of the rotation, column-vector sense (right-handed about its
    /// axis, as `CATransform3DMakeRotation`).
    var quaternion: (x: Double, y: Double, z: Double, w: Double)
    var translation: (x: Double, y: Double, z: Double)
    var perspective: (x: Double, y: Double, z: Double, w: Double)

    static func == (a: Transform3DDecomposition, b: Transform3DDecomposition) -> Bool {
        a.scale == b.scale && a.skew == b.skew && a.quaternion == b.quaternion && a.translation == b.translation
            && a.perspective == b.perspective
    }

    init?(_ t: CATransform3D) {
        var matrix = Matrix4(t)
        let w = matrix[3, 3]
        guard w != 0, matrix.m.allSatisfy(\.isFinite) else { return nil }
        for i in 0..<16 { matrix.m[i] /= w }

        // The affine part: the matrix with its last column set to (0, 0, 0, 1).
        var affine = matrix
        affine[0, 3] = 0
        affine[1, 3] = 0
        affine[2, 3] = 0
        affine[3, 3] = 1
        guard let inverseAffine = affine.inverted() else { return nil }
        // M's last column = affine · perspective, so perspective = affine⁻¹ · last column.
        let column = [matrix[0, 3], matrix[1, 3], matrix[2, 3], matrix[3, 3]]
        if column[0] != 0 || column[1] != 0 || column[2] != 0 {
            var p = [0.0, 0, 0, 0]
            for row in 0..<4 {
                for k in 0..<4 { p[row] += inverseAffine[row, k] * column[k] }
            }
            perspective = (p[0], p[1], p[2], p[3])
        } else {
            perspective = (0, 0, 0, 1)
        }

        translation = (affine[3, 0], affine[3, 1], affine[3, 2])

        // Rows of the linear part: the images of the x, y and z axes. Gram–Schmidt them.
        var rows = (0..<3).map { r in [affine[r, 0], affine[r, 1], affine[r, 2]] }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
        func combine(_ a: [Double], _ b: [Double], _ sb: Double) -> [Double] {
            [a[0] + b[0] * sb, a[1] + b[1] * sb, a[2] + b[2] * sb]
        }
        func scaled(_ a: [Double], _ s: Double) -> [Double] { [a[0] * s, a[1] * s, a[2] * s] }

        var sx = length(rows[0])
        guard sx > 0 else { return nil }
        rows[0] = scaled(rows[0], 1 / sx)
        var xy = dot(rows[0], rows[1])
        rows[1] = combine(rows[1], rows[0], -xy)
        var sy = length(rows[1])
        guard sy > 0 else { return nil }
        rows[1] = scaled(rows[1], 1 / sy)
        xy /= sy
        var xz = dot(rows[0], rows[2])
        rows[2] = combine(rows[2], rows[0], -xz)
        var yz = dot(rows[1], rows[2])
        rows[2] = combine(rows[2], rows[1], -yz)
        var sz = length(rows[2])
        guard sz > 0 else { return nil }
        rows[2] = scaled(rows[2], 1 / sz)
        xz /= sz
        yz /= sz
        // A reflection: flip everything so the rotation is proper.
        let cross = [
            rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1],
            rows[1][2] * rows[2][0] - rows[1][0] * rows[2][2],
            rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0],
        ]
        if dot(rows[0], cross) < 0 {
            sx = -sx
            sy = -sy
            sz = -sz
            rows = rows.map { scaled($0, -1) }
        }
        scale = (sx, sy, sz)
        skew = (xy, xz, yz)

        // The rotation's column-vector matrix Q is the transpose of the rows: Q[i][j] = rows[j][i].
        func q(_ i: Int, _ j: Int) -> Double { rows[j][i] }
        let trace = q(0, 0) + q(1, 1) + q(2, 2)
        var quat: (x: Double, y: Double, z: Double, w: Double)
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            quat = ((q(2, 1) - q(1, 2)) / s, (q(0, 2) - q(2, 0)) / s, (q(1, 0) - q(0, 1)) / s, s / 4)
        } else if q(0, 0) > q(1, 1) && q(0, 0) > q(2, 2) {
            let s = (1 + q(0, 0) - q(1, 1) - q(2, 2)).squareRoot() * 2
            quat = (s / 4, (q(0, 1) + q(1, 0)) / s, (q(0, 2) + q(2, 0)) / s, (q(2, 1) - q(1, 2)) / s)
        } else if q(1, 1) > q(2, 2) {
            let s = (1 + q(1, 1) - q(0, 0) - q(2, 2)).squareRoot() * 2
            quat = ((q(0, 1) + q(1, 0)) / s, s / 4, (q(1, 2) + q(2, 1)) / s, (q(0, 2) - q(2, 0)) / s)
        } else {
            let s = (1 + q(2, 2) - q(0, 0) - q(1, 1)).squareRoot() * 2
            quat = ((q(0, 2) + q(2, 0)) / s, (q(1, 2) + q(2, 1)) / s, s / 4, (q(1, 0) - q(0, 1)) / s)
        }
        let norm = (quat.x * quat.x + quat.y * quat.y + quat.z * quat.z + quat.w * quat.w).squareRoot()
        guard norm > 0, norm.isFinite else { return nil }
        quaternion = (quat.x / norm, quat.y / norm, quat.z / norm, quat.w / norm)
    }

    /// The transform this decomposition describes.
    var transform: CATransform3D {
        let (x, y, z, w) = quaternion
        // Column-vector rotation matrix of the quaternion; rows of L are its columns.
        let q: [[Double]] = [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
        let r = (0..<3).map { j in [q[0][j], q[1][j], q[2][j]] }
        let row0 = r[0].map { $0 * scale.x }
        let row1 = (0..<3).map { (r[1][$0] + skew.xy * r[0][$0]) * scale.y }
        let row2 = (0..<3).map { (r[2][$0] + skew.yz * r[1][$0] + skew.xz * r[0][$0]) * scale.z }
        let rows = [row0, row1, row2, [translation.x, translation.y, translation.z]]
        let p = [perspective.x, perspective.y, perspective.z, perspective.w]
        var m = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<3 { m[4 * row + column] = rows[row][column] }
            // Last column: the affine rows (with 0, 0, 0, 1 as their last column) times perspective.
            m[4 * row + 3] = (0..<3).reduce(row == 3 ? p[3] : 0) { $0 + rows[row][$1] * p[$1] }
        }
        return Matrix4(m).transform
    }

    /// The transform at progress `p` (which may leave [0, 1] for springs) from `from` to `to`:
    /// the ends exactly; two affine transforms by the 2-D decomposition (as FlowSim always did);
    /// otherwise by this decomposition (quaternion slerp the short way round, the rest linear), or
    /// entry by entry when either end has no decomposition.
    static func interpolate(_ from: CATransform3D, _ to: CATransform3D, progress p: Double) -> CATransform3D {
        if p == 0 { return from }
        if p == 1 { return to }
        if CATransform3DIsAffine(from) && CATransform3DIsAffine(to) {
            return CATransform3DMakeAffineTransform(
                TransformDecomposition.interpolate(
                    CATransform3DGetAffineTransform(from), CATransform3DGetAffineTransform(to), progress: CGFloat(p)))
        }
        if from == to { return from }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        guard let a = Transform3DDecomposition(from), let b = Transform3DDecomposition(to) else {
            let ma = Matrix4(from)
            let mb = Matrix4(to)
            return Matrix4((0..<16).map { mix(ma.m[$0], mb.m[$0]) }).transform
        }
        var result = a
        result.scale = (mix(a.scale.x, b.scale.x), mix(a.scale.y, b.scale.y), mix(a.scale.z, b.scale.z))
        result.skew = (mix(a.skew.xy, b.skew.xy), mix(a.skew.xz, b.skew.xz), mix(a.skew.yz, b.skew.yz))
        result.translation = (
            mix(a.translation.x, b.translation.x), mix(a.translation.y, b.translation.y),
            mix(a.translation.z, b.translation.z)
        )
        result.perspective = (
            mix(a.perspective.x, b.perspective.x), mix(a.perspective.y, b.perspective.y),
            mix(a.perspective.z, b.perspective.z), mix(a.perspective.w, b.perspective.w)
        )
        result.quaternion = slerp(a.quaternion, b.quaternion, p)
        return result.transform
    }

    /// Spherical interpolation of unit quaternions the short way round (normalised lerp when
    /// they are almost equal).
    static func slerp(
        _ a: (x: Double, y: Double, z: Double, w: Double), _ b: (x: Double, y: Double, z: Double, w: Double),
        _ t: Double
    ) -> (x: Double, y: Double, z: Double, w: Double) {
        var b = b
        var cosine = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if cosine < 0 {
            b = (-b.x, -b.y, -b.z, -b.w)
            cosine = -cosine
        }
        let wa: Double
        let wb: Double
        if cosine > 0.9999 {
            wa = 1 - t
            wb = t
        } else {
            let angle = acos(min(1, cosine))
            let sine = sin(angle)
            wa = sin((1 - t) * angle) / sine
            wb = sin(t * angle) / sine
        }
        let r = (a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb)
        let norm = (r.0 * r.0 + r.1 * r.1 + r.2 * r.2 + r.3 * r.3).squareRoot()
        guard norm > 0 else { return a }
        return (r.0 / norm, r.1 / norm, r.2 / norm, r.3 / norm)
    }
}
