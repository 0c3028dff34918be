import FlowSim
import Foundation

/// A device to run a scene on, held one way (`"devices": ["iPhone 16", "iPhone 16 landscape"]`,
/// `--devices "iPhone 16,iPad mini:landscape"`).
public struct DeviceChoice: Equatable, Sendable {
    public var device: Device
    public var orientation: DeviceOrientation

    public init(device: Device, orientation: DeviceOrientation = .portrait) {
        self.device = device
        self.orientation = orientation
    }

    /// The golden folder (`iphone-16-pro`, `iphone-16-pro-landscape`).
    public var folderName: String { device.folderName(orientation) }
    /// How reports name it ("iPhone 16 Pro", "iPhone 16 Pro landscape").
    public var label: String { orientation == .portrait ? device.name : "\(device.name) landscape" }

    /// A device name, optionally followed by an orientation after a space or a colon
    /// ("iPhone 16 landscape", "iphone-16:landscape"); unknown names throw `DeviceLookupError`.
    public static func parse(_ text: String) throws -> DeviceChoice {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for orientation in DeviceOrientation.allCases {
            for separator in [":", " "] where trimmed.lowercased().hasSuffix(separator + orientation.rawValue) {
                let name = String(trimmed.dropLast(separator.count + orientation.rawValue.count))
                if let device = DeviceCatalogue.device(named: name) {
                    return DeviceChoice(device: device, orientation: orientation)
                }
            }
        }
        return DeviceChoice(device: try DeviceCatalogue.lookup(trimmed))
    }
}

extension Scene {
    /// The scene on `device` held `orientation`, as UIKit would run it full screen: the viewport
    /// takes the screen's size, scale and safe area, the traits its size classes (traits the
    /// scene states keep their values). Content insets, offsets and the layout stay the scene's.
    public mutating func apply(device: Device, orientation: DeviceOrientation) {
        let size = device.size(orientation)
        viewport.width = size.width
        viewport.height = size.height
        viewport.scale = device.scale
        viewport.safeAreaInsets = device.safeArea(orientation)
        self.device = device
        self.orientation = orientation
        fitCanvasToSizeTransitions()
    }

    /// Sets `viewport.canvasSize` to the largest width and height the collection view takes over
    /// the scene's size transitions (nil without any), so frames after a rotation are drawn whole.
    public mutating func fitCanvasToSizeTransitions() {
        var size = CGSize(width: viewport.width, height: viewport.height)
        var grew = false
        for update in updates {
            let next = update.bounds ?? update.rotate.flatMap { device?.size($0) }
            guard let next else { continue }
            grew = true
            size = CGSize(width: max(size.width, next.width), height: max(size.height, next.height))
        }
        viewport.canvasSize = grew ? size : nil
    }

    /// The scene as `flowsim check` runs it on `choice`: on that device, named after its folder.
    public func on(_ choice: DeviceChoice) -> Scene {
        var scene = self
        scene.apply(device: choice.device, orientation: choice.orientation)
        return scene
    }

    /// The trait collection the collection view gets: the scene's traits, with size classes and
    /// idiom from the device (an iPhone in portrait without one) unless the scene states them.
    public var traitCollection: TraitCollection {
        let classes = device?.sizeClasses(orientation) ?? (.compact, .regular)
        return TraitCollection(
            displayScale: viewport.scale, layoutDirection: traits.layoutDirection,
            horizontalSizeClass: traits.horizontalSizeClass ?? classes.horizontal,
            verticalSizeClass: traits.verticalSizeClass ?? classes.vertical,
            userInterfaceIdiom: device?.idiom ?? .phone,
            preferredContentSizeCategoryName: traits.preferredContentSizeCategory.uiKitName)
    }
}
