import FlowSim
import Foundation

/// What a frame is drawn into: the collection view's visible size in points, the screen scale,
/// and an optional "chrome" strip above the collection view (in points) where elements at
/// negative y (e.g. an insert coming from above) stay visible.
public struct RenderViewport: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var chromeHeight: Double

    public init(width: Double, height: Double, scale: Double = 2, chromeHeight: Double = 0) {
        self.width = width
        self.height = height
        self.scale = scale
        self.chromeHeight = chromeHeight
    }

    /// Pixel width: `width × scale`, rounded.
    public var pixelWidth: Int { RenderViewport.pixels(width * scale) }
    /// Pixel height: `(chromeHeight + height) × scale`, rounded.
    public var pixelHeight: Int { RenderViewport.pixels((chromeHeight + height) * scale) }

    private static func pixels(_ value: Double) -> Int {
        guard value.isFinite, value > 0, value < Double(Int32.max) else { return 0 }
        return Int(value.rounded())
    }
}

/// Rendering failures other than Cairo's own.
public enum RenderError: Error, Equatable, CustomStringConvertible, Sendable {
    case invalidViewport(RenderViewport)
    case unreadableImage(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidViewport(let v):
            return "invalid viewport \(v.width)×\(v.height) pt at scale \(v.scale), chrome \(v.chromeHeight) pt"
        case .unreadableImage(let path, let reason):
            return "cannot read image \(path): \(reason)"
        }
    }
}

/// Decoded cell images by path, shared by all render threads (decoded once, through Cairo's PNG
/// reader). Failures are cached too, so a bad path fails every frame the same way.
public final class ImageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: Result<PremultipliedImage, RenderError>] = [:]

    public init() {}

    public func image(atPath path: String) throws -> PremultipliedImage {
        lock.lock()
        if let cached = entries[path] {
            lock.unlock()
            return try cached.get()
        }
        lock.unlock()
        let result: Result<PremultipliedImage, RenderError>
        do {
            result = .success(try ImageSurface(pngPath: path).premultipliedImage())
        } catch let error as CairoError {
            result = .failure(.unreadableImage(path: path, reason: error.message))
        } catch {
            result = .failure(.unreadableImage(path: path, reason: "\(error)"))
        }
        lock.lock()
        entries[path] = result
        lock.unlock()
        return try result.get()
    }
}
