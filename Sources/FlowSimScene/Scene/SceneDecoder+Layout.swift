import FlowSim
import Foundation

/// The viewport and the `layout` object (flow properties, the inset layout's effects).
extension SceneDecoder {
    /// The viewport; with a device (`"device"`), its size and scale are the device's unless given.
    static func viewport(_ reader: ValueReader, device: DeviceChoice? = nil) throws -> Viewport {
        let object = try reader.object(known: viewportKeys)
        var viewport: Viewport
        if let device {
            var scene = Scene(name: "", viewport: Viewport(width: 1, height: 1), sections: [])
            scene.apply(device: device.device, orientation: device.orientation)
            viewport = scene.viewport
            if let width = object.optional("width") { viewport.width = try width.positive() }
            if let height = object.optional("height") { viewport.height = try height.positive() }
        } else {
            viewport = Viewport(
                width: try object.required("width").positive(), height: try object.required("height").positive())
        }
        if let scale = object.optional("scale") { viewport.scale = try scale.positive() }
        if let insets = object.optional("safeAreaInsets") { viewport.safeAreaInsets = try insets.insets() }
        if let behavior = object.optional("contentInsetAdjustmentBehavior") {
            viewport.contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior(
                name: try behavior.choice(ContentInsetAdjustmentBehavior.allCases.map(\.name)))!
        }
        if let inset = object.optional("contentInset") { viewport.contentInset = try inset.insets() }
        // UIScrollView rests at (−inset.left, −inset.top): the content starts inside the inset.
        // (Set even without an inset, −0 included, so scene digests stay those recorded before.)
        viewport.contentOffset = CGPoint(x: -viewport.contentInset.left, y: -viewport.contentInset.top)
        if let offset = object.optional("contentOffset") {
            viewport.contentOffset = try offset.point()
        } else {
            viewport.givenKeys.remove("contentOffset")
            viewport.contentOffsetIsDefault = true
        }
        return viewport
    }

    static let viewportKeys: [SceneKey] = [
        SceneKey("width", .positive, "width in points (required without a device)"),
        SceneKey("height", .positive, "height in points (required without a device)"),
        SceneKey("scale", .positive, "pixels per point"),
        SceneKey("contentInset", .object("insets"), "the scroll view's content inset"),
        SceneKey("contentOffset", .object("point"), "the initial content offset (default: −adjustedContentInset)"),
        SceneKey("safeAreaInsets", .object("insets"), "the safe area over the collection view (default: the device's)"),
        SceneKey(
            "contentInsetAdjustmentBehavior", .choice(ContentInsetAdjustmentBehavior.allCases.map(\.name)),
            "which safe-area edges join the content inset (UIKit's case names; default automatic)"),
    ]

    static let layoutKeys: [SceneKey] = [
        SceneKey("class", .string, "a custom layout registered with the CLI"),
        SceneKey("compositional", .object("compositional"), "a compositional layout described as values"),
        SceneKey("scrollDirection", .choice(ScrollDirection.allCases.map(\.name)), "vertical or horizontal"),
        SceneKey("itemSize", .object("size"), "the default item size"),
        SceneKey("minimumLineSpacing", .nonNegative, "spacing between lines in points"),
        SceneKey("minimumInteritemSpacing", .nonNegative, "spacing between items of a line in points"),
        SceneKey("sectionInset", .object("insets"), "each section's inset"),
        SceneKey("headerReferenceSize", .object("size"), "section header size"),
        SceneKey("footerReferenceSize", .object("size"), "section footer size"),
        SceneKey("sectionHeadersPinToVisibleBounds", .bool, "sticky section headers"),
        SceneKey(
            "sectionInsetReference", .choice(sectionInsetReferenceNames),
            "what sectionInset is measured from across the scroll axis (default fromContentInset)"),
        SceneKey("cellInset", .nonNegative, "the inset flow layout's inset of each cell in points"),
        SceneKey("appearing", .object("appearing"), "the inset flow layout's effect on inserted items"),
        SceneKey("disappearing", .object("disappearing"), "the inset flow layout's effect on deleted items"),
        SceneKey("shiftedCells", .choice(["slide", "literalNil"]), "how the inset flow layout animates shifted cells"),
        SceneKey(
            "estimatedItemSize", .oneOf([.object("size"), .choice(["automatic"])]),
            "self-sizing cells: an estimated size {\"width\", \"height\"} or \"automatic\""),
    ]

