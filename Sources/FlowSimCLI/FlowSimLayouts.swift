import FlowSimScene

/// The registry of a team's layouts under a name no app type has: a team's `flowsim` and tests
/// import FlowSimCLI (never FlowSimScene, whose type names could collide with the app's), and
/// build their registry with it, per-update hooks included:
///
///     var layouts = FlowSimLayouts()
///     layouts.register("flow", layout: { FlowLayout() }, willPerform: { layout, update in
///         layout.addedItem = update.insertedItems.first
///         layout.deletedItems = update.deletedItems
///     })
///     FlowSimCommand.main(registry: layouts)
public typealias FlowSimLayouts = LayoutRegistry
