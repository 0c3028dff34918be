import FlowSimCLI

// The team's `flowsim`: every FlowSim command, with the app's layouts. The app's classes are
// internal, hence `@testable`; `FlowLayout` here is always the app's (FlowSim's modules export
// no type of that name).
@testable import AppLayouts

var layouts = FlowSimLayouts()
// The view controller sets `addedItem` / `deletedItems` before each update; so does the scene.
layouts.register(
    "flow", layout: { FlowLayout() },
    willPerform: { layout, update in
        layout.addedItem = update.insertedItems.first
        layout.deletedItems = update.deletedItems
    })
layouts.register("fan", layout: { FanLayout() })
FlowSimCommand.main(registry: layouts)
