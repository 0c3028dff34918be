import FlowSim
import Foundation

/// `"layout": {"compositional": …}`: a compositional layout as values (see docs/scene-format.md).
extension SceneDecoder {
    static let compositionalKeys: [SceneKey] = [
        SceneKey("scrollDirection", .choice(ScrollDirection.allCases.map(\.name)), "vertical or horizontal"),
        SceneKey("interSectionSpacing", .number, "space between sections in points"),
        SceneKey(
            "contentInsetsReference", .choice(insetsReferenceNames),
            "the insets sections are measured from (default safeArea)"),
        SceneKey(
            "sections", .array(.object("compositionalSection")),
            "section definitions; scene section i uses the i-th, or the last", required: true),
        SceneKey(
            "boundarySupplementaryItems", .array(.object("boundaryItem")), "headers and footers of the whole layout"),
    ]
    static let compositionalSectionKeys: [SceneKey] = [
        SceneKey("group", .object("compositionalItem"), "the section's root group (an item with \"subitems\")"),
        SceneKey("list", .object("list"), "a list section instead of a group"),
        SceneKey("contentInsets", .object("directionalInsets"), "the section's content insets"),
        SceneKey("interGroupSpacing", .number, "space between groups in points"),
        SceneKey(
            "orthogonalScrollingBehavior", .choice(orthogonalNames),
            "scroll the section across the layout's axis (frames at offset 0)"),
        SceneKey("boundarySupplementaryItems", .array(.object("boundaryItem")), "the section's headers and footers"),
        SceneKey("decorationItems", .array(.object("decorationItem")), "backgrounds behind the section"),
        SceneKey("supplementariesFollowContentInsets", .bool, "headers take the section's side insets (default true)"),
        SceneKey(
            "contentInsetsReference", .choice(insetsReferenceNames),
            "the insets the section is measured from (default automatic: the layout's)"),
        SceneKey(
            "supplementaryContentInsetsReference", .choice(insetsReferenceNames),
            "the insets headers are measured from when they do not follow the content insets"),
    ]
    static let compositionalItemKeys: [SceneKey] = [
        SceneKey("size", .object("layoutSize"), "width and height dimensions", required: true),
        SceneKey("contentInsets", .object("directionalInsets"), "insets inside the item's size"),
        SceneKey("edgeSpacing", .object("edgeSpacing"), "space outside the item's edges"),
        SceneKey(
            "supplementaryItems", .array(.object("supplementaryItem")),
            "badges anchored to the item (or to each instance of a group)"),
        SceneKey("axis", .choice(["horizontal", "vertical"]), "a group's axis (groups only)"),
        SceneKey("subitems", .array(.object("compositionalItem")), "a group's items (makes this a group)"),
        SceneKey("count", .integer(minimum: 1), "subitem:count: — exactly this many, each 1/count of the group"),
        SceneKey("repeatingCount", .integer(minimum: 1), "repeatingSubitem:count: — exactly this many"),
        SceneKey("interItemSpacing", .oneOf([.number, .object("spacing")]), "space between a group's items"),
    ]
    static let layoutSizeKeys: [SceneKey] = [
        SceneKey("width", .object("dimension"), "the width dimension", required: true),
        SceneKey("height", .object("dimension"), "the height dimension", required: true),
    ]
    static let dimensionKeys: [SceneKey] = [
        SceneKey("fractionalWidth", .number, "a fraction of the container's width"),
        SceneKey("fractionalHeight", .number, "a fraction of the container's height"),
        SceneKey("absolute", .nonNegative, "points"),
        SceneKey("estimated", .nonNegative, "an estimate in points (laid out at the estimate)"),
        SceneKey("uniformAcrossSiblings", .nonNegative, "an estimate shared by siblings"),
    ]
    static let spacingKeys: [SceneKey] = [
        SceneKey("fixed", .number, "exactly this many points"),
        SceneKey("flexible", .number, "at least this many points, sharing the space left"),
    ]
    static let edgeSpacingKeys: [SceneKey] = ["leading", "top", "trailing", "bottom"].map {
        SceneKey($0, .oneOf([.number, .object("spacing")]), "spacing outside the \($0) edge")
    }
    static let directionalInsetsKeys: [SceneKey] = ["top", "leading", "bottom", "trailing"].map {
        SceneKey($0, .number, "\($0) inset in points")
    }
    static let supplementaryItemKeys: [SceneKey] = [
        SceneKey("elementKind", .string, "the supplementary view's kind", required: true),
        SceneKey("size", .object("layoutSize"), "width and height dimensions", required: true),
        SceneKey("containerAnchor", .object("anchor"), "where it attaches to the item", required: true),
        SceneKey("zIndex", .integer(minimum: nil), "z index (default 1)"),
        SceneKey("contentInsets", .object("directionalInsets"), "insets inside its size"),
    ]
    static let anchorKeys: [SceneKey] = [
        SceneKey("edges", .array(.choice(edgeNames)), "the edges to attach to (none: the centre)", required: true),
        SceneKey("absoluteOffset", .object("point"), "an offset in points"),
        SceneKey("fractionalOffset", .object("point"), "an offset in fractions of the supplementary's size"),
    ]
    static let boundaryItemKeys: [SceneKey] = [
        SceneKey(
            "elementKind", .string, "\"header\", \"footer\" (UIKit's section kinds) or any kind string", required: true),
        SceneKey("size", .object("layoutSize"), "width and height dimensions", required: true),
        SceneKey("alignment", .choice(RectAlignment.allCases.map(\.name)), "where it sits", required: true),
        SceneKey("absoluteOffset", .object("point"), "an offset in points"),
        SceneKey("extendsBoundary", .bool, "outside the content, growing the section (default true)"),
        SceneKey("pinToVisibleBounds", .bool, "stays visible while its section scrolls past"),
        SceneKey("zIndex", .integer(minimum: nil), "z index (default 1)"),
        SceneKey("contentInsets", .object("directionalInsets"), "insets inside its size"),
    ]
    static let decorationItemKeys: [SceneKey] = [
        SceneKey("background", .string, "a background of this element kind", required: true),
        SceneKey("contentInsets", .object("directionalInsets"), "insets inside the section's frame"),
        SceneKey("zIndex", .integer(minimum: nil), "z index (default 0)"),
    ]
    static let listKeys: [SceneKey] = [
        SceneKey("appearance", .choice(appearanceNames), "the list's appearance", required: true),
        SceneKey("headerMode", .choice(["none", "supplementary", "firstItemInSection"]), "section headers"),
        SceneKey("footerMode", .choice(["none", "supplementary"]), "section footers"),
        SceneKey("headerTopPadding", .nonNegative, "extra space above each header"),
    ]

