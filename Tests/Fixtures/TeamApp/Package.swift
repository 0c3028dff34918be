// swift-tools-version:5.9
// The test package of an app repository, at the repository's root beside the Xcode project: it
// compiles the app's layout folder where it is (`path: "App/Layout"`), unedited, on Linux.
// (FlowSim's own test suite builds this fixture against the FlowSim checkout three folders up.)
import Foundation
import PackageDescription

// In an app repository: .package(url: "<where your team hosts FlowSim>", exact: "<a FlowSim tag>"),
// with package: "FlowSim" below. Here: the FlowSim checkout this fixture lives in.
let flowsimPath = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
let flowsim = URL(fileURLWithPath: flowsimPath).lastPathComponent

// FlowSim's Linux stand-ins for Apple's frameworks; never linked into an Apple-platform build.
let appleModules: [Target.Dependency] = ["UIKit", "CoreGraphics", "QuartzCore"].map {
    .product(name: $0, package: flowsim, condition: .when(platforms: [.linux]))
}

let package = Package(
    name: "TeamAppLayoutTests",
    dependencies: [.package(path: flowsimPath)],
    targets: [
        // The app's layout files, as they are (internal classes included). `-enable-testing` lets
        // the executable and the tests `@testable import` them in debug and release builds.
        .target(
            name: "AppLayouts", dependencies: appleModules, path: "App/Layout",
            swiftSettings: [.unsafeFlags(["-enable-testing"])]),
        // The team's own `flowsim`, knowing the app's layouts.
        .executableTarget(
            name: "app-flowsim", dependencies: ["AppLayouts", .product(name: "FlowSimCLI", package: flowsim)],
            path: "LayoutTests/app-flowsim"),
        .testTarget(
            name: "AppLayoutTests",
            dependencies: [
                "AppLayouts", .product(name: "FlowSimTesting", package: flowsim),
                .product(name: "FlowSimCLI", package: flowsim),
            ] + appleModules,
            path: "LayoutTests/AppLayoutTests", exclude: ["__Goldens__"], resources: [.copy("Scenes")]),
    ]
)
