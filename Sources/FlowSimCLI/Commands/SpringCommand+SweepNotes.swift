import FlowSim
import FlowSimScene
import FlowSimSupport

extension SpringCommand {
    /// Notes on what UIKit's 12 unguarded Newton steps do over a sweep of a UIKit spring: the
    /// neighbouring values between which the stiffness more than doubles or halves (the steps
    /// land on another root of the envelope condition, or leave the range of doubles; e.g.
    /// duration 1, damping 0.4: 213.8 at velocity 1.2, saturated at 1.3, 12.0 at 1.4).
    static func sweepJumpNotes(_ sweep: SpringSweep, reports: [(Double, SpringReport)]) -> [String] {
        let n = SpringReport.number
        var notes: [String] = []
        let uikit = reports.filter {
            if case .uikit = $0.1.form { return true } else { return false }
        }
        for (a, b) in zip(uikit, uikit.dropFirst()) {
            let k0 = a.1.spring.stiffness
            let k1 = b.1.spring.stiffness
            guard k0 > 0, k1 > 0, max(k0, k1) > 2 * min(k0, k1) else { continue }
            notes.append(
                "\(sweep.name) \(n(a.0, 4)) → \(n(b.0, 4)): UIKit's stiffness jumps from "
                    + "\(n(k0, 3)) to \(n(k1, 3)) (its 12 Newton steps land on another root)")
        }
        return notes
    }
}
