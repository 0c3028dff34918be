import FlowSim
import Foundation

// The parks app's own animations, FlowSim's sample data: the core knows inset layouts and spring
// presets, not the app they were measured from.

extension InsetFlowLayout.ItemEffect {
    /// The parks insert: from the top-right corner `(width − 23.5, −24.5)`, scale 0.15, alpha 1,
    /// zIndex 50 (it flies above the grid).
    public static let parksAppearing = Self(
        center: .fromTrailingEdge(dx: 23.5, y: -24.5), scale: 0.15, alpha: 1, zIndex: 50)
    /// The parks delete: scale 0.1 in place, alpha 1, zIndex −1 (it shrinks below the grid).
    public static let parksDisappearing = Self(center: .finalCenter, scale: 0.1, alpha: 1, zIndex: -1)
}

extension InsetFlowLayout {
    /// The parks layout: 2 pt inset, inserts fly in from the top-right corner at scale 0.15,
    /// deletes shrink to scale 0.1.
    public static func parks() -> InsetFlowLayout {
        let layout = InsetFlowLayout()
        layout.appearingEffect = .parksAppearing
        layout.disappearingEffect = .parksDisappearing
        return layout
    }
}

extension SpringPreset {
    /// The parks scene's insert: `UIView.animate(withDuration: 1.0, usingSpringWithDamping: 0.65,
    /// initialSpringVelocity: 0)`, named "seed-insert" after the article the app comes from.
    public static let parksInsert = SpringPreset(
        name: "seed-insert",
        form: .uikit(duration: 1.0, dampingRatio: 0.65, initialVelocity: 0),
        source: "the parks scene's insert: UIView.animate(withDuration: 1.0, "
            + "usingSpringWithDamping: 0.65, initialSpringVelocity: 0)")

    /// Every preset a scene's `"preset"` and `flowsim spring --preset` name: the published
    /// presets (`all`), then the parks app's insert.
    /// Look one up with `named(_:in: catalogue)`.
    public static let catalogue: [SpringPreset] = all + [parksInsert]

    @available(*, deprecated, message: "use named(_:in: SpringPreset.catalogue)")
    public static func catalogued(_ name: String) -> SpringPreset? { named(name, in: catalogue) }
}
