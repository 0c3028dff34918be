// `import os` (and `import os.log`) on Linux: the unified-logging calls layout files make while
// they are developed (`os_log`, `Logger`, `OSLog`, `OSSignposter` is not among them). Logging
// must not change what FlowSim prints, so every call is a no-op unless the environment variable
// FLOWSIM_OS_LOG is "1", when the message goes to standard error (never standard output, which
// holds the CLI's byte-stable reports). Messages are only built then: the arguments of a
// disabled call are never evaluated, as Apple's logging defers them.
//
// Only for Linux: on Apple platforms this module is empty and must never be built into an app.
#if !canImport(Darwin)
    import Foundation

    /// Whether logging writes to standard error (FLOWSIM_OS_LOG=1); read once per process.
    let osLogWritesToStandardError = ProcessInfo.processInfo.environment["FLOWSIM_OS_LOG"] == "1"

    func writeToStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Apple's `OSLogType`: the level of a message.
    public struct OSLogType: Equatable, Hashable, Sendable {
        public let rawValue: UInt8
        public init(_ rawValue: UInt8) { self.rawValue = rawValue }
        public static let `default` = OSLogType(0x00)
        public static let info = OSLogType(0x01)
        public static let debug = OSLogType(0x02)
        public static let error = OSLogType(0x10)
        public static let fault = OSLogType(0x11)

        var label: String {
            switch self {
            case .info: return "info"
            case .debug: return "debug"
            case .error: return "error"
            case .fault: return "fault"
            default: return "default"
            }
        }
    }

    /// Apple's `OSLog`: a subsystem and category messages are filed under.
    public final class OSLog: NSObject, @unchecked Sendable {
        public let subsystem: String
        public let category: String
        let enabled: Bool

        public init(subsystem: String, category: String) {
            self.subsystem = subsystem
            self.category = category
            enabled = true
        }

        init(disabledWithName name: String) {
            subsystem = name
            category = ""
            enabled = false
        }

        /// Apple's `OSLog.default` and `OSLog.disabled`.
        public static let `default` = OSLog(subsystem: "", category: "")
        public static let disabled = OSLog(disabledWithName: "disabled")

        /// Apple's `isEnabled(type:)`: whether a message of `type` would be written.
        public func isEnabled(type: OSLogType) -> Bool { enabled && osLogWritesToStandardError }

        func write(_ type: OSLogType, _ message: () -> String) {
            guard isEnabled(type: type) else { return }
            let place = category.isEmpty ? subsystem : "\(subsystem):\(category)"
            writeToStandardError("[\(type.label)]\(place.isEmpty ? "" : " [\(place)]") \(message())")
        }
    }

    /// Apple's `os_log(_:log:type:_:)`: a printf-style message (`%@`, `%d`, `%{public}@` …).
    public func os_log(_ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ args: CVarArg...) {
        log.write(type) { formatted(message, args) }
    }

    /// Apple's `os_log(_:dso:log:_:_:)` (the type before the message).
    public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: StaticString, _ args: CVarArg...) {
        log.write(type) { formatted(message, args) }
    }

    /// A printf format with os_log's privacy markers (`%{public}@`, `%{private}d`) removed.
    func formatted(_ message: StaticString, _ args: [CVarArg]) -> String {
        var format = message.description
        for marker in ["{public}", "{private}", "{sensitive}"] {
            format = format.replacingOccurrences(of: marker, with: "")
        }
        return String(format: format, arguments: args)
    }

    /// Apple's `OSLogPrivacy` (carried; FlowSim redacts nothing, it writes only when asked).
    public struct OSLogPrivacy: Equatable, Sendable {
        let name: String
        public static let auto = OSLogPrivacy(name: "auto")
        public static let `public` = OSLogPrivacy(name: "public")
        public static let `private` = OSLogPrivacy(name: "private")
        public static let sensitive = OSLogPrivacy(name: "sensitive")
        public static func `private`(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { .private }
        public static func auto(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { .auto }
        public static func sensitive(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { .sensitive }
        /// Apple's `OSLogPrivacy.Mask` (`.hash`, `.none`).
        public struct Mask: Equatable, Sendable {
            let name: String
            public static let hash = Mask(name: "hash")
            public static let none = Mask(name: "none")
        }
    }

    /// Apple's `OSLogIntegerFormatting` (carried; values print in decimal).
    public struct OSLogIntegerFormatting: Sendable {
        public static let decimal = OSLogIntegerFormatting()
        public static let hex = OSLogIntegerFormatting()
        public static let octal = OSLogIntegerFormatting()
        public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int? = nil) -> OSLogIntegerFormatting
        {
            OSLogIntegerFormatting()
        }
        public static func hex(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false)
            -> OSLogIntegerFormatting
        { OSLogIntegerFormatting() }
    }

    /// Apple's `OSLogFloatFormatting`: `.fixed(precision:)` is honoured, the rest print as `\(value)`.
    public struct OSLogFloatFormatting: Sendable {
        let precision: Int?
        public static let fixed = OSLogFloatFormatting(precision: 6)
        public static let exponential = OSLogFloatFormatting(precision: nil)
        public static let hybrid = OSLogFloatFormatting(precision: nil)
        public static func fixed(precision: Int, explicitPositiveSign: Bool = false) -> OSLogFloatFormatting {
            OSLogFloatFormatting(precision: precision)
        }
    }

    /// Apple's `OSLogStringAlignment` (carried; strings print unpadded).
    public struct OSLogStringAlignment: Sendable {
        public static let none = OSLogStringAlignment()
        public static func left(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment() }
        public static func right(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment() }
    }

    /// Apple's `OSLogMessage`: the interpolated string `Logger`'s methods take, with privacy
    /// and format arguments. Each value is kept as a closure, run only when the message is written.
    public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
        public struct StringInterpolation: StringInterpolationProtocol {
            var parts: [() -> String] = []
            public init(literalCapacity: Int, interpolationCount: Int) {}
            public mutating func appendLiteral(_ literal: String) { parts.append { literal } }
            public mutating func appendInterpolation<T>(
                _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none,
                privacy: OSLogPrivacy = .auto
            ) { parts.append { "\(value())" } }
            public mutating func appendInterpolation<T: BinaryInteger>(
                _ value: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting,
                align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
            ) { parts.append { "\(value())" } }
            public mutating func appendInterpolation<T: BinaryFloatingPoint & CVarArg>(
                _ value: @autoclosure @escaping () -> T, format: OSLogFloatFormatting,
                align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
            ) {
                parts.append {
                    let number = value()
                    guard let precision = format.precision else { return "\(number)" }
                    return String(format: "%.\(precision)f", Double(number))
                }
            }
        }

        let interpolation: StringInterpolation
        public init(stringInterpolation: StringInterpolation) { interpolation = stringInterpolation }
        public init(stringLiteral value: String) {
            var interpolation = StringInterpolation(literalCapacity: value.count, interpolationCount: 0)
            interpolation.appendLiteral(value)
            self.interpolation = interpolation
        }

        var text: String { interpolation.parts.map { $0() }.joined() }
    }

    /// Apple's `Logger` (iOS 14): leveled messages under a subsystem and category.
    public struct Logger: @unchecked Sendable {
        let log: OSLog

        public init() { log = .default }
        public init(subsystem: String, category: String) { log = OSLog(subsystem: subsystem, category: category) }
        public init(_ log: OSLog) { self.log = log }

        public func log(_ message: OSLogMessage) { log.write(.default) { message.text } }
        public func log(level: OSLogType, _ message: OSLogMessage) { log.write(level) { message.text } }
        public func trace(_ message: OSLogMessage) { log.write(.debug) { message.text } }
        public func debug(_ message: OSLogMessage) { log.write(.debug) { message.text } }
        public func info(_ message: OSLogMessage) { log.write(.info) { message.text } }
        public func notice(_ message: OSLogMessage) { log.write(.default) { message.text } }
        public func warning(_ message: OSLogMessage) { log.write(.error) { message.text } }
        public func error(_ message: OSLogMessage) { log.write(.error) { message.text } }
        public func critical(_ message: OSLogMessage) { log.write(.fault) { message.text } }
        public func fault(_ message: OSLogMessage) { log.write(.fault) { message.text } }
    }
#endif
