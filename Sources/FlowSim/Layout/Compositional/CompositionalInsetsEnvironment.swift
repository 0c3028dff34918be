import Foundation

/// UIKit's `_UIContentInsetsEnvironment`: the collection view's safe-area, layout-margin and
/// readable-content insets (directional: leading is the right edge right to left, as
/// `+insetEnvironmentForView:insetReference:` swaps them), from which a `contentInsetsReference`
/// picks one set. Only the edges across the layout's scroll axis are used
/// (`_effectiveInsetsForInsetsReference:minimumInsets:layoutAxis:` maps axis 2 to 1 and 1 to 2):
/// leading and trailing for a vertical layout, top and bottom for a horizontal one; the insets
/// along the scroll axis are the scroll view's `adjustedContentInset`'s business.
public struct CompositionalInsetsEnvironment: Equatable, Sendable {
    public var safeArea: DirectionalEdgeInsets
    public var layoutMargins: DirectionalEdgeInsets
    public var readableContent: DirectionalEdgeInsets

    public init(
        safeArea: DirectionalEdgeInsets = .zero, layoutMargins: DirectionalEdgeInsets = .zero,
        readableContent: DirectionalEdgeInsets = .zero
    ) {
        self.safeArea = safeArea
        self.layoutMargins = layoutMargins
        self.readableContent = readableContent
    }

    public static let none = CompositionalInsetsEnvironment()

    /// `+insetEnvironmentFromParentEnvironment:insetReference:`: `.automatic` takes the parent's
    /// reference, and a parent of `.automatic` or `.none` gives `.none`.
    static func resolved(_ reference: ContentInsetsReference, parent: ContentInsetsReference)
        -> ContentInsetsReference
    {
        guard reference == .automatic else { return reference }
        return parent.rawValue <= ContentInsetsReference.none.rawValue ? .none : parent
    }

    /// The insets `reference` selects, kept on the edges across `layoutAxis` only.
    public func insets(for reference: ContentInsetsReference, layoutAxis: LayoutAxis) -> DirectionalEdgeInsets {
        let all: DirectionalEdgeInsets
        switch reference {
        case .automatic, .none: return .zero
        case .safeArea: all = safeArea
        case .layoutMargins: all = layoutMargins
        case .readableContent: all = readableContent
        }
        return layoutAxis == .vertical
            ? DirectionalEdgeInsets(top: 0, leading: all.leading, bottom: 0, trailing: all.trailing)
            : DirectionalEdgeInsets(top: all.top, leading: 0, bottom: all.bottom, trailing: 0)
    }

    /// The width of text UIKit's readable content guide allows at the default Dynamic Type size
    /// (weak: the commonly reported 672 pt; UIKit derives it from the body text style).
    public static let readableWidth: CGFloat = 672

    /// The readable-content insets of a view `width` wide with `margins`: the margins, widened
    /// on both sides so that at most `readableWidth` is left between them.
    public static func readableInsets(width: CGFloat, margins: DirectionalEdgeInsets) -> DirectionalEdgeInsets {
        let available = width - margins.leading - margins.trailing
        guard available > readableWidth else { return margins }
        let extra = (available - readableWidth) / 2
        var insets = margins
        insets.leading += extra
        insets.trailing += extra
        return insets
    }
}

/// The references a section's content and its boundary items are measured from, resolved
/// against the layout's (`_generateInsetsEnvironmentsForLayoutSection:…`: the boundary items use
/// `supplementaryContentInsetsReference` when it is not `.automatic`, else the section's).
struct CompositionalSectionReferences {
    var content: ContentInsetsReference
    var supplementary: ContentInsetsReference

    init(section: LayoutSection, layout: ContentInsetsReference) {
        content = CompositionalInsetsEnvironment.resolved(section.contentInsetsReference, parent: layout)
        let supplementary =
            section.supplementaryContentInsetsReference == .automatic
            ? section.contentInsetsReference : section.supplementaryContentInsetsReference
        self.supplementary = CompositionalInsetsEnvironment.resolved(supplementary, parent: layout)
    }
}
