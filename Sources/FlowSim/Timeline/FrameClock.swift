import Foundation

/// When frames are sampled: `fps` per second from 0 through a duration, the last frame exactly at
/// the end (so the settled state is always shown).
public enum FrameClock {
    /// The most frames `times` returns (about 4.6 hours at 60 fps).
    public static let maximumFrameCount = 1_000_000

    /// Frame times at `fps` from 0 through `duration`, the last exactly at `duration`. A count
    /// within 1e-9 of a whole number is that number (0.5 s at 60 fps is 30 intervals, not 31).
    public static func times(duration: Double, fps: Double) -> [Double] {
        let count = intervals(duration: duration, fps: fps)
        guard count > 0 else { return [0] }
        return (0...count).map { $0 == count ? duration : Double($0) / fps }
    }

    /// How many frames `times(duration:fps:)` returns, without making them.
    public static func count(duration: Double, fps: Double) -> Int {
        intervals(duration: duration, fps: fps) + 1
    }

    /// The intervals between the frames of `times(duration:fps:)` (0: one frame, at 0).
    private static func intervals(duration: Double, fps: Double) -> Int {
        guard duration > 0, fps > 0, duration.isFinite, fps.isFinite else { return 0 }
        // Scenes end by their decoder's time limit; the cap only guards direct callers.
        let exact = min(duration * fps, Double(maximumFrameCount))
        let whole = exact.rounded()
        return abs(exact - whole) < 1e-9 ? Int(whole) : Int(exact.rounded(.down)) + 1
    }
}
