import FlowSim
import FlowSimScene
import Foundation

/// The options that put a scene on a device and give it traits, declared once for `render`,
/// `layout`, `frames` and `preview`: `--device`, `--orientation`, `--rtl`, `--dark`,
/// `--content-size`. Each replaces what the scene file says.
enum DeviceOptions {
    static let device = Option<Device>(
        "--device", value: "NAME",
        help: "Run the scene on this device of `flowsim devices` (size, scale, safe area, size classes)."
    ) { text, name in
        do { return try DeviceCatalogue.lookup(text) } catch let error as DeviceLookupError {
            throw CommandError.invalidChoice(
                option: name, value: text,
                choices: "a device of `flowsim devices` (nearest: \(error.nearest.joined(separator: ", ")))",
                suggestion: error.nearest.first)
        }
    }.choices(DeviceCatalogue.all.map(\.id))
    static let orientation = Option.choice(
        "--orientation", value: "portrait|landscape", expected: "'portrait' or 'landscape'",
        choices: DeviceOrientation.allCases.map(\.rawValue),
        help: "How the device is held (with --device, or the scene's device).", read: DeviceOrientation.init(rawValue:))
    static let rtl = Option.flag("--rtl", help: "Lay out right to left (traits.layoutDirection rightToLeft).")
    static let dark = Option.flag("--dark", help: "Draw in dark mode (traits.userInterfaceStyle dark).")
    static let contentSize = Option.choice(
        "--content-size", value: "NAME",
        expected: "a content size category (extraSmall … accessibilityExtraExtraExtraLarge)",
        choices: ContentSizeCategory.allCases.map(\.rawValue),
        help: "The Dynamic Type text size (traits.preferredContentSizeCategory).",
        read: ContentSizeCategory.init(rawValue:))

    /// Every option, for a command's spec.
    static let all: [any OptionDeclaration] = [device, orientation, rtl, dark, contentSize]

    /// `scene` with the options given in `arguments` applied; unchanged without them.
    static func apply(_ arguments: ParsedArguments, to scene: inout Scene) throws {
        let orientation = try arguments.given(Self.orientation)
        if let device = try arguments.given(Self.device) ?? (orientation != nil ? scene.device : nil) {
            scene.apply(device: device, orientation: orientation ?? .portrait)
        }
        var traits = scene.traits
        if arguments.isSet(rtl) { traits.layoutDirection = .rightToLeft }
        if arguments.isSet(dark) { traits.userInterfaceStyle = .dark }
        if let size = try arguments.given(contentSize) { traits.preferredContentSizeCategory = size }
        if traits != scene.traits { scene.traits = traits }
    }
}
