// A grouped list with a header, a footer and a background decoration behind each section's rows:
// a UICollectionViewLayout subclass that caches everything in prepare(), written as app teams
// write it. Only the imports are FlowSim's. Its own kind checks record what a real layout would
// stop on ("not a valid supplementary view element kind"), so the tests can see UIKit's calls.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class SectionBackgroundView: UICollectionReusableView {}

final class DecoratedListLayout: UICollectionViewLayout {
    static let backgroundKind = "section-background"

    var rowHeight: CGFloat = 60
    var rowSpacing: CGFloat = 8
    var headerHeight: CGFloat = 44
    var footerHeight: CGFloat = 30
    /// Rows are inset from the section background by this much on every side.
    var backgroundPadding: CGFloat = 8

    /// Kinds the collection view asked this layout about that it never makes.
    private(set) var rejectedKinds: [String] = []
    /// Every decoration kind UIKit asked the initial or final attributes of.
    private(set) var decorationQuestions: [String] = []

    private var cells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var headers: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var footers: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var backgrounds: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var contentHeight: CGFloat = 0

    override init() {
        super.init()
        register(SectionBackgroundView.self, forDecorationViewOfKind: Self.backgroundKind)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        register(SectionBackgroundView.self, forDecorationViewOfKind: Self.backgroundKind)
    }

    override func prepare() {
        super.prepare()
        cells = [:]
        headers = [:]
        footers = [:]
        backgrounds = [:]
        guard let collectionView = collectionView else { return }
        let width = collectionView.bounds.width
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let sectionPath = IndexPath(item: 0, section: section)
            let header = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: sectionPath)
            header.frame = CGRect(x: 0, y: y, width: width, height: headerHeight)
            headers[sectionPath] = header
            y += headerHeight
            let rowsTop = y
            y += backgroundPadding
            let count = collectionView.numberOfItems(inSection: section)
            for item in 0..<count {
                let path = IndexPath(item: item, section: section)
                let cell = UICollectionViewLayoutAttributes(forCellWith: path)
                cell.frame = CGRect(
                    x: 2 * backgroundPadding, y: y, width: width - 4 * backgroundPadding, height: rowHeight)
                cells[path] = cell
                y += rowHeight + (item < count - 1 ? rowSpacing : 0)
            }
            y += backgroundPadding
            let background = UICollectionViewLayoutAttributes(
                forDecorationViewOfKind: Self.backgroundKind, with: sectionPath)
            background.frame = CGRect(
                x: backgroundPadding, y: rowsTop, width: width - 2 * backgroundPadding, height: y - rowsTop)
            background.zIndex = -1
            backgrounds[sectionPath] = background
            let footer = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, with: sectionPath)
            footer.frame = CGRect(x: 0, y: y, width: width, height: footerHeight)
            footers[sectionPath] = footer
            y += footerHeight
        }
        contentHeight = y
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let all = Array(backgrounds.values) + Array(headers.values) + Array(cells.values) + Array(footers.values)
        return all.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cells[indexPath]
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        switch elementKind {
        case UICollectionView.elementKindSectionHeader: return headers[indexPath]
        case UICollectionView.elementKindSectionFooter: return footers[indexPath]
        default:
            rejectedKinds.append(elementKind)
            return nil
        }
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard elementKind == Self.backgroundKind else {
            rejectedKinds.append(elementKind)
            return nil
        }
        return backgrounds[indexPath]
    }

    override func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        guard
            elementKind == UICollectionView.elementKindSectionHeader
                || elementKind == UICollectionView.elementKindSectionFooter
        else {
            rejectedKinds.append(elementKind)
            return nil
        }
        return super.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
    }

    override func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        guard
            elementKind == UICollectionView.elementKindSectionHeader
                || elementKind == UICollectionView.elementKindSectionFooter
        else {
            rejectedKinds.append(elementKind)
            return nil
        }
        return super.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
    }

    override func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        decorationQuestions.append(elementKind)
        return super.initialLayoutAttributesForAppearingDecorationElement(ofKind: elementKind, at: decorationIndexPath)
    }

    override func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        decorationQuestions.append(elementKind)
        return super.finalLayoutAttributesForDisappearingDecorationElement(ofKind: elementKind, at: decorationIndexPath)
    }
}
