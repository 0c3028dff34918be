import FlowSim
import FlowSimScene
import Foundation

/// `flowsim layout [SCENE] [--after N|all]`: the layout's frames as JSON.
enum LayoutCommand: Subcommand {
    static let spec = CommandSpec(
        name: "layout", abstract: "Print the flow layout's frames as JSON.",
        discussion:
            "Prints {\"contentSize\", \"elements\": [...], \"query\"} section by section. --rect content (default) asks "
            + "the layout for the whole content, taking elements on screen from the visible query (so they match the "
            + "last frame of `flowsim frames`); --rect visible asks for the collection view's bounds only, the rect "
            + "UIKit asks for on a layout pass. \"query\" names the rect and gives it as [x, y, width, height].",
        positionals: [SceneArgument.positional],
        options: [
            OptionSpec(
                "--after", value: "N|all", default: "0", help: "Lay out after the first N updates (or all of them)."),
            OptionSpec("--rect", value: "content|visible", default: "content", help: "The rect the layout is asked for."),
            OptionSpec("--pretty", help: "One element per line."),
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let path = arguments.positional(0)
        let simulation = try SceneArgument.simulate(path, context: context)
        var count = 0
        if let after = arguments.string("--after") {
            if after == "all" {
                count = simulation.scene.updates.count
            } else if let n = Int(after), n >= 0 {
                guard n <= simulation.scene.updates.count else {
                    throw CommandError.usage(
                        "flowsim layout: --after \(n), but the scene has only \(simulation.scene.updates.count) updates."
                    )
                }
                count = n
            } else {
                throw CommandError.usage("flowsim layout: --after expects a whole number ≥ 0 or 'all', got '\(after)'.")
            }
        }
        if count < simulation.scene.updates.count {
            // A scene is checked whole, so an invalid later update is reported (exit 2) even
            // when the layout printed is an earlier one.
            try SceneArgument.run(try SceneArgument.simulate(path, context: context), source: path)
        }
        try SceneArgument.run(simulation, updates: count, source: path)
        let rect = arguments.string("--rect") ?? "content"
        guard let query = SceneSimulation.LayoutQuery(rawValue: rect) else {
            throw CommandError.usage("flowsim layout: --rect expects 'content' or 'visible', got '\(rect)'.")
        }
        context.print(LayoutExport.layout(simulation, query: query).serialized(pretty: arguments.flag("--pretty")))
        return 0
    }
}
