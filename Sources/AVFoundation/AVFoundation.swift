// `import AVFoundation` on Linux: the one AVFoundation function layouts call,
// `AVMakeRect(aspectRatio:insideRect:)` (a photo's height in a waterfall column), over Foundation's
// geometry. Layout files import AVFoundation for it (the Pinterest-style layout tutorials' delegate)
// or by habit with nothing used (MessageKit's MessagesCollectionViewFlowLayout).
//
// Only for Linux: on Apple platforms this module is empty and must never be built into an app.
#if !canImport(Darwin)
    @_exported import Foundation

    /// AVFoundation's `AVMakeRect(aspectRatio:insideRect:)`: the largest rectangle of the aspect
    /// ratio of `aspectRatio` that fits in `boundingRect`, centred in it (Apple: "a scaled `CGRect`
    /// that maintains the aspect ratio specified by `aspectRatio` that fits within
    /// `boundingRect`", used to place a player layer aspect-fit). An empty ratio or rectangle is
    /// not documented; it answers an empty rectangle at the centre rather than a NaN frame.
    public func AVMakeRect(aspectRatio: CGSize, insideRect boundingRect: CGRect) -> CGRect {
        let rect = boundingRect.standardized
        guard aspectRatio.width > 0, aspectRatio.height > 0, rect.width > 0, rect.height > 0 else {
            return CGRect(x: rect.midX, y: rect.midY, width: 0, height: 0)
        }
        let scale = min(rect.width / aspectRatio.width, rect.height / aspectRatio.height)
        let size = CGSize(width: aspectRatio.width * scale, height: aspectRatio.height * scale)
        return CGRect(
            x: rect.midX - size.width / 2, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }
#endif
