#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    /// Xcode's `#imageLiteral(resourceName:)` makes a `UIImage`, as UIKit declares.
    public typealias _ImageLiteralType = UIImage

    /// UIKit's `UIImage` without pixels: layout files and the cells beside them name images
    /// (`UIImage(named:)`, `UIImage(systemName:)`, `#imageLiteral(resourceName:)`) and read
    /// `size`; FlowSim ships no asset catalog and draws no images, so every named image exists
    /// (code that force-unwraps one does not trap off-device) and its size is the one given to
    /// `init(size:name:)`, zero otherwise. A layout that sizes cells by a photo's aspect ratio should
    /// take the sizes from its own data in tests, as FlowSim's sample scenes do.
    open class UIImage: NSObject, _ExpressibleByImageLiteral, @unchecked Sendable {
        /// UIKit's `UIImage.RenderingMode`.
        public enum RenderingMode: Int, Sendable {
            case automatic = 0
            case alwaysOriginal = 1
            case alwaysTemplate = 2
        }

        /// UIKit's `UIImage.Configuration`, the base of symbol configurations (carried, unused).
        open class Configuration: NSObject, @unchecked Sendable {}

        /// UIKit's `UIImage.SymbolConfiguration`: a symbol's point size, stored and read back.
        open class SymbolConfiguration: Configuration, @unchecked Sendable {
            public let pointSize: CGFloat
            public init(pointSize: CGFloat) { self.pointSize = pointSize }
        }

        /// The asset or symbol name the image was made from (nil for an unnamed image).
        public let name: String?
        /// The image's size in points (zero: FlowSim loads no pixels).
        public let size: CGSize
        /// UIKit's `renderingMode` (`.automatic` unless `withRenderingMode(_:)` chose another).
        public let renderingMode: RenderingMode
        /// UIKit's `scale` (1: there are no pixels to scale).
        public var scale: CGFloat { 1 }
        /// UIKit's `isSymbolImage`: true for `UIImage(systemName:)`.
        public let isSymbolImage: Bool

        /// An image of `size` points named `name`: for tests that need a photo's size, since
        /// `UIImage(named:)` has no asset to read one from.
        public convenience init(size: CGSize, name: String? = nil) {
            self.init(name: name, size: size, renderingMode: .automatic, isSymbolImage: false)
        }

        init(name: String?, size: CGSize, renderingMode: RenderingMode, isSymbolImage: Bool) {
            self.name = name
            self.size = size
            self.renderingMode = renderingMode
            self.isSymbolImage = isSymbolImage
        }

        /// UIKit's `init(named:)`: an image named `name` (failable as UIKit declares it; never nil here).
        public convenience init?(named name: String) {
            self.init(name: name, size: .zero, renderingMode: .automatic, isSymbolImage: false)
        }

        /// UIKit's `init(named:in:compatibleWith:)`: the bundle and traits are ignored.
        public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traits: TraitCollection?) {
            self.init(named: name)
        }

        /// UIKit's `init(systemName:)`: an SF Symbol by name (failable as UIKit declares it; never nil here).
        public convenience init?(systemName name: String) {
            self.init(name: name, size: .zero, renderingMode: .automatic, isSymbolImage: true)
        }

        /// UIKit's `init(systemName:withConfiguration:)`: the configuration is ignored.
        public convenience init?(systemName name: String, withConfiguration configuration: Configuration?) {
            self.init(systemName: name)
        }

        /// Xcode's `#imageLiteral(resourceName:)`: the image named by the literal.
        public required convenience init(imageLiteralResourceName path: String) {
            self.init(name: path, size: .zero, renderingMode: .automatic, isSymbolImage: false)
        }

        /// UIKit's `withRenderingMode(_:)`: the same image with `renderingMode` set.
        open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
            UIImage(name: name, size: size, renderingMode: renderingMode, isSymbolImage: isSymbolImage)
        }

        /// UIKit's `withTintColor(_:)`: FlowSim draws no images, so the tint is dropped.
        open func withTintColor(_ color: UIColor) -> UIImage { self }

        /// UIKit's `withConfiguration(_:)`: the configuration is ignored.
        open func withConfiguration(_ configuration: Configuration) -> UIImage { self }
    }
#endif
