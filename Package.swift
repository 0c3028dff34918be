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
        .library(name: "FlowSimRender", targets: ["FlowSimRender"]),
        .library(name: "FlowSimTesting", targets: ["FlowSimTesting"]),
        .library(name: "FlowSimCLI", targets: ["FlowSimCLI"]),
        .library(name: "FlowSimUIKit", targets: ["FlowSimUIKit"]),
        .executable(name: "flowsim", targets: ["FlowSimMain"]),
        .executable(name: "flowsim-port", targets: ["flowsim-port"]),
        .plugin(name: "FlowSimPort", targets: ["FlowSimPortPlugin"]),
    ],
    targets: [
        // Core: geometry, layout, updates, timing, timelines, scenes. Pure Swift, no C.
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
        // libpng (Debian: libpng-dev, pulled in by libcairo2-dev). Only FlowSimRender imports it.
        .systemLibrary(
            name: "CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // libdeflate (Debian: libdeflate-dev): whole-buffer inflate, several times faster than
        // zlib's, for the PNG decoder's fast path. Only FlowSimRender imports it.
        .systemLibrary(
            name: "CLibDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        // giflib (Debian: libgif-dev) for `flowsim render --gif`: the reference GIF codec, kept by
        // Debian for decades; it ships no pkg-config file, so the module map links "gif" itself.
        // Only FlowSimRender (and its tests, which decode GIFs back) import it.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // Scenes: the file format (decoder, style, golden settings), the one scene loader, the
        // simulation that plays a scene on the core's collection view, JSON export, the sample
        // data sets and the load-more simulation. The core knows nothing of it.
        .target(name: "FlowSimScene", dependencies: ["FlowSim"], resources: [.process("Resources")]),
        // Atomic output (a file, a set of files, a folder), its one error type and the marker and
        // cleanup rules. Pure Foundation; internal to the package (not a product).
        .target(name: "FlowSimOutput"),
        .target(
            name: "FlowSimRender",
            dependencies: ["FlowSim", "FlowSimScene", "FlowSimOutput", "CCairo", "CLibPNG", "CLibDeflate", "CGif",
            ]),
        .target(name: "FlowSimTesting", dependencies: ["FlowSim", "FlowSimScene", "FlowSimRender", "FlowSimOutput"]),
        // UIKit's names over FlowSim, so a team's layout file compiles unchanged on Linux.
        .target(name: "FlowSimUIKit", dependencies: ["FlowSim"]),
        // Every command, as a library so teams can build their own `flowsim` with their layouts.
        .target(
            name: "FlowSimCLI", dependencies: ["FlowSim", "FlowSimScene", "FlowSimRender", "FlowSimOutput", "FlowSimPort"]),
        // The `flowsim` executable: a one-line main over FlowSimCLI.
        .executableTarget(name: "FlowSimMain", dependencies: ["FlowSimCLI"]),
        // Benchmarks run by Scripts/bench (release builds); not a product.
        .executableTarget(name: "FlowSimBench", dependencies: ["FlowSim", "FlowSimScene", "FlowSimRender"]),
        // libFuzzer harnesses run by Scripts/fuzz (built with -sanitize=fuzzer -DFUZZING); not a product.
        .executableTarget(name: "FlowSimFuzz", dependencies: ["FlowSim", "FlowSimScene", "FlowSimRender", "FlowSimCLI"]),
        // Rewrites iOS layout files using Objective-C-only features (`@objc optional`, `#selector`,
        // `responds(to:)`, `dynamic`) into Linux-compilable copies. Pure Swift, no dependencies.
        .target(name: "FlowSimPort"),
        // `flowsim-port --output DIR FILE...`: the rewriter alone, run by the FlowSimPort plugin.
        .executableTarget(name: "flowsim-port", dependencies: ["FlowSimPort"]),
        // Build-tool plugin: ports a target's Objective-C-flavoured files at build time.
        .plugin(name: "FlowSimPortPlugin", capability: .buildTool(), dependencies: ["flowsim-port"]),
        .testTarget(name: "FlowSimPortTests", dependencies: ["FlowSimPort"]),
        // A team's `flowsim` whose layouts trap, hang, recurse and allocate without bound: the
        // isolation tests run it as a process. Not a product.
        .executableTarget(
            name: "flowsim-attack-fixtures", dependencies: ["FlowSim", "FlowSimCLI"], path: "Tests/AttackFixtures"),
        // Fixtures and assertions every test target shares.
        .target(
            name: "FlowSimTestSupport", dependencies: ["FlowSim", "FlowSimScene", "FlowSimCLI", "FlowSimRender"],
            path: "Tests/FlowSimTestSupport"),
        .testTarget(name: "FlowSimTests", dependencies: ["FlowSim", "FlowSimScene", "FlowSimTestSupport"]),
        .testTarget(
            name: "FlowSimRenderTests",
            dependencies: ["FlowSimTestSupport", "FlowSimRender", "FlowSim", "FlowSimScene", "FlowSimOutput", "CGif"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "FlowSimTestingTests",
            dependencies: ["FlowSimTestSupport", "FlowSimTesting", "FlowSim", "FlowSimScene", "FlowSimRender", "FlowSimOutput"]),
        // The compatibility layouts in Layouts/ are written as iOS teams write them; they build
        // with -warnings-as-errors, as teams build them (a `default:` over UIKit's non-frozen
        // enums, discarded results of `super` calls …, all without a warning).
        .testTarget(
            name: "FlowSimUIKitTests",
            dependencies: ["FlowSimTestSupport", "FlowSimUIKit", "FlowSim", "FlowSimScene", "FlowSimCLI", "FlowSimTesting", "FlowSimRender"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(
            name: "FlowSimCLITests",
            dependencies: ["FlowSimTestSupport", "FlowSimCLI", "FlowSim", "FlowSimScene", "FlowSimRender", "FlowSimOutput"]),
    ]
)
