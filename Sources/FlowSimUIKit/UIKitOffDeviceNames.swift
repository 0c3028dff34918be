#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // UIKit, Core Graphics and Core Animation names layout files touch beyond the layout itself
    // (colours, paths, shape layers, gesture recognizers, Auto Layout fitting), as values: they
    // compile, are stored and read back, and answer what has an answer off-device. FlowSim draws
    // cells in the scene's style; none of these change the drawing.

    // MARK: Colours and paths (Core Graphics names only where Core Graphics is absent)

    #if !canImport(Darwin)
        /// Core Graphics' `CGColor`: RGBA components (sRGB, 0…1), stored and read back.
        public final class CGColor: Hashable, @unchecked Sendable {
            public let components: [CGFloat]?
            public var alpha: CGFloat { components?.last ?? 1 }
            public var numberOfComponents: Int { components?.count ?? 0 }

            public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
                components = [red, green, blue, alpha]
            }
            public init(gray: CGFloat, alpha: CGFloat) { components = [gray, gray, gray, alpha] }

            public func copy(alpha: CGFloat) -> CGColor? {
                guard let c = components, c.count == 4 else { return nil }
                return CGColor(red: c[0], green: c[1], blue: c[2], alpha: alpha)
            }
            public static func == (a: CGColor, b: CGColor) -> Bool { a.components == b.components }
            public func hash(into hasher: inout Hasher) { hasher.combine(components) }
        }

        /// Core Graphics' `CGPath`: the subpaths as points (curves by their end points), with
        /// `boundingBoxOfPath` and `boundingBox`. Stored and read back (never drawn).
        public class CGPath: @unchecked Sendable {
            /// Each subpath's points, in order.
            public internal(set) var subpaths: [[CGPoint]] = []

            public init() {}
            public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
                self.init()
                subpaths = [
                    [
                        rect.origin, CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.maxY),
                        CGPoint(x: rect.minX, y: rect.maxY),
                    ]
                ]
                if let transform { apply(transform.pointee) }
            }
            public convenience init(
                roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                transform: UnsafePointer<CGAffineTransform>?
            ) {
                self.init(rect: rect, transform: transform)
            }
            public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
                self.init(rect: rect, transform: transform)
            }

            func apply(_ t: CGAffineTransform) {
                subpaths = subpaths.map { $0.map { $0.applying(t) } }
            }

            public var isEmpty: Bool { subpaths.allSatisfy(\.isEmpty) }
            /// The smallest rectangle holding every point.
            public var boundingBoxOfPath: CGRect {
                let points = subpaths.joined()
                guard let first = points.first else { return .null }
                return points.dropFirst().reduce(CGRect(origin: first, size: .zero)) {
                    $0.union(CGRect(origin: $1, size: .zero))
                }
            }
            public var boundingBox: CGRect { boundingBoxOfPath }
        }

        /// Core Graphics' `CGMutablePath`.
        public final class CGMutablePath: CGPath, @unchecked Sendable {
            public override init() { super.init() }
            public func move(to point: CGPoint) { subpaths.append([point]) }
            public func addLine(to point: CGPoint) {
                if subpaths.isEmpty { subpaths.append([]) }
                subpaths[subpaths.count - 1].append(point)
            }
            public func addRect(_ rect: CGRect) { subpaths += CGPath(rect: rect, transform: nil).subpaths }
            public func addPath(_ path: CGPath) { subpaths += path.subpaths }
            public func closeSubpath() {}
        }

        /// Core Foundation's `CFTimeInterval` (seconds), as Core Animation's clock returns it.
        public typealias CFTimeInterval = Double

        /// Core Animation's `CACurrentMediaTime()`: seconds of system uptime, as on iOS. It is
        /// the machine's clock, not the simulation's: a layout that places elements by it is not
        /// deterministic (FlowSim's clock is `collectionView.currentTime`).
        public func CACurrentMediaTime() -> CFTimeInterval { ProcessInfo.processInfo.systemUptime }

        /// Core Animation's `CAShapeLayer`: its path and colours are stored and read back; a shape
        /// layer used as a view's `layer.mask` is not applied to FlowSim's drawing.
        open class CAShapeLayer: Layer {
            open var path: CGPath?
            open var fillColor: CGColor? = CGColor(gray: 0, alpha: 1)
            open var strokeColor: CGColor?
            open var lineWidth: CGFloat = 1
        }
    #endif

    /// UIKit's `UIColor`, as a value: components stored and read back.
    open class UIColor: NSObject, _ExpressibleByColorLiteral, @unchecked Sendable {
        public let cgColor: CGColor

        /// `#colorLiteral(red:green:blue:alpha:)`, as Xcode inserts it into app code.
        public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
            self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        }

        public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
            cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
        }
        public init(white: CGFloat, alpha: CGFloat) { cgColor = CGColor(gray: white, alpha: alpha) }
        public init(cgColor: CGColor) { self.cgColor = cgColor }

        public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
            UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
        }
        open override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.cgColor == cgColor }
        open override var hash: Int { cgColor.hashValue }

        public static let clear = UIColor(white: 0, alpha: 0)
        public static let black = UIColor(white: 0, alpha: 1)
        public static let white = UIColor(white: 1, alpha: 1)
        public static let gray = UIColor(white: 0.5, alpha: 1)
        public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
        public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
        public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        /// iOS's light-mode system blue (#007AFF).
        public static let systemBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
    }

    /// UIKit's `UIBezierPath`: rectangles, rounded rectangles, ovals and lines, with `cgPath` and
    /// `bounds`. Stored and read back (never drawn).
    open class UIBezierPath: NSObject, @unchecked Sendable {
        public let cgPath: CGPath

        public override init() { cgPath = CGMutablePath() }
        public init(cgPath: CGPath) { self.cgPath = cgPath }
        public convenience init(rect: CGRect) { self.init(cgPath: CGPath(rect: rect, transform: nil)) }
        public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
            self.init(
                cgPath: CGPath(roundedRect: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius, transform: nil)
            )
        }
        public convenience init(ovalIn rect: CGRect) { self.init(cgPath: CGPath(ellipseIn: rect, transform: nil)) }

        public var bounds: CGRect { cgPath.boundingBoxOfPath }
        public var isEmpty: Bool { cgPath.isEmpty }
        public func move(to point: CGPoint) { (cgPath as? CGMutablePath)?.move(to: point) }
        public func addLine(to point: CGPoint) { (cgPath as? CGMutablePath)?.addLine(to: point) }
        public func close() { (cgPath as? CGMutablePath)?.closeSubpath() }
    }

    // MARK: Stored view and layer values

    struct DrawingValues {
        var backgroundColor: UIColor?
        var gestureRecognizers: [GestureRecognizer] = []
    }
    let drawingValues = SideTable(default: DrawingValues())

    struct LayerValues {
        var backgroundColor: CGColor?
        var shadowColor: CGColor? = CGColor(gray: 0, alpha: 1)
        var shadowPath: CGPath?
        var mask: Layer?
    }
    let layerValues = SideTable(default: LayerValues())

    extension View {
        /// `UIView.backgroundColor`. Stored and read back (cells are drawn in the scene's style).
        public var backgroundColor: UIColor? {
            get { drawingValues[self].backgroundColor }
            set { drawingValues[self].backgroundColor = newValue }
        }
        /// `UIView.gestureRecognizers`, added with `addGestureRecognizer(_:)`. Inert: no touch
        /// reaches them (the collection view's own pan recognizer follows a scene's scrolls).
        public var gestureRecognizers: [UIGestureRecognizer]? {
            get { drawingValues[self].gestureRecognizers }
            set { drawingValues[self].gestureRecognizers = newValue ?? [] }
        }
        public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
            drawingValues[self].gestureRecognizers.append(recognizer)
        }
        public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
            drawingValues[self].gestureRecognizers.removeAll { $0 === recognizer }
        }

        /// `UIView.layoutFittingCompressedSize`: the smallest size, as Auto Layout's target.
        public static let layoutFittingCompressedSize = CGSize.zero

        /// Auto Layout's answer for a view: FlowSim runs no Auto Layout, so a cell answers its
        /// `fittingSize` (for scene cells: the item's `"fittingSize"`, its image's aspect or its
        /// title, as in self-sizing), any other view the target size.
        public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
            (self as? CollectionReusableView)?.fittingSize ?? targetSize
        }

        /// As `systemLayoutSizeFitting(_:)`, keeping the target's width or height where its
        /// priority is `.required` (a cell sized to the column width keeps that width).
        public func systemLayoutSizeFitting(
            _ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
            verticalFittingPriority vertical: UILayoutPriority
        ) -> CGSize {
            let fit = systemLayoutSizeFitting(targetSize)
            return CGSize(
                width: horizontal >= .required ? targetSize.width : fit.width,
                height: vertical >= .required ? targetSize.height : fit.height)
        }
    }

    extension Layer {
        /// `CALayer.backgroundColor`, `shadowColor`, `shadowPath` and `mask`: stored and read back.
        public var backgroundColor: CGColor? {
            get { layerValues[self].backgroundColor }
            set { layerValues[self].backgroundColor = newValue }
        }
        public var shadowColor: CGColor? {
            get { layerValues[self].shadowColor }
            set { layerValues[self].shadowColor = newValue }
        }
        public var shadowPath: CGPath? {
            get { layerValues[self].shadowPath }
            set { layerValues[self].shadowPath = newValue }
        }
        public var mask: CALayer? {
            get { layerValues[self].mask }
            set { layerValues[self].mask = newValue }
        }
    }

    // MARK: Auto Layout priorities and gesture recognizers

    /// UIKit's `UILayoutPriority`, with UIKit's values.
    public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: Float
        public init(rawValue: Float) { self.rawValue = rawValue }
        public init(_ rawValue: Float) { self.rawValue = rawValue }
        public static let required = UILayoutPriority(1000)
        public static let defaultHigh = UILayoutPriority(750)
        public static let defaultLow = UILayoutPriority(250)
        public static let fittingSizeLevel = UILayoutPriority(50)
        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// UIKit's `UITapGestureRecognizer`: accepted and inert (no touches are simulated). Swift on
    /// Linux has no `#selector`: create it with `init()` (or port the file, objc-port.md).
    open class UITapGestureRecognizer: GestureRecognizer {
        open var numberOfTapsRequired = 1
        open var numberOfTouchesRequired = 1
    }

    /// UIKit's `UILongPressGestureRecognizer`: accepted and inert.
    open class UILongPressGestureRecognizer: GestureRecognizer {
        open var minimumPressDuration: TimeInterval = 0.5
        open var allowableMovement: CGFloat = 10
    }
#endif
