import Foundation

extension SpringForm {
    /// Every form's name, in the order the CLI prints them.
    public static let formNames = [
        "uikit", "physical", "swiftUIResponse",
        "swiftUIDurationBounce", "android", "reactSpring", "origami",
    ]

    /// The spring stated in every form, or why a form cannot state it (UIKit: ζ > 1 or a
    /// duration outside [0.01, 10] s; Origami: damping outside the mapping's range). Forms
    /// with mass 1 receive the unit-mass spring (k/m, c/m); react-spring keeps the mass.
    public static func allForms(of spring: SpringParameters)
        -> [(name: String, form: Result<SpringForm, SpringError>)]
    {
        func attempt(_ body: () throws -> SpringForm) -> Result<SpringForm, SpringError> {
            do {
                return .success(try body())
            } catch let error as SpringError {
                return .failure(error)
            } catch {
                return .failure(.invalidParameter("\(error)"))
            }
        }
        let unit = spring.unitMass
        let response = spring.swiftUIResponse
        let durationBounce = spring.durationBounce
        let android = spring.android
        let react = spring.reactSpring
        return [
            (
                "uikit",
                attempt {
                    let u = try spring.uikit()
                    return .uikit(
                        duration: u.duration, dampingRatio: u.dampingRatio,
                        initialVelocity: u.initialVelocity)
                }
            ),
            (
                "physical",
                .success(
                    .physical(
                        mass: spring.mass, stiffness: spring.stiffness,
                        damping: spring.damping,
                        initialVelocity: spring.initialVelocity))
            ),
            (
                "swiftUIResponse",
                .success(
                    .swiftUIResponse(
                        response: response.response, dampingFraction: response.dampingFraction))
            ),
            (
                "swiftUIDurationBounce",
                attempt {
                    guard durationBounce.bounce > -1, durationBounce.bounce < 1 else {
                        throw SpringError.notRepresentable(
                            form: "SwiftUI duration/bounce",
                            reason: "bounce \(durationBounce.bounce) is outside (-1, 1)")
                    }
                    return .swiftUIDurationBounce(
                        duration: durationBounce.duration,
                        bounce: durationBounce.bounce)
                }
            ),
            (
                "android",
                .success(
                    .android(
                        stiffness: android.stiffness,
                        dampingRatio: android.dampingRatio))
            ),
            (
                "reactSpring",
                .success(
                    .reactSpring(
                        tension: react.tension,
                        friction: react.friction, mass: react.mass))
            ),
            (
                "origami",
                attempt {
                    let o = try unit.origami()
                    return .origami(bounciness: o.bounciness, speed: o.speed)
                }
            ),
        ]
    }
}
