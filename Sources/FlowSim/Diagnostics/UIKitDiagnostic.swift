import Foundation

/// One thing UIKit would log or raise while running a layout: which check, where, and UIKit's own
/// text with its placeholders filled (so a search for the line finds the forum thread about it).
///
/// UIKit reports these in two ways, and so does FlowSim: a console line the app survives
/// (`.log`), or an exception that ends it (`.exception`, with UIKit's exception name). A value,
/// not prose: commands print it, `--strict` fails on it, tests assert on its fields.
public struct UIKitDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The runtime checks FlowSim reproduces (docs/diagnostics.md lists each with its evidence).
    public enum Check: String, Hashable, Sendable, CaseIterable {
        /// A flow layout item larger than the collection view minus its insets.
        case itemTooLarge
        /// A flow-layout subclass changed attributes super returned without copying them.
        case cachedFrameMismatch
        /// Attributes for an index path the data source does not have.
        case invalidIndexPath
        /// A negative (or, for `itemSize`, zero) size.
        case invalidSize
        /// A frame or center that is NaN or infinite.
        case nonFiniteFrame
        /// A batch update the data source's counts contradict.
        case invalidBatchUpdates
        /// A diffable snapshot UIKit refuses (duplicate identifiers, …).
        case invalidSnapshot
        /// A snapshot applied from inside another apply.
        case reentrantApply
        /// A compositional layout that cannot be solved.
        case invalidCompositionalLayout
        /// A section's group with flexible edge spacing along the section's axis (ignored).
        case flexibleSpacingAlongLayoutAxis
        /// A compositional item with content insets along an axis its size estimates (ignored).
        case insetsAlongEstimatedAxis
        /// A compositional dimension of 0 or less (UIKit logs it as it is made).
        case invalidDimension
    }

    /// How UIKit reports it.
    public enum Severity: String, Hashable, Sendable {
        /// A console line; the app goes on.
        case log
        /// An exception; the app stops.
        case exception
    }

    public let check: Check
    public let severity: Severity
    /// UIKit's exception name (`NSInternalInconsistencyException`, …) for `.exception`.
    public let exceptionName: String?
    /// UIKit's text, placeholders filled; several lines where UIKit prints several.
    public let message: String
    /// The element the finding is about, when there is one.
    public let indexPath: IndexPath?
    /// The element kind (nil for cells and for findings about no element).
    public let elementKind: String?
    /// The layout's class name as UIKit would print it (`ParallaxFlowLayout`).
    public let layoutClass: String?

    public init(
        check: Check, severity: Severity, exceptionName: String? = nil, message: String,
        indexPath: IndexPath? = nil, elementKind: String? = nil, layoutClass: String? = nil
    ) {
        self.check = check
        self.severity = severity
        self.exceptionName = severity == .exception ? (exceptionName ?? "NSInternalInconsistencyException") : nil
        self.message = message
        self.indexPath = indexPath
        self.elementKind = elementKind
        self.layoutClass = layoutClass
    }

    /// `warning: <UIKit's text>` for logs, `*** Terminating app due to uncaught exception '<name>',
    /// reason: '<text>'` for exceptions (UIKit's own console wording for an uncaught exception).
    public var description: String {
        switch severity {
        case .log: return "warning: \(message)"
        case .exception:
            return "*** Terminating app due to uncaught exception '\(exceptionName ?? "")', reason: '\(message)'"
        }
    }
}
