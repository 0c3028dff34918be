import FlowSim
import Foundation

/// The viewport and the `layout` object (flow properties, the inset layout's effects).
extension SceneDecoder {
    static func viewport(_ reader: ValueReader) throws -> Viewport {
        let object = try reader.object(known: ["width", "height", "scale", "contentInset", "contentOffset"])
        var viewport = Viewport(
            width: try object.required("width").positive(), height: try object.required("height").positive())
        if let scale = object.optional("scale") { viewport.scale = try scale.positive() }
        if let inset = object.optional("contentInset") { viewport.contentInset = try inset.insets() }
        // UIScrollView rests at (−inset.left, −inset.top): the content starts inside the inset.
        viewport.contentOffset = CGPoint(x: -viewport.contentInset.left, y: -viewport.contentInset.top)
        if let offset = object.optional("contentOffset") { viewport.contentOffset = try offset.point() }
        return viewport
    }

    static let layoutKeys = [
        "class", "scrollDirection", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
        "headerReferenceSize", "footerReferenceSize", "sectionHeadersPinToVisibleBounds", "cellInset", "appearing",
        "disappearing", "shiftedCells",
    ]

    static func layout(_ reader: ValueReader) throws -> LayoutSpec {
        let object = try reader.object(known: layoutKeys)
        var spec = LayoutSpec()
        spec.givenKeys = Set(layoutKeys.filter(object.has))
        spec.className = try object.optional("class")?.string()
        if let direction = object.optional("scrollDirection") {
            spec.scrollDirection = ScrollDirection(
                name: try direction.choice(ScrollDirection.allCases.map(\.name)))!
        }
        if let size = object.optional("itemSize") { spec.itemSize = try size.size() }
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
        if let value = object.optional("cellInset") { spec.cellInset = try value.nonNegative() }
        if let value = object.optional("appearing") { spec.appearing = try effect(value, appearing: true) }
        if let value = object.optional("disappearing") { spec.disappearing = try effect(value, appearing: false) }
        if let value = object.optional("shiftedCells") {
            spec.shiftedCells = InsetFlowLayout.ShiftedCells(rawValue: try value.choice(["slide", "literalNil"]))!
        }
        return spec
    }

    static func effect(_ reader: ValueReader, appearing: Bool) throws -> InsetFlowLayout.ItemEffect {
        let keys =
            appearing
            ? ["center", "centerFromTrailingEdge", "scale", "alpha", "zIndex"] : ["scale", "alpha", "zIndex"]
        let object = try reader.object(known: keys)
        var effect = InsetFlowLayout.ItemEffect()
        if object.has("center") && object.has("centerFromTrailingEdge") {
            throw SceneError(
                path: reader.path, message: "give either \"center\" or \"centerFromTrailingEdge\", not both")
        }
        if let center = object.optional("center") { effect.center = .absolute(try center.point()) }
        if let anchor = object.optional("centerFromTrailingEdge") {
            let anchorObject = try anchor.object(known: ["dx", "y"])
            effect.center = .fromTrailingEdge(
                dx: try anchorObject.required("dx").number(), y: try anchorObject.required("y").number())
        }
        if let scale = object.optional("scale") { effect.scale = try scale.nonNegative() }
        if let alpha = object.optional("alpha") { effect.alpha = try alpha.nonNegative() }
        if let zIndex = object.optional("zIndex") { effect.zIndex = try zIndex.integer() }
        return effect
    }
}
