import Foundation

/// The fixed-step integrator of `DynamicAnimator`: forces by RK4 at 1/240 s substeps, then rods
/// and boundary collisions as corrections, and the rest test.
extension DynamicAnimator {
    // MARK: Integration

    /// Accelerations of every body for positions `p` and velocities `v` (x, y interleaved):
    /// gravity, resistance and springs (constraints are applied after the step).
    func accelerations(_ p: [Double], _ v: [Double], into a: inout [Double]) {
        for (i, body) in bodies.enumerated() {
            if body.isAnchored {
                a[2 * i] = 0
                a[2 * i + 1] = 0
                continue
            }
            a[2 * i] = body.gravityX - body.resistance * v[2 * i]
            a[2 * i + 1] = body.gravityY - body.resistance * v[2 * i + 1]
        }
        for spring in springs {
            let i = spring.first
            let ix = 2 * i
            let inverse1 = bodies[i].inverseMass
            var dx = p[ix] - spring.anchorX
            var dy = p[ix + 1] - spring.anchorY
            var rvx = v[ix]
            var rvy = v[ix + 1]
            var inverse2 = 0.0
            if let j = spring.second {
                dx = p[ix] - p[2 * j]
                dy = p[ix + 1] - p[2 * j + 1]
                rvx -= v[2 * j]
                rvy -= v[2 * j + 1]
                inverse2 = bodies[j].inverseMass
            }
            let inverseSum = spring.second == nil ? inverse1 : inverse1 + inverse2
            guard inverseSum > 0 else { continue }
            let mass = 1 / inverseSum  // the item's mass, or the pair's reduced mass
            let k = mass * spring.omega * spring.omega
            let c = 2 * spring.zeta * mass * spring.omega
            var fx: Double
            var fy: Double
            if spring.length == 0 {
                fx = -k * dx - c * rvx
                fy = -k * dy - c * rvy
            } else {
                let distance = (dx * dx + dy * dy).squareRoot()
                guard distance > 1e-12 else { continue }
                let nx = dx / distance
                let ny = dy / distance
                let magnitude = -(k * (distance - spring.length) + c * (rvx * nx + rvy * ny))
                fx = magnitude * nx
                fy = magnitude * ny
            }
            a[ix] += fx * inverse1
            a[ix + 1] += fy * inverse1
            if let j = spring.second {
                a[2 * j] -= fx * inverse2
                a[2 * j + 1] -= fy * inverse2
            }
        }
    }

    /// One substep: RK4 over the forces, then rods, then boundaries, then rest detection,
    /// write-back and actions.
    func substep(boundary: CGRect) {
        let h = 1 / Double(Self.stepsPerSecond)
        let count = bodies.count * 2
        var p = [Double](repeating: 0, count: count)
        var v = [Double](repeating: 0, count: count)
        for (i, body) in bodies.enumerated() {
            p[2 * i] = body.x
            p[2 * i + 1] = body.y
            v[2 * i] = body.vx
            v[2 * i + 1] = body.vy
        }
        let startV = v
        var a1 = [Double](repeating: 0, count: count)
        var a2 = a1
        var a3 = a1
        var a4 = a1
        accelerations(p, v, into: &a1)
        let p2 = (0..<count).map { p[$0] + h / 2 * v[$0] }
        let v2 = (0..<count).map { v[$0] + h / 2 * a1[$0] }
        accelerations(p2, v2, into: &a2)
        let p3 = (0..<count).map { p[$0] + h / 2 * v2[$0] }
        let v3 = (0..<count).map { v[$0] + h / 2 * a2[$0] }
        accelerations(p3, v3, into: &a3)
        let p4 = (0..<count).map { p[$0] + h * v3[$0] }
        let v4 = (0..<count).map { v[$0] + h * a3[$0] }
        accelerations(p4, v4, into: &a4)
        for k in 0..<count {
            p[k] += h / 6 * (v[k] + 2 * v2[k] + 2 * v3[k] + v4[k])
            v[k] += h / 6 * (a1[k] + 2 * a2[k] + 2 * a3[k] + a4[k])
        }
        for (i, body) in bodies.enumerated() {
            guard !body.isAnchored else { continue }
            body.x = p[2 * i]
            body.y = p[2 * i + 1]
            body.vx = v[2 * i]
            body.vy = v[2 * i + 1]
        }
        applyRods()
        applyBoundary(boundary)
        elapsedTime += h

        var atRest = true
        for (i, body) in bodies.enumerated() where !body.isAnchored {
            let speed = (body.vx * body.vx + body.vy * body.vy).squareRoot()
            let change =
                ((body.vx - startV[2 * i]) * (body.vx - startV[2 * i]) + (body.vy - startV[2 * i + 1])
                    * (body.vy - startV[2 * i + 1]))
                .squareRoot()
            if speed >= Self.restSpeed || change >= Self.restAcceleration * h {
                atRest = false
                break
            }
        }
        for body in bodies { body.item.center = CGPoint(x: body.x, y: body.y) }
        resting = atRest
        for part in behaviors.flatMap(\.flattened) { part.action?() }
    }

