import Foundation

/// The "load more" state machine of a paginated list, apart from any view controller:
///
/// - `normal` → `loadingMore` when a cell at item > numberOfItems − `threshold` is displayed
///   (`indexPath.row > numberOfItems(inSection: 0) − 6` in `cellForItemAt`, the usual trigger); a
///   request is made only in `normal`, so never two are in flight.
/// - `loadingMore` → `normal` on a page of exactly `limit` items: they are appended and
///   `startIndex` advances by the number received.
/// - `loadingMore` → `noMoreData` on a page of fewer than `limit` items (none included): they
///   are appended and nothing is requested again.
/// - `loadingMore` → `normal` on an error, `startIndex` unchanged, so a later display near the
///   end retries the same page.
///
/// Two bugs common in such controllers are deliberately not copied: an `errorBlock` that only
/// stops the indicator and leaves the state `.LoadingMore` for ever (no page is ever requested
/// again), and an `addEntityForSection` that appends the whole array *as one element* to a *copy* of the section
/// (`listItemAtSection.append(newItems as AnyObject)` on a `var`), so the items never reach
/// the data and `startIndex` (read from the unchanged count) never advances. Such controllers also
/// return the loading cell *in place of* the threshold item; here it is an extra last item
/// shown while `loadingMore` (`showsLoadingCell`).
public struct LoadMoreController<Item> {
    public static var defaultLimit: Int { 20 }
    public static var defaultThreshold: Int { 6 }

    public private(set) var state: LoadMoreState = .normal
    /// Page size (`limit`), ≥ 1.
    public let limit: Int
    /// A display of item > numberOfItems − threshold requests the next page, ≥ 1.
    public let threshold: Int
    /// Index of the first item of the next page (`startIndex`).
    public private(set) var startIndex = 0
    /// Every item received, in order.
    public private(set) var items: [Item] = []
    /// The request in flight, if any.
    public private(set) var pendingRequest: PageRequest?

    public init(limit: Int = defaultLimit, threshold: Int = defaultThreshold) {
        self.limit = max(1, limit)
        self.threshold = max(1, threshold)
    }

    /// Whether the loading cell is shown as the last item.
    public var showsLoadingCell: Bool { state == .loadingMore }

    /// Whether displaying `item` is close enough to the end to ask for more: item > count − threshold.
    public func isNearEnd(_ item: Int) -> Bool { item > items.count - threshold }

    /// A cell at `item` was displayed: returns the request to make, if this display makes one
    /// (only in `normal`, only near the end). The state is then `loadingMore`.
    public mutating func cellDisplayed(at item: Int) -> PageRequest? {
        guard state == .normal, isNearEnd(item) else { return nil }
        return beginRequest()
    }

    /// Starts a request without a display (the first page, or a pull by the app): only in `normal`.
    public mutating func loadMore() -> PageRequest? {
        guard state == .normal else { return nil }
        return beginRequest()
    }

    private mutating func beginRequest() -> PageRequest {
        let request = PageRequest(startIndex: startIndex, limit: limit)
        state = .loadingMore
        pendingRequest = request
        return request
    }

    /// What a response did.
    public enum Outcome: Equatable, Sendable {
        /// Appended `count` items; the new state is `normal` or `noMoreData`.
        case appended(count: Int)
        /// An error: back to `normal`, `startIndex` unchanged.
        case failed
        /// Not the request in flight (stale or duplicate): nothing changed.
        case ignored
    }

    /// Handles the response to `request` (a page of items, or an error).
    @discardableResult
    public mutating func handle(_ result: Result<[Item], PageLoadError>, for request: PageRequest) -> Outcome {
        guard state == .loadingMore, pendingRequest == request else { return .ignored }
        pendingRequest = nil
        switch result {
        case .failure:
            state = .normal
            return .failed
        case .success(let page):
            items.append(contentsOf: page)
            startIndex += page.count
            state = page.count < limit ? .noMoreData : .normal
            return .appended(count: page.count)
        }
    }
}
