import Foundation

/// UIKit's `NSCollectionLayoutContainer`: the size a section or group is laid out in, and the
/// insets inside it.
public protocol LayoutContainer {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: DirectionalEdgeInsets { get }
    var effectiveContentInsets: DirectionalEdgeInsets { get }
}

/// UIKit's `NSCollectionLayoutEnvironment`: what a section provider is given.
public protocol LayoutEnvironment {
    var container: LayoutContainer { get }
    var traitCollection: TraitCollection { get }
}

/// A container: `contentSize` with `contentInsets` inside it.
public struct CompositionalContainer: LayoutContainer, Equatable, Sendable {
    public var contentSize: CGSize
    public var contentInsets: DirectionalEdgeInsets

    public init(contentSize: CGSize, contentInsets: DirectionalEdgeInsets = .zero) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
    }

    public var effectiveContentInsets: DirectionalEdgeInsets { contentInsets }

    /// The size minus the insets (may be negative: the solver reports that as UIKit's error).
    public var effectiveContentSize: CGSize {
        CGSize(
            width: contentSize.width - contentInsets.leading - contentInsets.trailing,
            height: contentSize.height - contentInsets.top - contentInsets.bottom)
    }
}

/// The environment FlowSim hands section providers and custom groups.
public struct CompositionalEnvironment: LayoutEnvironment, Sendable {
    public var compositionalContainer: CompositionalContainer
    public var traitCollection: TraitCollection
    public var container: LayoutContainer { compositionalContainer }
    /// The collection view's safe area and layout margins (nil: unknown, e.g. an environment built
    /// by hand). UIKit's private environment hands list sections the same
    /// (`_effectiveCollectionViewLayoutMarginsForAppearanceStyle:forUseAsContentInsets:`).
    public var insets: CompositionalInsetsEnvironment?
    /// The section the provider is asked for, and how many there are: UIKit's private
    /// `_sectionIndex` and `_dataSourceSnapshot.numberOfSections`, which grouped lists read
    /// (`_sectionContentInsetsForVerticallySeparatedSectionsWithDefaultInsets:`).
    public var sectionIndex = 0
    public var numberOfSections = 1

    public init(container: CompositionalContainer, traitCollection: TraitCollection) {
        compositionalContainer = container
        self.traitCollection = traitCollection
    }
}
