import FlowSim
import FlowSimImage
import Foundation

/// What a frame is drawn into: the collection view's visible size in points, the screen scale,
/// and an optional "chrome" strip above the collection view (in points) where elements at
/// negative y (e.g. an insert coming from above) stay visible.
public struct RenderViewport: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var chromeHeight: Double
    /// A safe area to shade over each frame (status bar, sensor housing, home indicator), or nil.
    public var safeAreaOverlay: EdgeInsets?

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

    /// Largest side Cairo accepts for an image surface.
    public static let maxSide = 32767
    /// Largest `pixelWidth × pixelHeight` rendered: what `PNGDecoder` reads back by default, so
    /// `check` and `diff` can always open a rendered frame.
    public static let maxPixelCount = PNGDecoder.defaultMaxPixelCount

    /// Throws `RenderError.invalidViewport` for empty or non-finite sizes and
    /// `RenderError.viewportTooLarge` when a side exceeds `maxSide` or the pixel count exceeds
    /// `maxPixelCount`. Called before anything is drawn.
    public func validate() throws {
        guard width.isFinite, height.isFinite, width > 0, height > 0, scale.isFinite, scale > 0,
            chromeHeight.isFinite, chromeHeight >= 0
        else { throw RenderError.invalidViewport(self) }
        let w = width * scale
        let h = (chromeHeight + height) * scale
        guard w.rounded() <= Double(RenderViewport.maxSide), h.rounded() <= Double(RenderViewport.maxSide),
            w.rounded() * h.rounded() <= Double(RenderViewport.maxPixelCount)
        else {
            throw RenderError.viewportTooLarge(
                width: w.rounded() < 1e15 ? Int(w.rounded()) : Int.max,
                height: h.rounded() < 1e15 ? Int(h.rounded()) : Int.max)
        }
        guard pixelWidth > 0, pixelHeight > 0 else { throw RenderError.invalidViewport(self) }
    }

    private static func pixels(_ value: Double) -> Int {
        guard value.isFinite, value > 0, value < Double(Int32.max) else { return 0 }
        return Int(value.rounded())
    }
}

/// Rendering failures other than Cairo's own.
public enum RenderError: Error, Equatable, CustomStringConvertible, Sendable {
    case invalidViewport(RenderViewport)
    case unreadableImage(path: String, reason: String)
    /// Pixel size over `RenderViewport.maxSide` per side or `RenderViewport.maxPixelCount` in all.
    case viewportTooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .invalidViewport(let v):
            return "invalid viewport \(v.width)×\(v.height) pt at scale \(v.scale), chrome \(v.chromeHeight) pt"
        case .unreadableImage(let path, let reason):
            return "cannot read image \(path): \(reason)"
        case .viewportTooLarge(let w, let h):
            return "frames of \(w)×\(h) px are too large: at most \(RenderViewport.maxPixelCount) pixels "
                + "(e.g. 8192×8192) and \(RenderViewport.maxSide) px per side; use a smaller scale or viewport"
        }
    }
}

/// Decoded cell images by path, shared by all render threads (decoded once, by `PNGDecoder`:
/// its pixel limit is checked against the header before any pixel memory is allocated, so a tiny
/// file declaring 20000×20000 px fails at once instead of costing gigabytes). Failures are cached
/// too, so a bad path fails every frame the same way, with `RenderError.unreadableImage` naming
/// the file.
public final class ImageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: Result<PremultipliedImage, RenderError>] = [:]
    /// Halvings of decoded images (`image(atPath:drawnAt:_:)`), by path and level (1 = half).
    private var halvings: [String: [Int: PremultipliedImage]] = [:]
    /// Largest image (width × height) decoded.
    public let maxPixelCount: Int

    public init(maxPixelCount: Int = PNGDecoder.defaultMaxPixelCount) {
        self.maxPixelCount = maxPixelCount
    }

    /// The decoder's explanation without the path (the render error adds it).
    static func reason(_ error: PNGDecodingError) -> String {
        switch error.kind {
        case .unreadable: return error.reason
        case .notPNG: return "not a PNG file: \(error.reason)"
        case .corrupt: return "corrupt or truncated PNG: \(error.reason)"
        case .tooLarge: return "image too large: \(error.reason)"
        }
    }

    /// Level `level` of `path`'s halvings, made from `previous` (level − 1) when not made yet.
    func halving(of path: String, level: Int, from previous: PremultipliedImage) throws -> PremultipliedImage {
        lock.lock()
        if let made = halvings[path]?[level] {
            lock.unlock()
            return made
        }
        lock.unlock()
        // Made outside the lock; two threads may both make it, and the first one stored wins.
        let made = previous.halved()
        lock.lock()
        defer { lock.unlock() }
        if let stored = halvings[path]?[level] { return stored }
        halvings[path, default: [:]][level] = made
        return made
    }

    /// One lock per path being decoded: render threads asking for the same image wait for one
    /// decode instead of each decoding it (two 8192² decodes at once are 1 GB).
    private var decoding: [String: NSLock] = [:]

    public func image(atPath path: String) throws -> PremultipliedImage {
        lock.lock()
        if let cached = entries[path] {
            lock.unlock()
            return try cached.get()
        }
        let pathLock = decoding[path] ?? NSLock()
        decoding[path] = pathLock
        lock.unlock()
        pathLock.lock()
        defer { pathLock.unlock() }
        lock.lock()
        if let cached = entries[path] {
            lock.unlock()
            return try cached.get()
        }
        lock.unlock()
        let result: Result<PremultipliedImage, RenderError>
        do {
            result = .success(
                PremultipliedImage(try PNGDecoder.decode(contentsOfFile: path, maxPixelCount: maxPixelCount)))
        } catch let error as PNGDecodingError {
            result = .failure(.unreadableImage(path: path, reason: ImageCache.reason(error)))
        } catch {
            result = .failure(.unreadableImage(path: path, reason: "\(error)"))
        }
        lock.lock()
        entries[path] = result
        lock.unlock()
        return try result.get()
    }
}