    static let disappearingKeys: [SceneKey] = [
        SceneKey("scale", .nonNegative, "scale at the end"), SceneKey("alpha", .nonNegative, "alpha at the end"),
        SceneKey("zIndex", .integer(minimum: nil), "z index while animating"),
    ]
    static let appearingKeys: [SceneKey] =
        [
            SceneKey("center", .object("point"), "the center items start from"),
            SceneKey(
                "centerFromTrailingEdge", .object("trailingEdgeCenter"),
                "a start center relative to the trailing edge"),
        ] + disappearingKeys
    static let trailingEdgeCenterKeys: [SceneKey] = [
        SceneKey("dx", .number, "offset from the trailing edge in points", required: true),
        SceneKey("y", .number, "y in points", required: true),
    ]

    static func layout(_ reader: ValueReader) throws -> LayoutSpec {
        let object = try reader.object(known: layoutKeys)
        var spec = LayoutSpec()
        spec.givenKeys = Set(layoutKeys.map(\.name).filter(object.has))
        spec.className = try object.optional("class")?.string()
        if let value = object.optional("compositional") {
            if spec.className != nil {
                throw SceneError(path: value.path, .conflictingKeys("class", "compositional"))
            }
            spec.compositional = try compositional(value)
        }
        if let direction = object.optional("scrollDirection") {
            spec.scrollDirection = ScrollDirection(
                name: try direction.choice(ScrollDirection.allCases.map(\.name)))!
        }
        if let size = object.optional("itemSize") { spec.itemSize = try size.size() }
        if let size = object.optional("estimatedItemSize") {
            // A size, or "automatic" (UICollectionViewFlowLayout.automaticSize).
            if (try? size.choice(["automatic"])) != nil {
                spec.estimatedItemSize = FlowLayout.automaticSize
            } else {
                spec.estimatedItemSize = try size.size()
            }
        }
        if let value = object.optional("minimumLineSpacing") { spec.minimumLineSpacing = try value.nonNegative() }
        if let value = object.optional("minimumInteritemSpacing") {
            spec.minimumInteritemSpacing = try value.nonNegative()
        }
        if let value = object.optional("sectionInset") { spec.sectionInset = try value.insets() }
        if let value = object.optional("headerReferenceSize") { spec.headerReferenceSize = try value.size() }
        if let value = object.optional("footerReferenceSize") { spec.footerReferenceSize = try value.size() }
        if let value = object.optional("sectionHeadersPinToVisibleBounds") {
            spec.sectionHeadersPinToVisibleBounds = try value.bool()
        }
        if let value = object.optional("sectionInsetReference") {
            let name = try value.choice(sectionInsetReferenceNames)
            spec.sectionInsetReference = .init(rawValue: sectionInsetReferenceNames.firstIndex(of: name)!)!
        }
        if let value = object.optional("cellInset") { spec.cellInset = try value.nonNegative() }
        if let value = object.optional("appearing") { spec.appearing = try effect(value, appearing: true) }
        if let value = object.optional("disappearing") { spec.disappearing = try effect(value, appearing: false) }
        if let value = object.optional("shiftedCells") {
            spec.shiftedCells = InsetFlowLayout.ShiftedCells(rawValue: try value.choice(["slide", "literalNil"]))!
        }
        return spec
    }

    /// UIKit's `SectionInsetReference` case names, in raw-value order.
    static let sectionInsetReferenceNames = ["fromContentInset", "fromSafeArea", "fromLayoutMargins"]

    static func effect(_ reader: ValueReader, appearing: Bool) throws -> InsetFlowLayout.ItemEffect {
        let object = try reader.object(known: appearing ? appearingKeys : disappearingKeys)
        var effect = InsetFlowLayout.ItemEffect()
        if object.has("center") && object.has("centerFromTrailingEdge") {
            throw SceneError(path: reader.path, .conflictingKeys("center", "centerFromTrailingEdge"))
        }
        if let center = object.optional("center") { effect.center = .absolute(try center.point()) }
        if let anchor = object.optional("centerFromTrailingEdge") {
            let anchorObject = try anchor.object(known: trailingEdgeCenterKeys)
            effect.center = .fromTrailingEdge(
                dx: try anchorObject.required("dx").number(), y: try anchorObject.required("y").number())
        }
        if let scale = object.optional("scale") { effect.scale = try scale.nonNegative() }
        if let alpha = object.optional("alpha") { effect.alpha = try alpha.nonNegative() }
        if let zIndex = object.optional("zIndex") { effect.zIndex = try zIndex.integer() }
        return effect
    }
}
