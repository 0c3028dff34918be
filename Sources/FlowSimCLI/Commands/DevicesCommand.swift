import FlowSim
import FlowSimScene
import FlowSimSupport
import Foundation

/// `flowsim devices [--json]`: the device catalogue, for `--device`, `"device"` and `--devices`.
enum DevicesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "devices", abstract: "List the devices scenes can run on (--device, \"device\").",
        discussion: """
            Each device's name (or its id, for folders and flags), size in points portrait, scale, safe area \
            portrait and landscape, and idiom. Sources: docs/devices.md.
            """,
        options: [json])

    static let json = Option.flag("--json", help: "Print the catalogue as JSON.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        if arguments.isSet(json) {
            context.print(catalogueJSON().serialized(pretty: true))
            return 0
        }
        var lines = [
            "NAME                         ID                  POINTS      SCALE  SAFE AREA (portrait | landscape)"
        ]
        for device in DeviceCatalogue.all {
            let size =
                "\(formatNumber(Double(device.portraitSize.width)))×\(formatNumber(Double(device.portraitSize.height)))"
            lines.append(
                pad(device.name, 29) + pad(device.id, 20) + pad(size, 12)
                    + pad("@\(formatNumber(Double(device.scale)))x", 7)
                    + "\(insetsText(device.portraitSafeArea)) | \(insetsText(device.landscapeSafeArea))")
        }
        context.print(lines.joined(separator: "\n"))
        return 0
    }

    /// `[{"name", "id", "width", "height", "scale", "idiom", "safeAreaInsets": {"portrait", "landscape"}}]`.
    static func catalogueJSON() -> JSONValue {
        .array(
            DeviceCatalogue.all.map { device in
                .object([
                    ("name", .string(device.name)), ("id", .string(device.id)),
                    ("width", .number(Double(device.portraitSize.width))),
                    ("height", .number(Double(device.portraitSize.height))), ("scale", .number(Double(device.scale))),
                    ("idiom", .string(device.idiomName)),
                    (
                        "safeAreaInsets",
                        .object([
                            ("portrait", insetsJSON(device.portraitSafeArea)),
                            ("landscape", insetsJSON(device.landscapeSafeArea)),
                        ])
                    ),
                ])
            })
    }

    private static func insetsJSON(_ insets: EdgeInsets) -> JSONValue {
        .object([
            ("top", .number(Double(insets.top))), ("left", .number(Double(insets.left))),
            ("bottom", .number(Double(insets.bottom))), ("right", .number(Double(insets.right))),
        ])
    }

    private static func insetsText(_ insets: EdgeInsets) -> String {
        [insets.top, insets.left, insets.bottom, insets.right].map { formatNumber(Double($0)) }.joined(separator: " ")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
