import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// UIKit API that open-source layouts use and FlowSim lacked until they were compiled unedited
/// (docs/layouts-on-linux.md names the layouts): each test uses it the way those layouts do.
final class OpenSourceIdiomTests: XCTestCase {
    // MARK: Accessibility and text size (wrap-around layouts, row heights by text size)

    func testAccessibilitySwitchesAreThoseOfADeviceWithoutAssistiveTechnology() {
        // A wrap-around layout's own guard: it wraps only when neither is running.
        let wraps = !(UIAccessibility.isSwitchControlRunning || UIAccessibility.isVoiceOverRunning)
        XCTAssertTrue(wraps)
        XCTAssertFalse(UIAccessibility.isReduceMotionEnabled)
        XCTAssertFalse(UIAccessibility.isReduceTransparencyEnabled)
        XCTAssertFalse(UIAccessibility.isBoldTextEnabled)
        XCTAssertEqual(
            UIAccessibility.voiceOverStatusDidChangeNotification.rawValue,
            "UIAccessibilityVoiceOverStatusDidChangeNotification")
        XCTAssertEqual(
            UIAccessibility.switchControlStatusDidChangeNotification.rawValue,
            "UIAccessibilitySwitchControlStatusDidChangeNotification")
    }

    func testContentSizeCategoriesAreUIKitsStringsInUIKitsOrder() {
        // UIKit's raw values, the names `-UIPreferredContentSizeCategoryName` takes.
        XCTAssertEqual(UIContentSizeCategory.large.rawValue, "UICTContentSizeCategoryL")
        XCTAssertEqual(
            UIContentSizeCategory.accessibilityExtraExtraExtraLarge.rawValue, "UICTContentSizeCategoryAccessibilityXXXL"
        )
        let shuffled: [UIContentSizeCategory] = [
            .accessibilityMedium, .small, .extraExtraExtraLarge, .large, .extraSmall, .accessibilityLarge,
        ]
        XCTAssertEqual(
            shuffled.sorted(),
            [.extraSmall, .small, .large, .extraExtraExtraLarge, .accessibilityMedium, .accessibilityLarge])
        XCTAssertTrue(UIContentSizeCategory.unspecified < .extraSmall)
        XCTAssertTrue(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        XCTAssertFalse(UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)

        // A scene's `"preferredContentSizeCategory"` reaches layouts as UIKit's value.
        XCTAssertEqual(
            ContentSizeCategory.allCases.map { UIContentSizeCategory(rawValue: $0.uiKitName) },
            [
                .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
                .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
                .accessibilityExtraExtraExtraLarge,
            ])

        // The default size, through both routes layouts take.
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewFlowLayout())
        XCTAssertEqual(collectionView.traitCollection.preferredContentSizeCategory, .large)
        XCTAssertEqual(UIApplication.shared.preferredContentSizeCategory, .large)
    }

    // MARK: Right to left

    func testSemanticContentAttributesGiveUIKitsDirections() {
        // UIKit's raw values (UIView.h).
        XCTAssertEqual(
            [
                UISemanticContentAttribute.unspecified, .playback, .spatial, .forceLeftToRight, .forceRightToLeft,
            ].map(\.rawValue), [0, 1, 2, 3, 4])
        // Relative to a right-to-left context: only `.unspecified` follows it.
        let rightToLeft: [UISemanticContentAttribute: UIUserInterfaceLayoutDirection] = [
            .unspecified: .rightToLeft, .playback: .leftToRight, .spatial: .leftToRight,
            .forceLeftToRight: .leftToRight, .forceRightToLeft: .rightToLeft,
        ]
        for (attribute, direction) in rightToLeft {
            XCTAssertEqual(
                UIView.userInterfaceLayoutDirection(for: attribute, relativeTo: .rightToLeft), direction,
                "\(attribute.rawValue)")
        }
        // Relative to the application (left to right in FlowSim).
        XCTAssertEqual(UIView.userInterfaceLayoutDirection(for: .unspecified), .leftToRight)
        XCTAssertEqual(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft), .rightToLeft)

