import Foundation

/// UIKit's `NSCollectionLayoutDimension`: one axis of an item's size, absolute, estimated or a
/// fraction of its container's width or height. Immutable, as in UIKit.
public final class LayoutDimension: NSObject, NSCopying, @unchecked Sendable {
    /// The solver's semantic codes (NSCollectionLayoutSize: 0 absolute, 1 fractional width,
    /// 2 fractional height, 3 estimated, 4 uniform across siblings).
    enum Semantic: Int, Sendable {
        case absolute = 0
        case fractionalWidth = 1
        case fractionalHeight = 2
        case estimated = 3
        case uniformAcrossSiblings = 4
    }

    let semantic: Semantic
    /// The fraction, the points, or the estimate (UIKit's `dimension`).
    public let dimension: CGFloat

    init(_ semantic: Semantic, _ dimension: CGFloat) {
        self.semantic = semantic
        self.dimension = dimension
    }

    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> LayoutDimension {
        LayoutDimension(.fractionalWidth, fractionalWidth)
    }
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> LayoutDimension {
        LayoutDimension(.fractionalHeight, fractionalHeight)
    }
    public static func absolute(_ absoluteDimension: CGFloat) -> LayoutDimension {
        LayoutDimension(.absolute, absoluteDimension)
    }
    public static func estimated(_ estimatedDimension: CGFloat) -> LayoutDimension {
        LayoutDimension(.estimated, estimatedDimension)
    }
    /// iOS 17: estimated, and every sibling takes the largest size (FlowSim: the estimate).
    public static func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> LayoutDimension {
        LayoutDimension(.uniformAcrossSiblings, estimatedDimension)
    }

    public var isFractionalWidth: Bool { semantic == .fractionalWidth }
    public var isFractionalHeight: Bool { semantic == .fractionalHeight }
    public var isAbsolute: Bool { semantic == .absolute }
    public var isEstimated: Bool { semantic == .estimated || semantic == .uniformAcrossSiblings }
    public var isUniformAcrossSiblings: Bool { semantic == .uniformAcrossSiblings }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// What UIKit's factory says about this value (decompiled UIKit 26.1, CollectionViewCore's
    /// `+[NSCollectionLayoutDimension absoluteDimension:]` and its siblings): a value ≤ 0 is
    /// logged ("… will be a hard-assert soon"; `.uniformAcrossSiblings` asserts already), a
    /// value that is not finite is an assertion. Nil for a valid value. FlowSim's factories cannot
    /// throw, so the layout reports these when it solves.
    var uikitComplaint: (message: String, raises: Bool)? {
        let value = String(format: "%g", Double(dimension))
        if !dimension.isFinite {
            switch semantic {
            case .fractionalWidth:
                return ("Invalid fractional width: \(value). The fraction must be a finite value.", true)
            case .fractionalHeight:
                return ("Invalid fractional height: \(value). The fraction must be a finite value.", true)
            case .absolute: return ("Invalid absolute dimension: \(value). The dimension must be a finite value.", true)
            case .estimated, .uniformAcrossSiblings:
                return ("Invalid estimated dimension: \(value). The dimension must be a finite value.", true)
            }
        }
        guard dimension <= 0 else { return nil }
        let soon = "NOTE: This will be a hard-assert soon, please update your call site."
        switch semantic {
        case .fractionalWidth: return ("Invalid fractional width dimension, must be > 0.0. \(soon)", false)
        case .fractionalHeight: return ("Invalid fractional height dimension, must be > 0.0. \(soon)", false)
        case .absolute: return ("Invalid absolute dimension, must be > 0.0. \(soon)", false)
        case .estimated: return ("Invalid estimated dimension, must be > 0. \(soon)", false)
        case .uniformAcrossSiblings: return ("Invalid estimated dimension (\(value)), must be > 0", true)
        }
    }

    public override var description: String {
        switch semantic {
        case .absolute: return "absolute(\(dimension))"
        case .fractionalWidth: return "fractionalWidth(\(dimension))"
        case .fractionalHeight: return "fractionalHeight(\(dimension))"
        case .estimated: return "estimated(\(dimension))"
        case .uniformAcrossSiblings: return "uniformAcrossSiblings(estimate: \(dimension))"
        }
    }
}

/// UIKit's `NSCollectionLayoutSize`: a width and a height dimension.
public final class LayoutSize: NSObject, NSCopying, @unchecked Sendable {
    public let widthDimension: LayoutDimension
    public let heightDimension: LayoutDimension

    public init(widthDimension width: LayoutDimension, heightDimension height: LayoutDimension) {
        widthDimension = width
        heightDimension = height
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    func dimension(along axis: LayoutAxis) -> LayoutDimension {
        axis == .horizontal ? widthDimension : heightDimension
    }

    /// UIKit's `_containerSizeDependentAxes` test for one axis: the dimension along `axis` is a
    /// fraction of the container's extent along that same axis.
    func dependsOnContainer(along axis: LayoutAxis) -> Bool {
        let dimension = self.dimension(along: axis)
        return axis == .horizontal ? dimension.isFractionalWidth : dimension.isFractionalHeight
    }

    public override var description: String { "{\(widthDimension), \(heightDimension)}" }
}
