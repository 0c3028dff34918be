import Foundation

/// An error a command reports to the person who ran it, with the exit status it maps to.
///
/// Exit statuses follow one rule across FlowSim: 0 success, 1 differences or failed checks
/// (a *result*, reported by returning 1, never thrown), 2 usage or input errors.
public struct CommandError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var exitCode: Int32

    public init(_ message: String, exitCode: Int32 = 2) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A usage or input error: exit status 2.
    public static func usage(_ message: String) -> CommandError { CommandError(message) }

    public var description: String { message }
}
