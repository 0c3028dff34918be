import Foundation

/// Checks of output paths given on the command line, made before any work so that a bad
/// path is an exit-2 error naming the option, not a failure after rendering.
enum OutputPaths {
    /// The system's reason for a Foundation file error ("Permission denied", "Not a directory"),
    /// not "(NSCocoaErrorDomain error 512.)".
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }
}
