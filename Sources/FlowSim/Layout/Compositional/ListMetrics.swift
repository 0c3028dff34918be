import Foundation

/// The one table of list metrics FlowSim uses for `ListConfiguration`. UIKit keeps these in
/// `_UIListMetrics` (Swift, not decompiled), so every value here is an approximation for an
/// iPhone on iOS 17–18 with the default Dynamic Type size, from Apple's Human Interface
/// Guidelines (44 pt minimum row height) and the long-standing table-view defaults (35 pt
/// between grouped sections, 16/20 pt system margins). Correct a value here and every list follows.
public struct ListMetrics: Equatable, Sendable {
    /// The estimated row height (rows are laid out at the estimate: no self-sizing yet).
    public var rowHeight: CGFloat
    /// Leading and trailing section inset (insetGrouped: the system margin; others 0).
    public var horizontalInset: CGFloat
    /// Space above a section without a header (grouped styles).
    public var sectionTopWithoutHeader: CGFloat
    /// Space below a section without a footer.
    public var sectionBottomWithoutFooter: CGFloat
    /// Estimated header and footer heights.
    public var headerHeight: CGFloat
    public var footerHeight: CGFloat
    /// Plain lists keep their headers at the top while their section scrolls past.
    public var pinsHeaders: Bool
    /// Corner radius of insetGrouped sections (10 up to iOS 18, 26 on iOS 26); not drawn.
    public var cornerRadius: CGFloat

    /// The metrics of `appearance` in a container `containerWidth` wide (the system margin is 20
    /// from 414 pt wide, else 16).
    public static func metrics(for appearance: ListConfiguration.Appearance, containerWidth: CGFloat) -> ListMetrics {
        let margin: CGFloat = containerWidth >= 414 ? 20 : 16
        switch appearance {
        case .plain, .sidebarPlain:
            return ListMetrics(
                rowHeight: 44, horizontalInset: 0, sectionTopWithoutHeader: 0, sectionBottomWithoutFooter: 0,
                headerHeight: 28, footerHeight: 28, pinsHeaders: appearance == .plain, cornerRadius: 0)
        case .grouped:
            return ListMetrics(
                rowHeight: 44, horizontalInset: 0, sectionTopWithoutHeader: 35, sectionBottomWithoutFooter: 0,
                headerHeight: 38, footerHeight: 38, pinsHeaders: false, cornerRadius: 0)
        case .insetGrouped:
            return ListMetrics(
                rowHeight: 44, horizontalInset: margin, sectionTopWithoutHeader: 35, sectionBottomWithoutFooter: 0,
                headerHeight: 38, footerHeight: 38, pinsHeaders: false, cornerRadius: 10)
        case .sidebar:
            return ListMetrics(
                rowHeight: 44, horizontalInset: 10, sectionTopWithoutHeader: 0, sectionBottomWithoutFooter: 0,
                headerHeight: 38, footerHeight: 28, pinsHeaders: false, cornerRadius: 10)
        }
    }
}