    static let compositionalKeyTables: [(name: String, keys: [SceneKey])] = [
        ("compositional", compositionalKeys), ("compositionalSection", compositionalSectionKeys),
        ("compositionalItem", compositionalItemKeys), ("layoutSize", layoutSizeKeys), ("dimension", dimensionKeys),
        ("spacing", spacingKeys), ("edgeSpacing", edgeSpacingKeys), ("directionalInsets", directionalInsetsKeys),
        ("supplementaryItem", supplementaryItemKeys), ("anchor", anchorKeys), ("boundaryItem", boundaryItemKeys),
        ("decorationItem", decorationItemKeys), ("list", listKeys),
    ]

    static let orthogonalNames = [
        "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered",
    ]
    static let edgeNames = ["top", "leading", "bottom", "trailing"]
    /// `UIContentInsetsReference`'s cases, in raw-value order.
    static let insetsReferenceNames = ["automatic", "none", "safeArea", "layoutMargins", "readableContent"]

    static func insetsReference(_ reader: ValueReader) throws -> ContentInsetsReference {
        ContentInsetsReference(rawValue: insetsReferenceNames.firstIndex(of: try reader.choice(insetsReferenceNames))!)!
    }
    static let appearanceNames = ["plain", "grouped", "insetGrouped", "sidebar", "sidebarPlain"]

    // MARK: Decoding

    static func compositional(_ reader: ValueReader) throws -> CompositionalSpec {
        let object = try reader.object(known: compositionalKeys)
        var spec = CompositionalSpec()
        if let direction = object.optional("scrollDirection") {
            spec.scrollDirection = ScrollDirection(name: try direction.choice(ScrollDirection.allCases.map(\.name)))!
        }
        if let value = object.optional("interSectionSpacing") { spec.interSectionSpacing = try value.number() }
        if let value = object.optional("contentInsetsReference") {
            spec.contentInsetsReference = try insetsReference(value)
        }
        let sections = try object.required("sections").array()
        guard !sections.isEmpty else {
            throw SceneError(
                path: reader.child("sections"), .needsAtLeastOne(container: "\"sections\"", element: "section"))
        }
        spec.sections = try sections.map(compositionalSection)
        if let items = object.optional("boundarySupplementaryItems") {
            spec.boundarySupplementaryItems = try items.array().map(boundaryItem)
        }
        return spec
    }