        let view = UIView(frame: .zero)
        XCTAssertEqual(view.effectiveUserInterfaceLayoutDirection, .leftToRight)
        view.semanticContentAttribute = .forceRightToLeft
        XCTAssertEqual(view.effectiveUserInterfaceLayoutDirection, .rightToLeft)
    }

    func testAForcedRightToLeftCollectionViewMirrorsItsFlowLayout() {
        // Setting the attribute is how apps force a right-to-left grid; UIKit's flow layout then
        // mirrors every frame: x′ = width − maxX (docs/devices.md).
        func frames(_ attribute: UISemanticContentAttribute) -> [CGRect] {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 90, height: 40)
            let harness = Harness(
                width: 320, height: 400, layout: layout, sections: [SectionData(id: "s", items: items(5, prefix: "i"))])
            _ = harness.visible()  // a first pass left to right
            harness.collectionView.semanticContentAttribute = attribute
            return harness.visible().filter { $0.representedElementCategory == .cell }
                .sorted { $0.indexPath < $1.indexPath }.map(\.frame)
        }
        let leftToRight = frames(.unspecified)
        let rightToLeft = frames(.forceRightToLeft)
        XCTAssertEqual(rightToLeft.count, 5)
        for (ltr, rtl) in zip(leftToRight, rightToLeft) {
            assertFrame(rtl, CGRect(x: 320 - ltr.maxX, y: ltr.minY, width: ltr.width, height: ltr.height))
        }
        XCTAssertEqual(frames(.playback), leftToRight)
    }

    func testAppearanceProxiesKeepTheirValuesPerClass() {
        defer { UIView.appearance().semanticContentAttribute = .unspecified }
        XCTAssertTrue(UIView.appearance() === UIView.appearance())
        XCTAssertFalse(UICollectionView.appearance() === UIView.appearance())
        XCTAssertEqual(UIView.appearance().semanticContentAttribute, .unspecified)
        UIView.appearance().semanticContentAttribute = .forceRightToLeft
        // The RTL flow layouts' switch, as they write it.
        XCTAssertEqual(
            UIView.userInterfaceLayoutDirection(for: UIView.appearance().semanticContentAttribute), .rightToLeft)
        XCTAssertEqual(UICollectionView.appearance().semanticContentAttribute, .unspecified)
    }

    func testALayoutsDevelopmentDirectionIsLeftToRight() {
        // Apple: the development region's direction (English for FlowSim).
        XCTAssertEqual(UICollectionViewLayout().developmentLayoutDirection, .leftToRight)
        XCTAssertFalse(UICollectionViewFlowLayout().flipsHorizontallyInOppositeLayoutDirection)
    }

    // MARK: Layers

    func testAViewsLayerHasTheViewsBoundsPositionAndFrame() {
        // Page animators move a content view by half its layer's width.
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(view.layer.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(view.layer.position, CGPoint(x: 60, y: 45))
        XCTAssertEqual(view.layer.frame, view.frame)
        // Setting the layer's bounds resizes the view about its centre, as UIKit does.
        view.layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 50)
        XCTAssertEqual(view.frame, CGRect(x: -40, y: 20, width: 200, height: 50))
        view.layer.position = CGPoint(x: 100, y: 100)
        XCTAssertEqual(view.center, CGPoint(x: 100, y: 100))

        // A free-standing layer: the frame is the bounds' size placed by the anchor point.
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        layer.position = CGPoint(x: 100, y: 100)
        XCTAssertEqual(layer.frame, CGRect(x: 80, y: 90, width: 40, height: 20))
        layer.anchorPoint = .zero
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 100, width: 40, height: 20))
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.bounds.size, CGSize(width: 10, height: 10))
    }

    // MARK: Registration, prefetching, content size

    func testNibRegistrationRegistersTheDecorationKind() {
        let layout = UICollectionViewLayout()
        let nib = UINib(nibName: "SectionBackground", bundle: nil)
        XCTAssertEqual(nib.nibName, "SectionBackground")
        XCTAssertTrue(nib.instantiate(withOwner: nil, options: nil).isEmpty)
        layout.register(nib, forDecorationViewOfKind: "background")
        XCTAssertEqual(
            layout.registeredDecorationViewClasses["background"].map(ObjectIdentifier.init),
            ObjectIdentifier(UICollectionReusableView.self))
        layout.register(nil as UINib?, forDecorationViewOfKind: "background")  // nil unregisters
        XCTAssertNil(layout.registeredDecorationViewClasses["background"])
    }

    func testPrefetchingIsOnUntilALayoutTurnsItOffAndContentSizeComesFromTheLayout() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let harness = Harness(
            width: 320, height: 480, layout: layout, sections: [SectionData(id: "s", items: items(7, prefix: "i"))])
        let collectionView = harness.collectionView
        XCTAssertTrue(collectionView.isPrefetchingEnabled)  // UIKit's default
        collectionView.isPrefetchingEnabled = false
        XCTAssertFalse(collectionView.isPrefetchingEnabled)
        // 7 items of 100 in 320 points: 3 a line, 3 lines 10 apart (UIKit's default line spacing).
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 320, height: 320))
        collectionView.contentSize = CGSize(width: 1, height: 1)  // set by a layout: the layout wins
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 320, height: 320))
    }

    // MARK: Supplementary views

    func testVisibleSupplementaryViewsKeepTheirIdentityWhileVisible() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 320, height: 100)
        layout.headerReferenceSize = CGSize(width: 320, height: 40)
        let harness = Harness(
            width: 320, height: 480, layout: layout,
            sections: (0..<3).map { SectionData(id: "s\($0)", items: items(3, prefix: "s\($0)i")) })
        let collectionView = harness.collectionView
        let kind = UICollectionView.elementKindSectionHeader
        // Headers at y = 0, 360, 720 (40 + 3 × 100 + 2 × 10, UIKit's default line spacing, a
        // section): two meet the first 480 points.
        XCTAssertEqual(
            collectionView.indexPathsForVisibleSupplementaryElements(ofKind: kind),
            [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)])
        let second = collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1))
        XCTAssertEqual(second?.frame, CGRect(x: 0, y: 360, width: 320, height: 40))
        XCTAssertEqual(collectionView.visibleSupplementaryViews(ofKind: kind).count, 2)

        collectionView.contentOffset = CGPoint(x: 0, y: 300)  // 300…780: headers 1 and 2
        XCTAssertNil(collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 0)))
        XCTAssertTrue(
            collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1)) === second)
        XCTAssertEqual(
            collectionView.indexPathsForVisibleSupplementaryElements(ofKind: kind),
            [IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 2)])
        XCTAssertTrue(collectionView.visibleSupplementaryViews(ofKind: "badge").isEmpty)
    }

    /// Asks for every cell it answers, off screen too, from inside its answer (animator layouts
    /// cache each page's content view so).
    private final class CellReadingLayout: UICollectionViewFlowLayout {
        var cellsFound = 0
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            let attributes = super.layoutAttributesForElements(in: rect.insetBy(dx: 0, dy: -500))
            for element in attributes ?? [] where collectionView?.cellForItem(at: element.indexPath) != nil {
                cellsFound += 1
            }
            return attributes
        }
    }

    func testCellQueriesFromInsideTheLayoutsAnswerDoNotAskTheLayoutAgain() {
        let layout = CellReadingLayout()
        layout.itemSize = CGSize(width: 320, height: 100)
        let harness = Harness(
            width: 320, height: 400, layout: layout, sections: [SectionData(id: "s", items: items(60, prefix: "i"))])
        // 4 rows meet the 400 points; the answer for the 900-point rect holds 9 (rows 0…8).
        XCTAssertEqual(harness.visible().count, 4)
        // Inside that first pass only the 4 on-screen rows had cells, as in UIKit.
        XCTAssertEqual(layout.cellsFound, 4)
    }

    // MARK: List configurations and orthogonal sections (chainable-modifier helpers)

    func testListConfigurationUIKitValuesReadBackAndTakeNoRoom() throws {
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        XCTAssertNil(configuration.backgroundColor)
        // UIKit's separator defaults (decompiled initWithListAppearance:).
        let separators = configuration.separatorConfiguration
        XCTAssertEqual(separators.topSeparatorVisibility, .automatic)
        XCTAssertEqual(separators.bottomSeparatorVisibility, .automatic)
        XCTAssertEqual(separators.bottomSeparatorInsets, UIListSeparatorAutomaticInsets)
        XCTAssertEqual(UIListSeparatorAutomaticInsets.leading, .greatestFiniteMagnitude)

        configuration.backgroundColor = .white
        configuration.separatorConfiguration.color = .red
        configuration.itemSeparatorHandler = { indexPath, sectionConfiguration in
            var configuration = sectionConfiguration
            if indexPath.item == 0 { configuration.topSeparatorVisibility = .hidden }
            return configuration
        }
        configuration.trailingSwipeActionsConfigurationProvider = { _ in
            UISwipeActionsConfiguration(actions: [
                UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
            ])
        }
        XCTAssertEqual(configuration.backgroundColor, .white)
        XCTAssertEqual(configuration.separatorConfiguration.color, .red)
        let handler = try XCTUnwrap(configuration.itemSeparatorHandler)
        XCTAssertEqual(handler(IndexPath(item: 0, section: 0), separators).topSeparatorVisibility, .hidden)
        XCTAssertEqual(handler(IndexPath(item: 1, section: 0), separators).topSeparatorVisibility, .automatic)
        let swipe = try XCTUnwrap(
            configuration.trailingSwipeActionsConfigurationProvider?(IndexPath(item: 0, section: 0)))
        XCTAssertEqual(swipe.actions.map(\.style), [.destructive])
        XCTAssertEqual(swipe.actions.first?.title, "Delete")
        XCTAssertTrue(swipe.performsFirstActionWithFullSwipe)
        XCTAssertNil(configuration.leadingSwipeActionsConfigurationProvider)

        // Separators and swipe actions take no room: the same frames as a bare configuration.
        func frames(_ configuration: UICollectionLayoutListConfiguration) -> [CGRect] {
            let harness = Harness(
                width: 390, height: 844, layout: UICollectionViewCompositionalLayout.list(using: configuration),
                sections: [SectionData(id: "s", items: items(4, prefix: "i"))], scale: 3)
            return harness.visible().sorted { $0.indexPath < $1.indexPath }.map(\.frame)
        }
        let bare = frames(UICollectionLayoutListConfiguration(appearance: .insetGrouped))
        XCTAssertEqual(bare.count, 4)
        XCTAssertEqual(frames(configuration), bare)
    }

    func testOrthogonalScrollingPropertiesAreOneObjectPerSection() {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(200), heightDimension: .absolute(120)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        XCTAssertTrue(section.orthogonalScrollingProperties === section.orthogonalScrollingProperties)
        XCTAssertEqual(section.orthogonalScrollingProperties.bounce, .automatic)
        XCTAssertEqual(section.orthogonalScrollingProperties.decelerationRate, .automatic)
        XCTAssertEqual(section.orthogonalScrollingProperties.decelerationRate.rawValue, -1)
        section.orthogonalScrollingProperties.bounce = .never
        section.orthogonalScrollingProperties.decelerationRate = .fast
        XCTAssertEqual(section.orthogonalScrollingProperties.bounce, .never)
        XCTAssertEqual(
            section.orthogonalScrollingProperties.decelerationRate.rawValue, UIScrollView.DecelerationRate.fast.rawValue
        )
        let other = NSCollectionLayoutSection(group: group)
        XCTAssertEqual(other.orthogonalScrollingProperties.bounce, .automatic)
    }
}
