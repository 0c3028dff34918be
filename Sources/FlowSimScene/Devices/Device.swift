import FlowSim
import Foundation

/// Which way up a device is held.
public enum DeviceOrientation: String, CaseIterable, Sendable {
    case portrait
    case landscape
}

/// A device's screen as an app sees it full screen: its size in points, scale, the safe area in
/// each orientation and its size classes. The catalogue (`DeviceCatalogue.all`) lists the
/// devices FlowSim knows; docs/devices.md gives each value's source.
public struct Device: Equatable, Sendable {
    /// Apple's marketing name ("iPhone 16 Pro").
    public var name: String
    /// A path-safe name for folders and flags ("iphone-16-pro").
    public var id: String
    public var idiom: UserInterfaceIdiom
    /// Width and height in points, portrait.
    public var portraitSize: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    /// The status bar or sensor housing (top) and the home indicator (bottom), portrait.
    public var portraitSafeArea: EdgeInsets
    /// The sensor housing (sides), status bar and home indicator, landscape.
    public var landscapeSafeArea: EdgeInsets
    /// Regular on the largest iPhones and every iPad held sideways; compact on other iPhones.
    public var landscapeHorizontalSizeClass: UserInterfaceSizeClass
    /// Where the numbers come from (a key of docs/devices.md's sources).
    public var source: String

    public init(
        name: String, id: String, idiom: UserInterfaceIdiom, portraitSize: CGSize, scale: CGFloat,
        portraitSafeArea: EdgeInsets, landscapeSafeArea: EdgeInsets,
        landscapeHorizontalSizeClass: UserInterfaceSizeClass = .compact, source: String
    ) {
        self.name = name
        self.id = id
        self.idiom = idiom
        self.portraitSize = portraitSize
        self.scale = scale
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
        self.landscapeHorizontalSizeClass = landscapeHorizontalSizeClass
        self.source = source
    }

    /// The screen in points: the portrait size, or its sides swapped in landscape.
    public func size(_ orientation: DeviceOrientation) -> CGSize {
        orientation == .portrait
            ? portraitSize : CGSize(width: portraitSize.height, height: portraitSize.width)
    }

    public func safeArea(_ orientation: DeviceOrientation) -> EdgeInsets {
        orientation == .portrait ? portraitSafeArea : landscapeSafeArea
    }

    /// UIKit's size classes: an iPad is regular both ways full screen; an iPhone is compact wide
    /// and regular tall in portrait, compact tall in landscape, wide per `landscapeHorizontalSizeClass`.
    public func sizeClasses(_ orientation: DeviceOrientation) -> (
        horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass
    ) {
        if idiom == .pad { return (.regular, .regular) }
        return orientation == .portrait ? (.compact, .regular) : (landscapeHorizontalSizeClass, .compact)
    }

    /// "phone" or "pad", as `flowsim devices --json` writes the idiom.
    public var idiomName: String { idiom == .pad ? "pad" : "phone" }

    /// The golden folder of this device in `orientation`: the id, `-landscape` appended sideways.
    public func folderName(_ orientation: DeviceOrientation) -> String {
        orientation == .portrait ? id : "\(id)-landscape"
    }
}
