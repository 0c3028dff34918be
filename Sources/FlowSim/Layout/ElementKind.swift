import Foundation

/// What kind of element an attribute set describes, as UIKit identifies it: the category
/// (`representedElementCategory`: cell, supplementary view or decoration view) and, for the
/// latter two, the kind string (`representedElementKind`). Any string is a kind, as in UIKit;
/// `.header` and `.footer` are the supplementary kinds `UICollectionView.elementKindSectionHeader`
/// and `…Footer`.
///
/// Until 0.3 this was an enum of three cases (cell, header, footer) and every other kind was
/// read as a header. `.cell`, `.header`, `.footer`, `rawValue` and `allCases` keep their meaning.
public struct ElementKind: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// UIKit's `UICollectionView.ElementCategory` without its C enum, so it can be switched on
    /// exhaustively.
    public enum Category: Int, Sendable, Comparable {
        case cell, supplementary, decoration

        public static func < (a: Category, b: Category) -> Bool { a.rawValue < b.rawValue }
    }

    public let category: Category
    /// UIKit's `representedElementKind`: nil for cells, the kind string otherwise.
    public let representedElementKind: String?

    private init(category: Category, representedElementKind: String?) {
        self.category = category
        self.representedElementKind = representedElementKind
    }

    public static let cell = ElementKind(category: .cell, representedElementKind: nil)
    /// `UICollectionView.elementKindSectionHeader`.
    public static let header = ElementKind.supplementary(FlowLayout.elementKindSectionHeader)
    /// `UICollectionView.elementKindSectionFooter`.
    public static let footer = ElementKind.supplementary(FlowLayout.elementKindSectionFooter)

    /// The standard kinds (the cases of the enum this type replaced).
    public static let allCases: [ElementKind] = [.cell, .header, .footer]

    /// A supplementary view of `kind` (UIKit's `forSupplementaryViewOfKind:`).
    public static func supplementary(_ kind: String) -> ElementKind {
        ElementKind(category: .supplementary, representedElementKind: kind)
    }

    /// A decoration view of `kind` (UIKit's `forDecorationViewOfKind:`).
    public static func decoration(_ kind: String) -> ElementKind {
        ElementKind(category: .decoration, representedElementKind: kind)
    }

    /// The supplementary kind `kind` (kept from the enum, which read every unknown kind as a header).
    public init(supplementaryKind kind: String) { self = .supplementary(kind) }

    /// The kind of `attributes`.
    public init(_ attributes: LayoutAttributes) {
        switch attributes.representedElementCategory {
        case .supplementaryView: self = .supplementary(attributes.representedElementKind ?? "")
        case .decorationView: self = .decoration(attributes.representedElementKind ?? "")
        default: self = .cell
        }
    }

    /// The name FlowSim's JSON gives the kind: `cell`, `header` and `footer` for cells and
    /// UIKit's two standard supplementary kinds; `supplementary` or `decoration` otherwise (the
    /// kind string then goes in `elementKind`).
    public var rawValue: String {
        switch self {
        case .cell: return "cell"
        case .header: return "header"
        case .footer: return "footer"
        default: return category == .decoration ? "decoration" : "supplementary"
        }
    }

    /// The kind string JSON writes as `elementKind`: nil for cells, headers and footers.
    public var customKind: String? {
        switch self {
        case .cell, .header, .footer: return nil
        default: return representedElementKind
        }
    }

    /// UIKit's kind string, nil for cells (as `representedElementKind`).
    public var supplementaryKind: String? { representedElementKind }

    /// `cell`, `header`, `footer`, `supplementary(kind)`, `decoration(kind)`.
    public var description: String {
        customKind.map { "\(rawValue)(\($0))" } ?? rawValue
    }

    /// The prefix of a supplementary or decoration element's identity (`header`, `footer`, or
    /// the kind string itself).
    var identityPrefix: String { customKind ?? rawValue }

    /// Where the kind goes among elements of one section when nothing else orders them:
    /// decorations (usually backgrounds), header, cells, footer, then other supplementary views
    /// (badges and the like, above the cells they decorate); kinds of one rank by kind string.
    /// The first three keep the order FlowSim always had.
    private var rank: Int {
        switch self {
        case .header: return 1
        case .cell: return 2
        case .footer: return 3
        default: return category == .decoration ? 0 : 4
        }
    }

    public static func < (lhs: ElementKind, rhs: ElementKind) -> Bool {
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        return (lhs.representedElementKind ?? "") < (rhs.representedElementKind ?? "")
    }
}
