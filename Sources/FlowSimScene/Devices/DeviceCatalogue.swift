import FlowSim
import FlowSimSupport
import Foundation

/// The devices FlowSim knows, in one table: add a row to add a device. Sizes and scales are
/// Apple's (Human Interface Guidelines, Layout › Specifications); safe areas are the values
/// simulators report for a full-screen app, as published with the snapshot-testing
/// configurations cited in docs/devices.md (source keys below). A value no source states for
/// that exact device is inferred from a device with the same screen and sensor housing, and
/// its source key ends in "-inferred".
public enum DeviceCatalogue {
    private static func insets(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> EdgeInsets {
        EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }

    /// Every known device, phones (smallest first) then pads.
    public static let all: [Device] = [
        // 4.7" LCD with a home button: a 20 pt status bar in portrait, none in landscape.
        Device(
            name: "iPhone SE (3rd generation)", id: "iphone-se-3", idiom: .phone,
            portraitSize: CGSize(width: 375, height: 667), scale: 2,
            portraitSafeArea: insets(20, 0, 0, 0), landscapeSafeArea: insets(0, 0, 0, 0), source: "hig+se"),
        // Notch (as iPhone 14): 47 pt top, 34 pt home indicator; 47 / 21 in landscape.
        Device(
            name: "iPhone 16e", id: "iphone-16e", idiom: .phone, portraitSize: CGSize(width: 390, height: 844),
            scale: 3, portraitSafeArea: insets(47, 0, 34, 0), landscapeSafeArea: insets(0, 47, 21, 47),
            source: "hig+notch-inferred"),
        // Dynamic Island, iOS 18 values.
        Device(
            name: "iPhone 16", id: "iphone-16", idiom: .phone, portraitSize: CGSize(width: 393, height: 852),
            scale: 3, portraitSafeArea: insets(59, 0, 34, 0), landscapeSafeArea: insets(0, 59, 21, 59),
            source: "hig+island59"),
        Device(
            name: "iPhone 16 Plus", id: "iphone-16-plus", idiom: .phone, portraitSize: CGSize(width: 430, height: 932),
            scale: 3, portraitSafeArea: insets(59, 0, 34, 0), landscapeSafeArea: insets(0, 59, 21, 59),
            landscapeHorizontalSizeClass: .regular, source: "hig+island59"),
        Device(
            name: "iPhone 16 Pro", id: "iphone-16-pro", idiom: .phone, portraitSize: CGSize(width: 402, height: 874),
            scale: 3, portraitSafeArea: insets(62, 0, 34, 0), landscapeSafeArea: insets(0, 62, 21, 62),
            source: "hig+island62"),
        Device(
            name: "iPhone 16 Pro Max", id: "iphone-16-pro-max", idiom: .phone,
            portraitSize: CGSize(width: 440, height: 956), scale: 3, portraitSafeArea: insets(62, 0, 34, 0),
            landscapeSafeArea: insets(0, 62, 21, 62), landscapeHorizontalSizeClass: .regular,
            source: "hig+island62-inferred"),
        // iPhone 17 family and Air, iOS 26 values (a 20 pt top and bottom in landscape).
        Device(
            name: "iPhone 17", id: "iphone-17", idiom: .phone, portraitSize: CGSize(width: 402, height: 874), scale: 3,
            portraitSafeArea: insets(62, 0, 34, 0), landscapeSafeArea: insets(20, 62, 20, 62), source: "hig+ios26"),
        Device(
            name: "iPhone 17 Pro", id: "iphone-17-pro", idiom: .phone, portraitSize: CGSize(width: 402, height: 874),
            scale: 3, portraitSafeArea: insets(62, 0, 34, 0), landscapeSafeArea: insets(20, 62, 20, 62),
            source: "hig+ios26"),
        Device(
            name: "iPhone Air", id: "iphone-air", idiom: .phone, portraitSize: CGSize(width: 420, height: 912),
            scale: 3, portraitSafeArea: insets(68, 0, 34, 0), landscapeSafeArea: insets(20, 68, 29, 68),
            landscapeHorizontalSizeClass: .regular, source: "hig+ios26"),
        Device(
            name: "iPhone 17 Pro Max", id: "iphone-17-pro-max", idiom: .phone,
            portraitSize: CGSize(width: 440, height: 956), scale: 3, portraitSafeArea: insets(62, 0, 34, 0),
            landscapeSafeArea: insets(20, 62, 20, 62), landscapeHorizontalSizeClass: .regular, source: "hig+ios26"),
        // iPads with a home indicator: a 24 pt status bar and a 20 pt home indicator both ways.
        Device(
            name: "iPad mini (A17 Pro)", id: "ipad-mini", idiom: .pad, portraitSize: CGSize(width: 744, height: 1133),
            scale: 2, portraitSafeArea: insets(24, 0, 20, 0), landscapeSafeArea: insets(24, 0, 20, 0),
            landscapeHorizontalSizeClass: .regular, source: "hig+ipad"),
        Device(
            name: "iPad Air 11-inch (M3)", id: "ipad-air-11", idiom: .pad,
            portraitSize: CGSize(width: 820, height: 1180), scale: 2, portraitSafeArea: insets(24, 0, 20, 0),
            landscapeSafeArea: insets(24, 0, 20, 0), landscapeHorizontalSizeClass: .regular,
            source: "hig+ipad-inferred"),
        Device(
            name: "iPad Air 13-inch (M3)", id: "ipad-air-13", idiom: .pad,
            portraitSize: CGSize(width: 1024, height: 1366), scale: 2, portraitSafeArea: insets(24, 0, 20, 0),
            landscapeSafeArea: insets(24, 0, 20, 0), landscapeHorizontalSizeClass: .regular,
            source: "hig+ipad-inferred"),
        Device(
            name: "iPad Pro 11-inch (M4)", id: "ipad-pro-11", idiom: .pad,
            portraitSize: CGSize(width: 834, height: 1210), scale: 2, portraitSafeArea: insets(24, 0, 20, 0),
            landscapeSafeArea: insets(24, 0, 20, 0), landscapeHorizontalSizeClass: .regular,
            source: "hig+ipad-inferred"),
        Device(
            name: "iPad Pro 13-inch (M4)", id: "ipad-pro-13", idiom: .pad,
            portraitSize: CGSize(width: 1032, height: 1376), scale: 2, portraitSafeArea: insets(24, 0, 20, 0),
            landscapeSafeArea: insets(24, 0, 20, 0), landscapeHorizontalSizeClass: .regular, source: "hig+ipad"),
    ]

    /// `text` folded for matching: lowercased, letters and digits only ("iPhone 16 Pro" and
    /// "iphone-16-pro" both fold to "iphone16pro").
    static func folded(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// The device named `name` (its name or id, ignoring case, spaces and punctuation), or nil.
    public static func device(named name: String) -> Device? {
        let key = folded(name)
        guard !key.isEmpty else { return nil }
        return all.first { folded($0.name) == key || folded($0.id) == key }
    }

    /// The three names nearest `name` by edit distance on the folded names, nearest first.
    public static func nearestNames(to name: String, count: Int = 3) -> [String] {
        let key = folded(name)
        return all.map { device in
            (device.name, min(editDistance(key, folded(device.name)), editDistance(key, folded(device.id))))
        }
        .enumerated()
        .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
        .prefix(count).map(\.element.0)
    }

    /// The device named `name`, or an error naming the nearest devices (and `flowsim devices`).
    public static func lookup(_ name: String) throws -> Device {
        if let device = device(named: name) { return device }
        throw DeviceLookupError(name: name, nearest: nearestNames(to: name))
    }
}

/// An unknown device name, with the nearest known names.
public struct DeviceLookupError: Error, Equatable, CustomStringConvertible, Sendable {
    public var name: String
    public var nearest: [String]

    public var description: String {
        let suggestions = nearest.map { "\"\($0)\"" }.joined(separator: ", ")
        return
            "unknown device \"\(SafeText.excerpt(name))\"; nearest: \(suggestions) (flowsim devices lists them all)"
    }
}
