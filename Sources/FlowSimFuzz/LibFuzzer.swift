#if FUZZING
    import Foundation

    /// libFuzzer's driver, linked in by `-sanitize=fuzzer`. SwiftPM links executables with
    /// `--defsym main=FlowSimFuzz_main`, so this target keeps its own `main` and hands control to
    /// the driver (rather than defining `LLVMFuzzerTestOneInput` and relying on libFuzzer's `main`).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    enum LibFuzzer {
        nonisolated(unsafe) static var target = FuzzTarget.json

        static func run(_ target: FuzzTarget) -> Never {
            Self.target = target
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
                    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
                    LibFuzzer.target.run(data)
                    return 0
                })
        }
    }
#endif
