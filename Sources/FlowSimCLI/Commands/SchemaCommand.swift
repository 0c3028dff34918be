import FlowSim
import FlowSimScene
import Foundation

/// `flowsim schema`: the JSON Schema of scene files, generated from the decoder's key tables.
enum SchemaCommand: Subcommand {
    static let spec = CommandSpec(
        name: "schema", abstract: "Print the JSON Schema (draft 2020-12) of scene files.",
        discussion: """
            Generated from the scene decoder's own key tables. Save it beside your scenes and name it in \
            each scene for editor completion and checks: flowsim schema > scene.schema.json, then \
            "$schema": "./scene.schema.json" in the scene (the decoder ignores the key). The schema checks \
            keys, types and ranges; the decoder also checks what spans keys (time order, item ids, one timing form).
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        context.print(SceneSchema.text)
        return 0
    }
}
