import Foundation

/// The states of a list that loads more: `normal`, `loadingMore` and `noMoreData` (often written
/// `.Normal`, `.LoadingMore`, `.NoLoadMore` in UIKit list controllers).
public enum LoadMoreState: String, Equatable, Sendable, CaseIterable {
    /// Idle: a display near the end may request the next page.
    case normal
    /// A request is in flight; the loading cell is the last item.
    case loadingMore
    /// A page came back shorter than the limit (or empty): nothing more to load.
    case noMoreData
}

/// One page request: `limit` items from `startIndex`, as a paginated API such as `getBooks(withStartIndex:Limit:)` takes them.
public struct PageRequest: Equatable, Hashable, Sendable {
    public var startIndex: Int
    public var limit: Int

    public init(startIndex: Int, limit: Int) {
        self.startIndex = startIndex
        self.limit = limit
    }
}

/// A failed page load (what an API's error callback reports).
public struct PageLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