    /// Rigid rods (attachments of frequency 0): positions projected to the rod's length (two
    /// items share the correction by inverse mass), velocity along the rod removed. Four
    /// Gauss–Seidel passes when several rods share items.
    func applyRods() {
        guard !rods.isEmpty else { return }
        for _ in 0..<4 {
            for rod in rods {
                let body1 = bodies[rod.first]
                let body2 = rod.second.map { bodies[$0] }
                let w1 = body1.inverseMass
                let w2 = body2?.inverseMass ?? 0
                guard w1 + w2 > 0 else { continue }
                let dx = body1.x - (body2?.x ?? rod.anchorX)
                let dy = body1.y - (body2?.y ?? rod.anchorY)
                let distance = (dx * dx + dy * dy).squareRoot()
                guard distance > 1e-12 else { continue }  // on the anchor: no direction (length 0 is met)
                let nx = dx / distance
                let ny = dy / distance
                let error = distance - rod.length
                body1.x -= error * nx * w1 / (w1 + w2)
                body1.y -= error * ny * w1 / (w1 + w2)
                let relative = (body1.vx - (body2?.vx ?? 0)) * nx + (body1.vy - (body2?.vy ?? 0)) * ny
                body1.vx -= relative * nx * w1 / (w1 + w2)
                body1.vy -= relative * ny * w1 / (w1 + w2)
                if let body2 {
                    body2.x += error * nx * w2 / (w1 + w2)
                    body2.y += error * ny * w2 / (w1 + w2)
                    body2.vx += relative * nx * w2 / (w1 + w2)
                    body2.vy += relative * ny * w2 / (w1 + w2)
                }
            }
        }
    }

    /// Boundary collisions against `bounds` inset by the collision behaviour's insets.
    func applyBoundary(_ bounds: CGRect) {
        let insets = collisionInsets
        let minX = Double(bounds.minX + insets.left)
        let maxX = Double(bounds.maxX - insets.right)
        let minY = Double(bounds.minY + insets.top)
        let maxY = Double(bounds.maxY - insets.bottom)
        for body in bodies where body.collides && !body.isAnchored {
            collide(&body.x, &body.vx, &body.vy, low: minX + body.halfWidth, high: maxX - body.halfWidth, body: body)
            collide(&body.y, &body.vy, &body.vx, low: minY + body.halfHeight, high: maxY - body.halfHeight, body: body)
        }
    }

    /// One axis of a boundary contact: position clamped into [low, high], normal velocity
    /// reflected with the elasticity, tangential velocity reduced by friction.
    func collide(
        _ position: inout Double, _ normal: inout Double, _ tangent: inout Double, low: Double, high: Double,
        body: Body
    ) {
        guard low <= high else {
            position = (low + high) / 2
            normal = 0
            return
        }
        var direction = 0.0
        if position < low {
            position = low
            direction = -1
        } else if position > high {
            position = high
            direction = 1
        }
        guard direction != 0, normal * direction > 0 else { return }
        let incoming = abs(normal)
        let outgoing = incoming < Self.restingContactSpeed ? 0 : incoming * body.elasticity
        normal = -direction * outgoing
        let impulse = incoming + outgoing
        let reduction = min(abs(tangent), body.friction * impulse)
        tangent -= tangent > 0 ? reduction : -reduction
    }

    /// Whether the current state needs no integration: speeds and force accelerations below the
    /// rest limits, rods at their lengths, colliding items inside their boundary.
    func isEquilibrium() -> Bool {
        let count = bodies.count * 2
        var p = [Double](repeating: 0, count: count)
        var v = p
        for (i, body) in bodies.enumerated() {
            p[2 * i] = body.x
            p[2 * i + 1] = body.y
            v[2 * i] = body.vx
            v[2 * i + 1] = body.vy
        }
        var a = p
        accelerations(p, v, into: &a)
        for (i, body) in bodies.enumerated() where !body.isAnchored {
            if (v[2 * i] * v[2 * i] + v[2 * i + 1] * v[2 * i + 1]).squareRoot() >= Self.restSpeed { return false }
            if (a[2 * i] * a[2 * i] + a[2 * i + 1] * a[2 * i + 1]).squareRoot() >= Self.restAcceleration {
                return false
            }
        }
        for rod in rods {
            let body1 = bodies[rod.first]
            let other = rod.second.map { (bodies[$0].x, bodies[$0].y) } ?? (rod.anchorX, rod.anchorY)
            let distance = ((body1.x - other.0) * (body1.x - other.0) + (body1.y - other.1) * (body1.y - other.1))
                .squareRoot()
            if abs(distance - rod.length) > 1e-3 { return false }
        }
        if bodies.contains(where: { $0.collides && !$0.isAnchored }) {
            let bounds = referenceBounds.inset(
                by: collisionInsets.top, collisionInsets.left, collisionInsets.bottom, collisionInsets.right)
            for body in bodies where body.collides && !body.isAnchored {
                if body.x - body.halfWidth < Double(bounds.minX) - 1e-9
                    || body.x + body.halfWidth > Double(bounds.maxX) + 1e-9
                    || body.y - body.halfHeight < Double(bounds.minY) - 1e-9
                    || body.y + body.halfHeight > Double(bounds.maxY) + 1e-9
                {
                    return false
                }
            }
        }
        return true
    }
}
