import Foundation

/// Named springs from documented constants.
public struct SpringPreset: Equatable, Sendable {
    public var name: String
    /// The spring in the form its source states it.
    public var form: SpringForm
    /// Where the constants come from.
    public var source: String

    public init(name: String, form: SpringForm, source: String) {
        self.name = name
        self.form = form
        self.source = source
    }

    /// The published presets (UIKit, SwiftUI, Android, react-spring, React Native); the scene
    /// module's `catalogue` adds the sample app's own.
    public static let all: [SpringPreset] = [
        SpringPreset(
            name: "uikit-default",
            form: .physical(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0),
            source: "UISpringTimingParameters() (Apple docs: damping ratio 4.56, velocity 0; "
                + "m 3, k 1000, c 500 gives ζ = 500/(2√3000) = 4.564)"),
        SpringPreset(
            name: "ca-default",
            form: .physical(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0),
            source: "CASpringAnimation property defaults (mass 1, stiffness 100, damping 10)"),
        SpringPreset(
            name: "swiftui-default",
            form: .swiftUIResponse(response: 0.55, dampingFraction: 0.825),
            source: "SwiftUI Animation.spring() defaults before iOS 17 (response 0.55, "
                + "dampingFraction 0.825); Apple's current page for "
                + "spring(response:dampingFraction:blendDuration:) lists response 0.5"),
        SpringPreset(
            name: "swiftui-smooth",
            form: .swiftUIDurationBounce(duration: 0.5, bounce: 0),
            source: "SwiftUI Spring.smooth (duration 0.5, bounce 0)"),
        SpringPreset(
            name: "swiftui-snappy",
            form: .swiftUIDurationBounce(duration: 0.5, bounce: 0.15),
            source: "SwiftUI Spring.snappy (duration 0.5, base bounce 0.15)"),
        SpringPreset(
            name: "swiftui-bouncy",
            form: .swiftUIDurationBounce(duration: 0.5, bounce: 0.3),
            source: "SwiftUI Spring.bouncy (duration 0.5, base bounce 0.3)"),
        SpringPreset(
            name: "android-medium",
            form: .android(stiffness: 1500, dampingRatio: 0.5),
            source: "Android SpringForce defaults STIFFNESS_MEDIUM 1500, "
                + "DAMPING_RATIO_MEDIUM_BOUNCY 0.5"),
        SpringPreset(
            name: "react-spring-default",
            form: .reactSpring(tension: 170, friction: 26, mass: 1),
            source: "react-spring config.default { tension: 170, friction: 26 }"),
        SpringPreset(
            name: "react-spring-gentle",
            form: .reactSpring(tension: 120, friction: 14, mass: 1),
            source: "react-spring config.gentle { tension: 120, friction: 14 }"),
        SpringPreset(
            name: "react-spring-wobbly",
            form: .reactSpring(tension: 180, friction: 12, mass: 1),
            source: "react-spring config.wobbly { tension: 180, friction: 12 }"),
        SpringPreset(
            name: "react-spring-stiff",
            form: .reactSpring(tension: 210, friction: 20, mass: 1),
            source: "react-spring config.stiff { tension: 210, friction: 20 }"),
        SpringPreset(
            name: "react-spring-slow",
            form: .reactSpring(tension: 280, friction: 60, mass: 1),
            source: "react-spring config.slow { tension: 280, friction: 60 }"),
        SpringPreset(
            name: "react-native-default",
            form: .physical(mass: 1, stiffness: 230.2, damping: 22, initialVelocity: 0),
            source: "React Native Animated.spring default Origami tension 40, friction 7 "
                + "(k = 3.62(40 − 30) + 194, c = 3(7 − 8) + 25)"),
    ]

    /// The preset in `presets` (default: the published ones, `all`) with this name, if any. A
    /// consumer with presets of its own passes its catalogue.
    public static func named(_ name: String, in presets: [SpringPreset] = all) -> SpringPreset? {
        presets.first { $0.name == name }
    }
}
