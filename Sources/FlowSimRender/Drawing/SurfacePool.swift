import Foundation

/// Frame surfaces handed back after their frame is encoded, for the next frame of the same size:
/// a new Cairo surface is a zero-filled allocation of the whole frame (4 MB at 750 × 1334 px)
/// that the background then paints over anyway. Only renderers whose background is opaque take
/// from it (`FrameRenderer.repaintsEverySurfacePixel`); a translucent one would show what the last
/// frame left behind.
final class SurfacePool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [ImageSurface] = []
    /// Most surfaces kept (one per worker is all a render reuses).
    let limit: Int

    init(limit: Int) { self.limit = max(1, limit) }

    /// A kept surface of exactly this size, or nil.
    func take(width: Int, height: Int) -> ImageSurface? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = free.lastIndex(where: { $0.width == width && $0.height == height }) else { return nil }
        return free.remove(at: index)
    }

    /// Keeps `surface` for a later `take` (dropping the oldest beyond `limit`).
    func give(_ surface: ImageSurface) {
        lock.lock()
        defer { lock.unlock() }
        free.append(surface)
        if free.count > limit { free.removeFirst() }
    }
}
