import FlowSim
import FlowSimScene
import Foundation

/// `check --devices A,B,…` and a scene's `"devices"`: each scene checked once per device, its
/// goldens in `<scene>/<device id>[-landscape]/`, a row per device in every report.
enum CheckDevices {
    static let devices = Option<[DeviceChoice]>(
        "--devices", value: "NAME,NAME,...",
        help: "Check every scene on each of these devices (\"iPhone 16,iPad mini:landscape\"); "
            + "default: each scene's \"devices\"."
    ) { text, name in
        try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
            do { return try DeviceChoice.parse(String(item)) } catch let error as DeviceLookupError {
                throw CommandError.invalidChoice(
                    option: name, value: String(item),
                    choices: "devices of `flowsim devices` (nearest: \(error.nearest.joined(separator: ", ")))",
                    suggestion: error.nearest.first)
            }
        }
    }

    /// The runs of `sources`: each with every device of `devices` when given, else of the scene's
    /// own `"devices"`, else once as it is. A scene that cannot be read runs once, to report its
    /// error where the check reports errors.
    static func units(_ sources: [String?], devices: [DeviceChoice]?) -> [(String?, DeviceChoice?)] {
        sources.flatMap { source -> [(String?, DeviceChoice?)] in
            let choices = devices ?? ((try? SceneArgument.load(source))?.devices ?? [])
            return choices.isEmpty ? [(source, nil)] : choices.map { (source, $0) }
        }
    }
}