    static func compositionalSection(_ reader: ValueReader) throws -> CompositionalSpec.Section {
        let object = try reader.object(known: compositionalSectionKeys)
        var section = CompositionalSpec.Section()
        switch (object.optional("group"), object.optional("list")) {
        case (let group?, nil):
            let item = try compositionalItem(group)
            guard item.axis != nil else {
                throw group.error("a section's group needs \"subitems\" and an \"axis\"")
            }
            section.group = item
        case (nil, let list?): section.list = try self.list(list)
        case (nil, nil): throw reader.error(.needsOneOf(["group", "list"]))
        default: throw reader.error(.conflictingKeys("group", "list"))
        }
        if let value = object.optional("contentInsets") { section.contentInsets = try directionalInsets(value) }
        if let value = object.optional("interGroupSpacing") { section.interGroupSpacing = try value.number() }
        if let value = object.optional("orthogonalScrollingBehavior") {
            section.orthogonalScrollingBehavior = OrthogonalScrollingBehavior(
                rawValue: orthogonalNames.firstIndex(of: try value.choice(orthogonalNames))!)!
        }
        if let items = object.optional("boundarySupplementaryItems") {
            section.boundarySupplementaryItems = try items.array().map(boundaryItem)
        }
        if let items = object.optional("decorationItems") {
            section.decorationItems = try items.array().map { item in
                let decoration = try item.object(known: decorationItemKeys)
                var spec = CompositionalSpec.Decoration(elementKind: try decoration.required("background").string())
                if let value = decoration.optional("contentInsets") {
                    spec.contentInsets = try directionalInsets(value)
                }
                if let value = decoration.optional("zIndex") { spec.zIndex = try value.integer() }
                return spec
            }
        }
        if let value = object.optional("supplementariesFollowContentInsets") {
            section.supplementariesFollowContentInsets = try value.bool()
        }
        if let value = object.optional("contentInsetsReference") {
            section.contentInsetsReference = try insetsReference(value)
        }
        if let value = object.optional("supplementaryContentInsetsReference") {
            section.supplementaryContentInsetsReference = try insetsReference(value)
        }
        return section
    }

    static func compositionalItem(_ reader: ValueReader) throws -> CompositionalSpec.Item {
        let object = try reader.object(known: compositionalItemKeys)
        var item = CompositionalSpec.Item(size: try layoutSize(try object.required("size")))
        if let value = object.optional("contentInsets") { item.contentInsets = try directionalInsets(value) }
        if let value = object.optional("edgeSpacing") {
            let edges = try value.object(known: edgeSpacingKeys)
            item.edgeSpacing = CompositionalSpec.EdgeSpacing(
                leading: try edges.optional("leading").map(spacing), top: try edges.optional("top").map(spacing),
                trailing: try edges.optional("trailing").map(spacing), bottom: try edges.optional("bottom").map(spacing)
            )
        }
        if let value = object.optional("supplementaryItems") {
            item.supplementaryItems = try value.array().map(supplementaryItem)
        }
        guard let subitems = object.optional("subitems") else {
            for key in ["axis", "count", "repeatingCount", "interItemSpacing"] where object.has(key) {
                throw SceneError(
                    path: reader.child(key), message: "\"\(key)\" is for groups: give the group its \"subitems\"")
            }
            return item
        }
        item.axis =
            try object.required("axis").choice(["horizontal", "vertical"]) == "horizontal" ? .horizontal : .vertical
        item.subitems = try subitems.array().map(compositionalItem)
        if item.subitems.isEmpty { throw subitems.error(.needsAtLeastOne(container: "a group", element: "subitem")) }
        if object.has("count") && object.has("repeatingCount") {
            throw reader.error(.conflictingKeys("count", "repeatingCount"))
        }
        for key in ["count", "repeatingCount"] where object.has(key) && item.subitems.count != 1 {
            throw SceneError(path: reader.child(key), message: "\"\(key)\" repeats exactly one subitem")
        }
        if let value = object.optional("count") { item.fill = .count(try value.integer(min: 1)) }
        if let value = object.optional("repeatingCount") { item.fill = .repeating(try value.integer(min: 1)) }
        if let value = object.optional("interItemSpacing") { item.interItemSpacing = try spacing(value) }
        return item
    }

    static func layoutSize(_ reader: ValueReader) throws -> CompositionalSpec.Size {
        let object = try reader.object(known: layoutSizeKeys)
        return CompositionalSpec.Size(
            width: try dimension(try object.required("width")), height: try dimension(try object.required("height")))
    }

    static func dimension(_ reader: ValueReader) throws -> CompositionalSpec.Dimension {
        let object = try reader.object(known: dimensionKeys)
        let given = CompositionalSpec.Dimension.Kind.allCases.filter { object.has($0.rawValue) }
        guard given.count == 1, let kind = given.first, let value = object.optional(kind.rawValue) else {
            throw reader.error(.needsOneOf(dimensionKeys.map(\.name)))
        }
        switch kind {
        case .fractionalWidth, .fractionalHeight: return .init(kind: kind, value: try value.number())
        default: return .init(kind: kind, value: try value.nonNegative())
        }
    }

