import FlowSim
import FlowSimUIKit
import XCTest

/// What app code that builds compositional layouts, lists and diffable data needs, one test per
/// gap found by compiling such files unedited (docs/layouts-on-linux.md, "Compositional app
/// code"). The code is ours, written the way those apps write it. Frames follow
/// docs/compositional.md: a fraction of a 200-point container is exact at @1x, and a plain list
/// row is FlowSim's 44 points (ListMetrics).
final class RealCompositionalCodeTests: XCTestCase {
    enum Section: Hashable {
        case recents
        case outline
    }

    /// Two 100 × 50 items a row, with an optional 30-point section header.
    private func twoColumnLayout(header: Bool = false) -> UICollectionViewCompositionalLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(50)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        if header {
            section.boundarySupplementaryItems = [
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                    elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            ]
        }
        return UICollectionViewCompositionalLayout(section: section)
    }

    private func frame(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int = 0) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// `UICollectionView.CellRegistration` and `dequeueConfiguredReusableCell(using:for:item:)`
    /// in a diffable cell provider: the handler configures each cell the provider is asked for
    /// (the visible ones, at apply), and the layout places them.
    func testCellRegistrationConfiguresTheCellsTheProviderDequeues() {
        let layout = twoColumnLayout()
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        var configured: [String: UICollectionViewListCell] = [:]
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> {
            cell, indexPath, title in
            var content = cell.defaultContentConfiguration()
            content.text = title
            content.secondaryText = "row \(indexPath.item)"
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
            configured[title] = cell
        }
        let dataSource = UICollectionViewDiffableDataSource<Section, String>(collectionView: collectionView) {
            collectionView, indexPath, title in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: title)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.recents])
        snapshot.appendItems(["Alps", "Andes", "Atlas"])
        dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.layoutIfNeeded()

        XCTAssertEqual(Set(configured.keys), ["Alps", "Andes", "Atlas"])
        let andes = configured["Andes"]?.contentConfiguration as? UIListContentConfiguration
        XCTAssertEqual(andes?.text, "Andes")
        XCTAssertEqual(andes?.secondaryText, "row 1")
        XCTAssertEqual(configured["Andes"]?.accessories.map(\.kind), [.disclosureIndicator])
        XCTAssertEqual(frame(layout, 1), CGRect(x: 100, y: 0, width: 100, height: 50))
        XCTAssertEqual(frame(layout, 2), CGRect(x: 0, y: 50, width: 100, height: 50))
    }

    /// An app's own cell class is built as UIKit builds it, with its `init(frame:)` (through the
    /// required `init(registeredFrame:)`), never its coder initialiser, which traps in the common
    /// app pattern `TagCell` follows; the handler sees the subclass.
    func testRegistrationOfAnAppCellClassBuildsThatClass() {
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: twoColumnLayout())
        let registration = UICollectionView.CellRegistration<TagCell, Int> { cell, _, number in
            cell.badgeText = "#\(number)"
        }
        let cell = collectionView.dequeueConfiguredReusableCell(
            using: registration, for: IndexPath(item: 0, section: 0), item: 7)
        XCTAssertEqual(cell.badgeText, "#7")
        XCTAssertEqual(cell.madeBy, "init(frame:)")
        // A nil item leaves the handler uncalled.
        let blank = collectionView.dequeueConfiguredReusableCell(
            using: registration, for: IndexPath(item: 0, section: 0), item: nil)
        XCTAssertEqual(blank.badgeText, "")
    }

    /// `UICollectionView.SupplementaryRegistration` through the data source's
    /// `supplementaryViewProvider`: the handler gets the registration's kind and the index path;
    /// the 30-point header pushes the items down (boundary items sit outside the group, R15/R16).
    func testSupplementaryRegistrationConfiguresHeaders() {
        let layout = twoColumnLayout(header: true)
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        var seen: [(String, IndexPath)] = []
        let headerRegistration = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(
            elementKind: UICollectionView.elementKindSectionHeader
        ) { _, kind, indexPath in seen.append((kind, indexPath)) }
        let dataSource = UICollectionViewDiffableDataSource<Section, String>(collectionView: collectionView) {
            _, _, _ in UICollectionViewCell(frame: .zero)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.recents])
        snapshot.appendItems(["a", "b"])
        dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.layoutIfNeeded()

        _ = dataSource.supplementaryViewProvider?(
            collectionView, UICollectionView.elementKindSectionHeader, IndexPath(item: 0, section: 0))
        XCTAssertEqual(seen.map(\.0), [UICollectionView.elementKindSectionHeader])
        XCTAssertEqual(seen.map(\.1), [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(
            layout.layoutAttributesForSupplementaryView(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame,
            CGRect(x: 0, y: 0, width: 200, height: 30))
        XCTAssertEqual(frame(layout, 1), CGRect(x: 100, y: 30, width: 100, height: 50))
    }

    /// `NSDiffableDataSourceSectionSnapshot` as outline code builds it: children start collapsed
    /// (Apple's `expand(_:)` documentation), `visibleItems` walks expanded parents depth first.
    func testSectionSnapshotOutline() {
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        outline.append(["Food", "Drinks"])
        outline.append(["Apple", "Bread"], to: "Food")
        outline.append(["Tea"], to: "Drinks")
        outline.append(["Green"], to: "Tea")
        XCTAssertEqual(outline.items, ["Food", "Apple", "Bread", "Drinks", "Tea", "Green"])
        XCTAssertEqual(outline.visibleItems, ["Food", "Drinks"])
        outline.expand(["Drinks", "Tea"])
        XCTAssertEqual(outline.visibleItems, ["Food", "Drinks", "Tea", "Green"])
        XCTAssertEqual(outline.level(of: "Green"), 2)
        XCTAssertEqual(outline.parent(of: "Tea"), "Drinks")
        XCTAssertEqual(outline.rootItems, ["Food", "Drinks"])
        XCTAssertFalse(outline.isVisible("Apple"))
        outline.insert(["Soup"], after: "Apple")
        XCTAssertEqual(outline.snapshot(of: "Food").items, ["Apple", "Soup", "Bread"])
        XCTAssertEqual(outline.snapshot(of: "Drinks", includingParent: true).visibleItems, ["Drinks", "Tea", "Green"])
        outline.delete(["Drinks"])
        XCTAssertEqual(outline.items, ["Food", "Apple", "Soup", "Bread"])
        XCTAssertFalse(outline.contains("Green"))
    }

    /// `apply(_:to:animatingDifferences:)` of a section snapshot: the section shows its visible
    /// items, 44-point rows of a plain list (ListMetrics), after section 0's two rows.
    /// `snapshot(for:)` gives the outline back while those items are shown.
    func testApplyingASectionSnapshotShowsItsVisibleItems() {
        let layout = UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .plain))
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: layout)
        let dataSource = UICollectionViewDiffableDataSource<Section, String>(collectionView: collectionView) {
            _, _, _ in UICollectionViewCell(frame: .zero)
        }
        var recents = NSDiffableDataSourceSectionSnapshot<String>()
        recents.append(["r1", "r2"])
        dataSource.apply(recents, to: .recents, animatingDifferences: false)
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        outline.append(["Food", "Drinks"])
        outline.append(["Apple", "Bread"], to: "Food")
        outline.append(["Tea"], to: "Drinks")
        outline.expand(["Food"])
        dataSource.apply(outline, to: .outline, animatingDifferences: false)
        collectionView.layoutIfNeeded()

        XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, [.recents, .outline])
        XCTAssertEqual(
            dataSource.snapshot().itemIdentifiers(inSection: .outline), ["Food", "Apple", "Bread", "Drinks"])
        XCTAssertEqual(collectionView.numberOfItems(inSection: 1), 4)
        XCTAssertEqual(frame(layout, 0, 1), CGRect(x: 0, y: 88, width: 320, height: 44))
        XCTAssertEqual(frame(layout, 3, 1), CGRect(x: 0, y: 220, width: 320, height: 44))
        XCTAssertTrue(dataSource.snapshot(for: .outline).isExpanded("Food"))
        XCTAssertEqual(dataSource.snapshot(for: .outline).items, ["Food", "Apple", "Bread", "Drinks", "Tea"])

        // A full snapshot that changes the section drops the outline: its items come back flat.
        var full = dataSource.snapshot()
        full.deleteItems(["Apple"])
        dataSource.apply(full, animatingDifferences: false)
        XCTAssertEqual(dataSource.snapshot(for: .outline).rootItems, ["Food", "Bread", "Drinks"])
        XCTAssertEqual(dataSource.snapshot(for: .outline).items.count, 3)
    }

    /// `selectItem(at:animated:scrollPosition:)` and `deselectItem(at:animated:)`, as selection
    /// handlers call them.
    func testSelectionCallsWithAnimatedArguments() {
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: twoColumnLayout())
        let dataSource = UICollectionViewDiffableDataSource<Section, String>(collectionView: collectionView) {
            _, _, _ in UICollectionViewCell(frame: .zero)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.recents])
        snapshot.appendItems(["a", "b", "c"])
        dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        collectionView.selectItem(at: IndexPath(item: 0, section: 0), animated: true, scrollPosition: .top)
        XCTAssertEqual(
            collectionView.indexPathsForSelectedItems, [IndexPath(item: 2, section: 0), IndexPath(item: 0, section: 0)])
        collectionView.deselectItem(at: IndexPath(item: 2, section: 0), animated: true)
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [IndexPath(item: 0, section: 0)])
    }

    /// A list cell subclass that adds its item to the configuration state under a custom key
    /// (the pattern of Apple's custom list cell sample): the override and the subscript compile
    /// and carry the value; states differing only in it are unequal.
    func testCustomConfigurationStateKey() {
        let cell = ItemListCell(frame: .zero)
        cell.item = "Alps"
        XCTAssertEqual(cell.configurationState.item, "Alps")
        XCTAssertNotEqual(cell.configurationState, ItemListCell(frame: .zero).configurationState)
        cell.isSelected = true
        XCTAssertTrue(cell.configurationState.isSelected)
    }

    /// List content, background and accessory values, stored and read back, with UIKit's
    /// light-mode colours (systemGroupedBackground #F2F2F7, secondarySystemGroupedBackground white).
    func testListConfigurationValuesReadBack() {
        let cell = UICollectionViewListCell(frame: .zero)
        var value = UIListContentConfiguration.valueCell()
        value.text = "Altitude"
        value.secondaryText = "4 808 m"
        XCTAssertTrue(value.prefersSideBySideTextAndSecondaryText)
        XCTAssertFalse(UIListContentConfiguration.subtitleCell().prefersSideBySideTextAndSecondaryText)
        value.textProperties.alignment = .center
        value.textProperties.color = .systemPurple
        XCTAssertEqual(value.textProperties.resolvedColor(), .systemPurple)
        XCTAssertEqual(value.imageProperties.resolvedTintColor(for: .systemRed), .systemRed)
        cell.contentConfiguration = value
        XCTAssertEqual((cell.contentConfiguration as? UIListContentConfiguration)?.secondaryText, "4 808 m")

        var background = UIBackgroundConfiguration.listGroupedCell()
        background.cornerRadius = 10
        cell.backgroundConfiguration = background
        XCTAssertEqual(cell.backgroundConfiguration?.cornerRadius, 10)
        XCTAssertEqual(cell.backgroundConfiguration?.backgroundColor, .secondarySystemGroupedBackground)
        XCTAssertEqual(
            UIColor.systemGroupedBackground, UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1))

        let badge = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
        cell.accessories = [
            .outlineDisclosure(options: .init(style: .header)),
            .customView(configuration: .init(customView: badge, placement: .leading(displayed: .always))),
            .delete(),
        ]
        XCTAssertEqual(cell.accessories.map(\.kind), [.outlineDisclosure, .customView, .delete])
        XCTAssertEqual(cell.accessories[0].options.style, .header)
        XCTAssertTrue(cell.accessories[1].customViewConfiguration?.customView === badge)
        XCTAssertEqual(cell.accessories[2].displayedState, .whenEditing)
    }
}

/// An app's cell: the pattern of cells with their own stored values.
private final class TagCell: UICollectionViewCell {
    var badgeText = ""
    let madeBy: String

    override init(frame: CGRect) {
        madeBy = "init(frame:)"
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

extension UIConfigurationStateCustomKey {
    fileprivate static let item = UIConfigurationStateCustomKey("flowsim.tests.item")
}

extension UICellConfigurationState {
    fileprivate var item: String? {
        get { self[.item] as? String }
        set { self[.item] = newValue }
    }
}

/// A list cell that puts its item in the configuration state.
private final class ItemListCell: UICollectionViewListCell {
    var item: String?

    override var configurationState: UICellConfigurationState {
        var state = super.configurationState
        state.item = item
        return state
    }
}
