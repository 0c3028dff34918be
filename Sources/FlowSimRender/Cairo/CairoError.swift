import CCairo

/// A Cairo failure: the `cairo_status_t` and Cairo's own description of it
/// (`cairo_status_to_string`), plus what FlowSim was doing when it happened.
public struct CairoError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The raw `cairo_status_t` value.
    public let status: UInt32
    /// Cairo's text for the status, e.g. "invalid value (typically too big) for the size of the
    /// input (surface, pattern, etc.)".
    public let message: String
    /// What was being attempted ("create image surface 0×-1", "read PNG /x.png", …).
    public let operation: String

    init(status: cairo_status_t, operation: String) {
        self.status = status.rawValue
        self.message = String(cString: cairo_status_to_string(status))
        self.operation = operation
    }

    public var description: String { "Cairo: \(operation): \(message)" }

    /// Throws when `status` is not `CAIRO_STATUS_SUCCESS`.
    static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws {
        if status != CAIRO_STATUS_SUCCESS {
            throw CairoError(status: status, operation: operation())
        }
    }
}