    /// A number (fixed) or `{"fixed": n}` / `{"flexible": n}`.
    static func spacing(_ reader: ValueReader) throws -> CompositionalSpec.Spacing {
        if case .number = reader.value { return .init(value: try reader.number(), isFlexible: false) }
        let object = try reader.object(known: spacingKeys)
        switch (object.optional("fixed"), object.optional("flexible")) {
        case (let fixed?, nil): return .init(value: try fixed.number(), isFlexible: false)
        case (nil, let flexible?): return .init(value: try flexible.number(), isFlexible: true)
        default: throw reader.error(.needsOneOf(["fixed", "flexible"]))
        }
    }

    static func directionalInsets(_ reader: ValueReader) throws -> DirectionalEdgeInsets {
        let object = try reader.object(known: directionalInsetsKeys)
        return DirectionalEdgeInsets(
            top: try object.optional("top")?.number() ?? 0, leading: try object.optional("leading")?.number() ?? 0,
            bottom: try object.optional("bottom")?.number() ?? 0,
            trailing: try object.optional("trailing")?.number() ?? 0)
    }

    static func supplementaryItem(_ reader: ValueReader) throws -> CompositionalSpec.Supplementary {
        let object = try reader.object(known: supplementaryItemKeys)
        let anchorReader = try object.required("containerAnchor")
        let anchor = try anchorReader.object(known: anchorKeys)
        var edges: DirectionalRectEdge = []
        for edge in try anchor.required("edges").array() {
            switch try edge.choice(edgeNames) {
            case "top": edges.insert(.top)
            case "leading": edges.insert(.leading)
            case "bottom": edges.insert(.bottom)
            default: edges.insert(.trailing)
            }
        }
        if anchor.has("absoluteOffset") && anchor.has("fractionalOffset") {
            throw anchorReader.error(.conflictingKeys("absoluteOffset", "fractionalOffset"))
        }
        var spec = CompositionalSpec.Supplementary(
            elementKind: try object.required("elementKind").string(), size: try layoutSize(try object.required("size")),
            edges: edges, offset: try anchor.optional("absoluteOffset")?.point() ?? .zero, isFractionalOffset: false,
            zIndex: try object.optional("zIndex")?.integer(), contentInsets: .zero)
        if let fractional = anchor.optional("fractionalOffset") {
            spec.offset = try fractional.point()
            spec.isFractionalOffset = true
        }
        if let value = object.optional("contentInsets") { spec.contentInsets = try directionalInsets(value) }
        return spec
    }

    static func boundaryItem(_ reader: ValueReader) throws -> CompositionalSpec.Boundary {
        let object = try reader.object(known: boundaryItemKeys)
        var kind = try object.required("elementKind").string()
        if kind == "header" { kind = FlowLayout.elementKindSectionHeader }
        if kind == "footer" { kind = FlowLayout.elementKindSectionFooter }
        let names = RectAlignment.allCases.map(\.name)
        let alignmentName = try object.required("alignment").choice(names)
        var spec = CompositionalSpec.Boundary(
            elementKind: kind, size: try layoutSize(try object.required("size")),
            alignment: RectAlignment.allCases.first { $0.name == alignmentName }!)
        if let value = object.optional("absoluteOffset") { spec.offset = try value.point() }
        if let value = object.optional("extendsBoundary") { spec.extendsBoundary = try value.bool() }
        if let value = object.optional("pinToVisibleBounds") { spec.pinToVisibleBounds = try value.bool() }
        if let value = object.optional("zIndex") { spec.zIndex = try value.integer() }
        if let value = object.optional("contentInsets") { spec.contentInsets = try directionalInsets(value) }
        return spec
    }

    static func list(_ reader: ValueReader) throws -> CompositionalSpec.List {
        let object = try reader.object(known: listKeys)
        let appearance = try object.required("appearance").choice(appearanceNames)
        var spec = CompositionalSpec.List(
            appearance: ListConfiguration.Appearance(rawValue: appearanceNames.firstIndex(of: appearance)!)!)
        if let value = object.optional("headerMode") {
            let names = ["none", "supplementary", "firstItemInSection"]
            spec.headerMode = ListConfiguration.HeaderMode(rawValue: names.firstIndex(of: try value.choice(names))!)!
        }
        if let value = object.optional("footerMode") {
            let names = ["none", "supplementary"]
            spec.footerMode = ListConfiguration.FooterMode(rawValue: names.firstIndex(of: try value.choice(names))!)!
        }
        if let value = object.optional("headerTopPadding") { spec.headerTopPadding = try value.nonNegative() }
        return spec
    }
}

extension RectAlignment {
    /// The scene name: UIKit's case name.
    var name: String {
        switch self {
        case .none: return "none"
        case .top: return "top"
        case .topLeading: return "topLeading"
        case .leading: return "leading"
        case .bottomLeading: return "bottomLeading"
        case .bottom: return "bottom"
        case .bottomTrailing: return "bottomTrailing"
        case .trailing: return "trailing"
        case .topTrailing: return "topTrailing"
        }
    }
}
