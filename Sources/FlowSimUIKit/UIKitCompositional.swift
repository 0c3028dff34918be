#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // UICollectionViewCompositionalLayout under UIKit's names, so a layout function written as in
    // Apple's "Implementing Modern Collection Views" sample compiles unchanged. The rules FlowSim
    // follows, and where they are approximate, are in docs/compositional.md.

    /// `NSCollectionLayoutDimension` (`.fractionalWidth`, `.fractionalHeight`, `.absolute`,
    /// `.estimated`, `.uniformAcrossSiblings(estimate:)`).
    public typealias NSCollectionLayoutDimension = LayoutDimension
    /// `NSCollectionLayoutSize(widthDimension:heightDimension:)`.
    public typealias NSCollectionLayoutSize = LayoutSize
    /// `NSCollectionLayoutSpacing` (`.fixed`, `.flexible`).
    public typealias NSCollectionLayoutSpacing = LayoutSpacing
    /// `NSCollectionLayoutEdgeSpacing(leading:top:trailing:bottom:)`.
    public typealias NSCollectionLayoutEdgeSpacing = LayoutEdgeSpacing
    /// `NSCollectionLayoutItem(layoutSize:)`, `(layoutSize:supplementaryItems:)`.
    public typealias NSCollectionLayoutItem = LayoutItem
    /// `NSCollectionLayoutGroup` (`.horizontal`, `.vertical`, `.custom`), a subclass of the item.
    public typealias NSCollectionLayoutGroup = LayoutGroup
    /// `NSCollectionLayoutGroupCustomItem(frame:)`, `(frame:zIndex:)`.
    public typealias NSCollectionLayoutGroupCustomItem = LayoutGroupCustomItem
    /// `NSCollectionLayoutGroupCustomItemProvider`.
    public typealias NSCollectionLayoutGroupCustomItemProvider = LayoutGroup.CustomItemProvider
    /// `NSCollectionLayoutSection(group:)`.
    public typealias NSCollectionLayoutSection = LayoutSection
    /// `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`.
    public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
        LayoutSection.VisibleItemsInvalidationHandler
    /// `NSCollectionLayoutVisibleItem`: the items a `visibleItemsInvalidationHandler` is given.
    public typealias NSCollectionLayoutVisibleItem = LayoutVisibleItem
    /// `NSCollectionLayoutSupplementaryItem` (badges).
    public typealias NSCollectionLayoutSupplementaryItem = SupplementaryItem
    /// `NSCollectionLayoutBoundarySupplementaryItem` (section and layout headers and footers).
    public typealias NSCollectionLayoutBoundarySupplementaryItem = BoundarySupplementaryItem
    /// `NSCollectionLayoutDecorationItem` (`.background(elementKind:)`).
    public typealias NSCollectionLayoutDecorationItem = DecorationItem
    /// `NSCollectionLayoutAnchor(edges:)`, `(edges:absoluteOffset:)`, `(edges:fractionalOffset:)`.
    public typealias NSCollectionLayoutAnchor = LayoutAnchor
    /// `NSCollectionLayoutEnvironment`: `container` and `traitCollection`.
    public typealias NSCollectionLayoutEnvironment = LayoutEnvironment
    /// `NSCollectionLayoutContainer`: `contentSize`, `effectiveContentSize`, `contentInsets`,
    /// `effectiveContentInsets`.
    public typealias NSCollectionLayoutContainer = LayoutContainer
    /// `NSDirectionalRectEdge`.
    public typealias NSDirectionalRectEdge = DirectionalRectEdge
    /// `NSRectAlignment`.
    public typealias NSRectAlignment = RectAlignment
    /// `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
    public typealias UICollectionLayoutSectionOrthogonalScrollingBehavior = OrthogonalScrollingBehavior
    /// `UIContentInsetsReference`.
    public typealias UIContentInsetsReference = ContentInsetsReference
    /// `UICollectionViewCompositionalLayout`: `init(section:)`, `(section:configuration:)`,
    /// `(sectionProvider:)`, `(sectionProvider:configuration:)`, `.list(using:)`.
    public typealias UICollectionViewCompositionalLayout = CompositionalLayout
    /// `UICollectionViewCompositionalLayoutConfiguration`.
    public typealias UICollectionViewCompositionalLayoutConfiguration = CompositionalLayoutConfiguration
    /// `UICollectionViewCompositionalLayoutSectionProvider`.
    public typealias UICollectionViewCompositionalLayoutSectionProvider = CompositionalLayout.SectionProvider
    /// `UICollectionLayoutListConfiguration(appearance:)` with `headerMode`, `footerMode`,
    /// `showsSeparators`, `headerTopPadding` (metrics: `ListMetrics`, read from UIKit 26.1).
    public typealias UICollectionLayoutListConfiguration = ListConfiguration
#endif
