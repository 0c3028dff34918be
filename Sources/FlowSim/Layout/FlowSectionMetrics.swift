import Foundation

/// The values that shape one section of a flow layout: the layout's own properties, or the
/// delegate's per-section answers where it gives them.
public struct FlowSectionMetrics: Equatable, Sendable {
    public var itemSize: CGSize
    public var inset: EdgeInsets
    public var minimumLineSpacing: CGFloat
    public var minimumInteritemSpacing: CGFloat
    public var headerReferenceSize: CGSize
    public var footerReferenceSize: CGSize

    public init(
        itemSize: CGSize = CGSize(width: 50, height: 50), inset: EdgeInsets = .zero,
        minimumLineSpacing: CGFloat = 10, minimumInteritemSpacing: CGFloat = 10,
        headerReferenceSize: CGSize = .zero, footerReferenceSize: CGSize = .zero
    ) {
        self.itemSize = itemSize
        self.inset = inset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
    }
}

/// One section to solve: its metrics, its item count, and per-item sizes when they differ.
public struct FlowSectionInput: Sendable {
    public var metrics: FlowSectionMetrics
    public var itemCount: Int
    /// Per-item sizes (the delegate's `sizeForItemAt`); nil when every item is `metrics.itemSize`.
    public var itemSizes: [CGSize]?
    /// Self-sized items (`estimatedItemSize`): UIKit lays such a section out through the
    /// non-uniform path even when every size is equal, so a section whose every line holds one
    /// item centres it.
    public var isSelfSizing: Bool

    public init(
        metrics: FlowSectionMetrics, itemCount: Int, itemSizes: [CGSize]? = nil, isSelfSizing: Bool = false
    ) {
        self.metrics = metrics
        self.itemCount = itemCount
        self.itemSizes = itemSizes
        self.isSelfSizing = isSelfSizing
    }
}
