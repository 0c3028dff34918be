import FlowSim
import Foundation

/// The scene keys of devices and traits: `"device"`, `"orientation"`, `"devices"`, `"traits"`.
extension SceneDecoder {
    static let traitsKeys: [SceneKey] = [
        SceneKey("layoutDirection", .choice(SceneTraits.layoutDirectionNames), "leftToRight or rightToLeft"),
        SceneKey("userInterfaceStyle", .choice(UserInterfaceStyle.allCases.map(\.rawValue)), "light or dark"),
        SceneKey(
            "preferredContentSizeCategory", .choice(ContentSizeCategory.allCases.map(\.rawValue)),
            "the text size (UIKit's case names; default large)"),
        SceneKey(
            "horizontalSizeClass", .choice(SceneTraits.sizeClassNames), "compact or regular (default: the device's)"),
        SceneKey(
            "verticalSizeClass", .choice(SceneTraits.sizeClassNames), "compact or regular (default: the device's)"),
    ]

    /// The scene's `"device"` held per `"orientation"`, or nil; an unknown name is an error naming
    /// the nearest devices.
    static func device(in object: ObjectReader) throws -> DeviceChoice? {
        let orientation = try object.optional("orientation").map {
            DeviceOrientation(rawValue: try $0.choice(DeviceOrientation.allCases.map(\.rawValue)))!
        }
        guard let reader = object.optional("device") else {
            if orientation != nil, let path = object.optional("orientation")?.path {
                throw SceneError(path: path, .requires("orientation", requirement: "a \"device\" to turn"))
            }
            return nil
        }
        do {
            return DeviceChoice(
                device: try DeviceCatalogue.lookup(try reader.string()), orientation: orientation ?? .portrait)
        } catch let error as DeviceLookupError {
            throw reader.error(.unknownDevice(error))
        }
    }

    /// Sets the scene's device, `"devices"` and `"traits"`.
    static func applyDevices(to scene: inout Scene, device: DeviceChoice?, object: ObjectReader) throws {
        if let device {
            scene.device = device.device
            scene.orientation = device.orientation
        }
        for reader in try object.optional("devices")?.array() ?? [] {
            do {
                scene.devices.append(try DeviceChoice.parse(try reader.string()))
            } catch let error as DeviceLookupError {
                throw reader.error(.unknownDevice(error))
            }
        }
        if let reader = object.optional("traits") { scene.traits = try traits(reader) }
        scene.fitCanvasToSizeTransitions()
    }

    static func traits(_ reader: ValueReader) throws -> SceneTraits {
        let object = try reader.object(known: traitsKeys)
        var traits = SceneTraits()
        if let value = object.optional("layoutDirection") {
            traits.layoutDirection = SceneTraits.layoutDirection(
                named: try value.choice(SceneTraits.layoutDirectionNames))!
        }
        if let value = object.optional("userInterfaceStyle") {
            traits.userInterfaceStyle = UserInterfaceStyle(
                rawValue: try value.choice(UserInterfaceStyle.allCases.map(\.rawValue)))!
        }
        if let value = object.optional("preferredContentSizeCategory") {
            traits.preferredContentSizeCategory = ContentSizeCategory(
                rawValue: try value.choice(ContentSizeCategory.allCases.map(\.rawValue)))!
        }
        if let value = object.optional("horizontalSizeClass") {
            traits.horizontalSizeClass = SceneTraits.sizeClass(named: try value.choice(SceneTraits.sizeClassNames))
        }
        if let value = object.optional("verticalSizeClass") {
            traits.verticalSizeClass = SceneTraits.sizeClass(named: try value.choice(SceneTraits.sizeClassNames))
        }
        return traits
    }
}
