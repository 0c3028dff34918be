// swift-tools-version:5.9
// FlowSim: UICollectionViewFlowLayout frames, batch-update animations, Cairo rendering and
// image comparison on Linux. No package dependencies: system libraries come from Debian
// packages through pkg-config system-library targets.
import PackageDescription

let package = Package(
    name: "FlowSim",
    products: [
        .library(name: "FlowSim", targets: ["FlowSim"]),
        .library(name: "FlowSimScene", targets: ["FlowSimScene"]),
        .library(name: "FlowSimImage", targets: ["FlowSimImage"]),
        .library(name: "FlowSimRender", targets: ["FlowSimRender"]),
        .library(name: "FlowSimGoldens", targets: ["FlowSimGoldens"]),
        .library(name: "FlowSimTesting", targets: ["FlowSimTesting"]),
        .library(name: "FlowSimCLI", targets: ["FlowSimCLI"]),
        .library(name: "FlowSimUIKit", targets: ["FlowSimUIKit"]),
        .executable(name: "flowsim", targets: ["FlowSimMain"]),
        .executable(name: "flowsim-port", targets: ["flowsim-port"]),
        .plugin(name: "FlowSimPort", targets: ["FlowSimPortPlugin"]),
    ],
    targets: [
        // Core: geometry, collection view, layouts, updates, timing, timelines. Pure Swift; it
        // knows no files, scenes, images or flags.
        .target(name: "FlowSim", dependencies: ["CUIKitEnums"]),
        // UIKit's non-frozen enums (scroll direction, element category, update action …) declared
        // as UIKit declares them, C enums with open extensibility, so `default:` over them compiles
        // without a warning as it does against UIKit. A header only: no library, no package.
        .systemLibrary(name: "CUIKitEnums"),
        // Cairo with its FreeType font backend (Debian: libcairo2-dev, libfreetype-dev): text is
        // drawn with a font file FlowSim names, not fontconfig's choice. Only FlowSimRender imports it.
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]),
        // libpng (Debian: libpng-dev, pulled in by libcairo2-dev). Only FlowSimImage imports it.
        .systemLibrary(
            name: "CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // libdeflate (Debian: libdeflate-dev): whole-buffer inflate, several times faster than
        // zlib's, for the PNG decoder's fast path. Only FlowSimImage imports it.
        .systemLibrary(
            name: "CLibDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        // giflib (Debian: libgif-dev) for `flowsim render --gif`: the reference GIF codec, kept by
        // Debian for decades; it ships no pkg-config file, so the module map links "gif" itself.
        // Only FlowSimImage (and the render tests, which decode GIFs back) import it.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // Leaves: generic helpers every layer above the core uses (a JSON document and parser,
        // number formatting, "did you mean", text made safe for messages), and the render style
        // (colours, fonts, corner radius) a scene's `"style"` decodes into and Render draws with.
        .target(name: "FlowSimSupport"),
        .target(name: "FlowSimStyle"),
        // Scenes: the file format (decoder, golden settings), the one scene loader, the
        // simulation that plays a scene on the core's collection view, JSON export, the sample
        // data sets and the load-more simulation. The core knows nothing of it.
        .target(
            name: "FlowSimScene", dependencies: ["FlowSim", "FlowSimSupport", "FlowSimStyle"],
            resources: [.process("Resources")]),
        // Atomic output (a file, a set of files, a folder), its one error type and the marker and
        // cleanup rules. Pure Foundation; internal to the package (not a product).
        .target(name: "FlowSimOutput"),
        // Images without FlowSim or Cairo: RGBA buffers, the PNG, APNG and GIF codecs, and the
        // exact and pixelmatch comparators.
        .target(name: "FlowSimImage", dependencies: ["FlowSimOutput", "FlowSimSupport", "CLibPNG", "CLibDeflate", "CGif"]),
        // Drawing with Cairo: frames of the core's presented elements in a render style, contact
        // sheets, spring plots, and the render loop that feeds frames to the image codecs. It
        // does not know scenes.
        .target(name: "FlowSimRender", dependencies: ["FlowSim", "FlowSimSupport", "FlowSimStyle", "FlowSimImage", "FlowSimOutput", "CCairo"]),
        // Goldens: a scene's golden points and manifest, the suite that records or compares them,
        // and the reports (HTML, JUnit, Markdown summary) of a run.
        .target(
            name: "FlowSimGoldens",
            dependencies: [
                "FlowSim", "FlowSimSupport", "FlowSimStyle", "FlowSimScene", "FlowSimImage", "FlowSimRender",
                "FlowSimOutput",
            ]),
        .target(
            name: "FlowSimTesting",
            dependencies: [
                "FlowSim", "FlowSimStyle", "FlowSimScene", "FlowSimImage", "FlowSimRender", "FlowSimGoldens", "FlowSimOutput",
            ]),
        // UIKit's names over FlowSim, so a team's layout file compiles unchanged on Linux.
        .target(name: "FlowSimUIKit", dependencies: ["FlowSim"]),
        // Every command, as a library so teams can build their own `flowsim` with their layouts.
        .target(
            name: "FlowSimCLI",
            dependencies: [
                "FlowSim", "FlowSimSupport", "FlowSimScene", "FlowSimImage", "FlowSimRender", "FlowSimGoldens",
                "FlowSimOutput", "FlowSimPort",
            ]),
        // The `flowsim` executable: a one-line main over FlowSimCLI.
        .executableTarget(name: "FlowSimMain", dependencies: ["FlowSimCLI"]),
        // Benchmarks run by Scripts/bench (release builds); not a product.
        .executableTarget(
            name: "FlowSimBench", dependencies: ["FlowSim", "FlowSimSupport", "FlowSimScene", "FlowSimImage", "FlowSimRender"]),
        // libFuzzer harnesses run by Scripts/fuzz (built with -sanitize=fuzzer -DFUZZING); not a product.
        .executableTarget(
            name: "FlowSimFuzz",
            dependencies: [
                "FlowSim", "FlowSimSupport", "FlowSimScene", "FlowSimImage", "FlowSimRender", "FlowSimGoldens", "FlowSimCLI",
            ]),
        // Rewrites iOS layout files using Objective-C-only features (`@objc optional`, `#selector`,
        // `responds(to:)`, `dynamic`) into Linux-compilable copies. Pure Swift, no dependencies.
        .target(name: "FlowSimPort"),
        // `flowsim-port --output DIR FILE...`: the rewriter alone, run by the FlowSimPort plugin. It
        // shares `flowsim port`'s input rules (FlowSimPort's PortInputs) and atomic output
        // (FlowSimOutput, pure Foundation) without FlowSimCLI's Cairo and image codecs.
        .executableTarget(name: "flowsim-port", dependencies: ["FlowSimPort", "FlowSimOutput"]),
        // Build-tool plugin: ports a target's Objective-C-flavoured files at build time.
        .plugin(name: "FlowSimPortPlugin", capability: .buildTool(), dependencies: ["flowsim-port"]),
        .testTarget(name: "FlowSimPortTests", dependencies: ["FlowSimPort", "FlowSimCoreTestSupport"]),
        // A team's `flowsim` whose layouts trap, hang, recurse and allocate without bound: the
        // isolation tests run it as a process. Not a product.
        .executableTarget(
            name: "flowsim-attack-fixtures", dependencies: ["FlowSim", "FlowSimCLI"], path: "Tests/AttackFixtures"),
        // Fixtures and assertions the core tests use (collection-view builders, rect assertions, the
        // seeded generator, `packageRoot`): FlowSim and FlowSimScene only, so no Cairo.
        .target(
            name: "FlowSimCoreTestSupport", dependencies: ["FlowSim", "FlowSimScene"],
            path: "Tests/FlowSimCoreTestSupport"),
        // The core support plus the CLI runner and image fixtures, for the tests above the core.
        .target(
            name: "FlowSimTestSupport",
            dependencies: [
                "FlowSimCoreTestSupport", "FlowSim", "FlowSimScene", "FlowSimCLI", "FlowSimImage", "FlowSimRender",
            ],
            path: "Tests/FlowSimTestSupport"),
        // The core's tests: FlowSim and the core support only (DependencyRuleTests checks their imports).
        .testTarget(name: "FlowSimTests", dependencies: ["FlowSim", "FlowSimCoreTestSupport"]),
        // The scene module's tests: decoder, simulation, devices, pagination, export, sample data.
        .testTarget(
            name: "FlowSimSceneTests",
            dependencies: [
                "FlowSim", "FlowSimSupport", "FlowSimStyle", "FlowSimScene", "FlowSimCoreTestSupport",
            ]),
        .testTarget(
            name: "FlowSimRenderTests",
            dependencies: [
                "FlowSimTestSupport", "FlowSimStyle", "FlowSimImage", "FlowSimRender", "FlowSimGoldens", "FlowSim",
                "FlowSimScene", "FlowSimOutput", "CGif",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "FlowSimTestingTests",
            dependencies: [
                "FlowSimTestSupport", "FlowSimTesting", "FlowSim", "FlowSimScene", "FlowSimImage", "FlowSimRender",
                "FlowSimGoldens", "FlowSimOutput",
            ]),
        // The compatibility layouts in Layouts/ are written as iOS teams write them; they build
        // with -warnings-as-errors, as teams build them (a `default:` over UIKit's non-frozen
        // enums, discarded results of `super` calls …, all without a warning).
        .testTarget(
            name: "FlowSimUIKitTests",
            dependencies: [
                "FlowSimTestSupport", "FlowSimUIKit", "FlowSim", "FlowSimSupport", "FlowSimScene", "FlowSimCLI",
                "FlowSimTesting", "FlowSimRender",
            ],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(
            name: "FlowSimCLITests",
            dependencies: [
                "FlowSimTestSupport", "FlowSimCLI", "FlowSim", "FlowSimSupport", "FlowSimScene", "FlowSimImage",
                "FlowSimRender", "FlowSimGoldens", "FlowSimOutput",
            ]),
    ]
)

// MARK: Apple's module names on Linux
// `import UIKit`, `import CoreGraphics`, `import QuartzCore`, `import AVFoundation` and per-header
// submodules (`import UIKit.UICollectionView`) for Linux builds of an app's files, unedited. Each
// re-exports FlowSimUIKit and Foundation (AVFoundation: Foundation and `AVMakeRect` only; `import os`:
// logging calls that print nothing unless FLOWSIM_OS_LOG=1).
// Modules under Apple's names are built only when the manifest is evaluated on Linux: on a Mac
// they would hide Apple's frameworks from FlowSim's own sources and clash with the SDK's module
// maps. Elsewhere the products exist (so a team's manifest resolves everywhere) and hold
// FlowSimUIKit alone, which compiles to nothing next to Apple's UIKit; a team depends on them
// with `condition: .when(platforms: [.linux])`, as the guide does.
let appleModuleNames = ["UIKit", "CoreGraphics", "QuartzCore", "AVFoundation", "os"]
#if os(Linux)
    package.products += appleModuleNames.map { .library(name: $0, targets: [$0]) }
    package.targets += [
        // Clang module maps under Apple's names, with submodules and no C declarations.
        .systemLibrary(name: "CAppleSubmodules"),
        .target(name: "UIKit", dependencies: ["FlowSimUIKit", "CAppleSubmodules"]),
        .target(name: "CoreGraphics", dependencies: ["FlowSimUIKit", "CAppleSubmodules"]),
        .target(name: "QuartzCore", dependencies: ["FlowSimUIKit", "CAppleSubmodules"]),
        // `AVMakeRect(aspectRatio:insideRect:)` over Foundation: waterfall layouts call it, and
        // some layout files import AVFoundation without using it (MessageKit's flow layout).
        .target(name: "AVFoundation"),
        // `os_log`, `Logger` and `OSLog` as no-ops (standard error under FLOWSIM_OS_LOG=1), so a
        // layout that logs compiles and prints nothing; `import os.log` resolves through the module map.
        .target(name: "os", dependencies: ["CAppleSubmodules"]),
    ]
    // The compatibility layouts' `#if canImport(UIKit)` finds the Linux UIKit module on every build.
    // Its waterfall pattern test calls AVFoundation's `AVMakeRect`, as the tutorials' delegates do.
    package.targets.first { $0.name == "FlowSimUIKitTests" }?.dependencies += ["UIKit", "AVFoundation", "os"]

    // MARK: The team's path
    // An app repository's layout folder (Tests/Fixtures/TeamApp/App/Layout), compiled where it is,
    // as it is (internal classes, `import UIKit`, class names FlowSim also uses), and the tests that
    // drive it through FlowSim's UIKit modules, FlowSimTesting and FlowSimCLI as a team does.
    let linuxAppleModules: [Target.Dependency] = appleModuleNames.map { .target(name: $0) }
    package.targets += [
        .target(
            name: "TeamAppLayouts", dependencies: linuxAppleModules, path: "Tests/Fixtures/TeamApp/App/Layout",
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        // A layout built with `-swift-version 4`, UIKit's pre-4.2 names and all.
        .target(
            name: "Swift4AppLayouts", dependencies: linuxAppleModules, path: "Tests/Fixtures/Swift4App",
            swiftSettings: [.unsafeFlags(["-swift-version", "4", "-warnings-as-errors"])]),
        .testTarget(
            name: "TeamPathTests",
            dependencies: [
                "TeamAppLayouts", "Swift4AppLayouts", "FlowSimTesting", "FlowSimCLI", "FlowSimCoreTestSupport",
            ] + linuxAppleModules,
            exclude: ["Scenes"], swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    ]
#else
    package.products += appleModuleNames.map { .library(name: $0, targets: ["FlowSimUIKit"]) }
#endif
