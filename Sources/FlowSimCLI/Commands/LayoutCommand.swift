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
            after, rect, pretty, WorkLimits.maxFrames, WorkLimits.maxElements, WorkLimits.maxText,
            WorkLimits.maxUpdateWork, UIKitFindings.strict, SceneIsolation.sceneTimeout,
        ] + DeviceOptions.all)

    /// `--after N|all`: how many updates to apply (nil: all of them).
    enum UpdateCount: Equatable {
        case first(Int)
        case all
    }

    static let after = Option<UpdateCount>.choice(
        "--after", value: "N|all", expected: "a whole number ≥ 0 or 'all'", choices: ["all"],
        help: "Lay out after the first N updates (or all of them)."
    ) { text in
        if text == "all" { return .all }
        return Int(text).flatMap { $0 >= 0 ? .first($0) : nil }
    }.defaulting(to: .first(0), shown: "0")
    static let rect = Option.choice(
        "--rect", value: "content|visible", expected: "'content' or 'visible'", choices: ["content", "visible"],
        help: "The rect the layout is asked for.", read: SceneSimulation.LayoutQuery.init(rawValue:)
    ).defaulting(to: .content, shown: "content")
    static let pretty = Option.flag("--pretty", help: "One element per line.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let path = arguments.positional(0)
        let (simulation, watchdog) = try SceneArgument.watchedSimulation(
            path, context: context, arguments: arguments)
        let updates = simulation.scene.updates.count
        var count = updates
        if case .first(let n) = try arguments.value(after) {
            guard n <= updates else {
                throw CommandError.afterBeyondUpdates(after: n, updates: updates)
            }
            count = n
        }
        if count < simulation.scene.updates.count {
            // A scene is checked whole, so an invalid later update is reported (exit 2) even
            // when the layout printed is an earlier one.
            try SceneArgument.run(
                try SceneArgument.simulate(path, context: context, arguments: arguments), source: path)
        }
        try SceneArgument.run(simulation, updates: count, source: path)
        watchdog.disarm()
        context.keepUntilExit(simulation)
        let query = try arguments.value(rect)
        var output = context.jsonOutput(pretty: arguments.isSet(pretty))
        LayoutExport.writeLayout(simulation, query: query, to: &output)
        output.byte(UInt8(ascii: "\n"))
        output.flush()
        return UIKitFindings.finish(simulation, arguments: arguments, context: context)
    }
}
