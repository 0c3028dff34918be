import Foundation
import XCTest

/// A real headless browser for the tests that check HTML pages (the report, the preview):
/// Debian's `chromium` (installed by `Scripts/test`), or the browser in `FLOWSIM_BROWSER`.
public enum HeadlessBrowser {
    /// The browser's path, nil when none is installed.
    public static func find() -> String? {
        var candidates: [String] = []
        if let path = ProcessInfo.processInfo.environment["FLOWSIM_BROWSER"], !path.isEmpty { candidates.append(path) }
        candidates += [
            "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the browser headless on `url` with `arguments` (`--dump-dom`, `--screenshot=…`) and a
    /// fresh profile folder; returns its standard output, or throws `XCTSkip` without a browser.
    /// Fails the test when the browser takes more than `timeout` seconds.
    public static func run(
        _ url: String, arguments: [String], profile: URL, extra: [String] = [], timeout: Double = 90,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        guard let browser = find() else {
            throw XCTSkip("no headless browser found (install Debian's chromium package or set FLOWSIM_BROWSER)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                "--user-data-dir=\(profile.path)", "--virtual-time-budget=5000",
            ] + extra + arguments + [url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue(label: "browser-output").async {
            box.data = output.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            XCTFail("the browser did not finish within \(Int(timeout)) s", file: file, line: line)
        }
        process.waitUntilExit()
        return String(decoding: box.data, as: UTF8.self)
    }
}
