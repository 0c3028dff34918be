import FlowSim
import FlowSimScene

extension Fixture {
    /// The sample app's inset flow layout (section insets, appearing and disappearing effects),
    /// which the scene module holds since the sample left the core: the core's property tests run
    /// the flow solver and the update planner under its insets and effects as well.
    public static func parksLayout() -> InsetFlowLayout { InsetFlowLayout.parks() }
}
