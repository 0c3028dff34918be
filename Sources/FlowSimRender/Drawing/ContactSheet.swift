import FlowSim
import FlowSimImage
import FlowSimStyle
import Foundation

/// Frames laid out in a grid of downscaled thumbnails, each labelled with its time
/// ("t = 0.250 s"). Thumbnails are made one by one (`thumbnail(of:)`) so a render pipeline can
/// drop each full-size frame as soon as it is encoded.
///
/// At most `maxThumbnails` (64) are shown, sampled evenly from the frames, first and last always
/// included (`sampledPositions`), so the sheet stays small whatever the frame count (one
/// thumbnail per frame made renders of ~825+ frames fail with Cairo's "invalid value
/// (typically too big)" after drawing everything).
public struct ContactSheet: Sendable {
    /// Default and largest useful `maxThumbnails`.
    public static let defaultMaxThumbnails = 64

    /// How a render encodes `contact-sheet.png`: the frames' fast setting (zlib level 3, no
    /// filters). The sheet is 1388 × 2556 px for the default scene; level 6 with adaptive
    /// filters spent about 0.19 CPU s of a 1.6 CPU s render on it for a file a viewer decodes to
    /// the same pixels (PNG compression is lossless), so only its bytes and size differ.
    public static let compression: PNGEncoder.Compression = .fast

    /// Thumbnail width in pixels; height keeps the frame's aspect ratio.
    public var thumbnailWidth: Int
    /// Columns; nil picks `ceil(sqrt(count))`, at most 8.
    public var columns: Int?
    public var background: RGBAColor
    public var labelColor: RGBAColor
    public var labelFontSize: Double
    /// Most thumbnails on the sheet (at least 2: first and last).
    public var maxThumbnails: Int = ContactSheet.defaultMaxThumbnails

    public init(
        thumbnailWidth: Int = 160, columns: Int? = nil,
        background: RGBAColor = RGBAColor(red: 1, green: 1, blue: 1),
        labelColor: RGBAColor = RGBAColor(red: 0.2, green: 0.2, blue: 0.22), labelFontSize: Double = 12
    ) {
        self.thumbnailWidth = thumbnailWidth
        self.columns = columns
        self.background = background
        self.labelColor = labelColor
        self.labelFontSize = labelFontSize
    }

    /// `image` scaled to fit a box `thumbnailWidth` pixels wide and twice as tall, keeping its
    /// aspect ratio (Cairo's GOOD filter): a tall, narrow viewport (1.5 × 300 pt) gives a tall,
    /// narrow thumbnail instead of a sheet beyond Cairo's size limits.
    public func thumbnail(of image: RGBAImage) throws -> RGBAImage {
        let boxWidth = Double(max(1, thumbnailWidth))
        let s = min(boxWidth / Double(max(1, image.width)), 2 * boxWidth / Double(max(1, image.height)))
        let width = max(1, Int((Double(image.width) * s).rounded()))
        let height = max(1, Int((Double(image.height) * s).rounded()))
        let source = try ImageSurface(image: image)
        let target = try ImageSurface(width: width, height: height)
        let cr = try Context(surface: target)
        try cr.scale(x: s, y: s)
        try cr.setSource(source, x: 0, y: 0, smooth: true)
        try cr.paint()
        return try target.rgbaImage()
    }

    /// Which of `count` frames (positions 0..<count) go on a sheet of at most `limit`
    /// thumbnails: all when they fit, else `limit` positions spread evenly, first and last
    /// included, ascending and distinct.
    public static func sampledPositions(count: Int, limit: Int) -> [Int] {
        let limit = max(2, limit)
        guard count > limit else { return Array(0..<max(0, count)) }
        let steps = limit - 1
        let span = count - 1
        return (0...steps).map { k in (k * span + steps / 2) / steps }
    }

    /// The label under a thumbnail.
    public static func label(time: Double) -> String {
        String(format: "t = %.3f s", time)
    }

    /// The sheet: thumbnails (all the same size) in a grid, left to right, top to bottom, each
    /// labelled with `times[i]`. More than `maxThumbnails` are sampled (`sampledPositions`).
    public func render(thumbnails allThumbnails: [RGBAImage], times allTimes: [Double]) throws -> RGBAImage {
        var thumbnails = allThumbnails
        var times = allTimes
        if allThumbnails.count > max(2, maxThumbnails) {
            let positions = ContactSheet.sampledPositions(count: allThumbnails.count, limit: maxThumbnails)
            thumbnails = positions.map { allThumbnails[$0] }
            times = positions.map { $0 < allTimes.count ? allTimes[$0] : .nan }
        }
        let builder = try Builder(
            sheet: self, count: thumbnails.count, thumbnailWidth: thumbnails.first?.width ?? max(1, thumbnailWidth),
            thumbnailHeight: thumbnails.first?.height ?? 1, streaming: nil)
        for (index, thumb) in thumbnails.enumerated() {
            try builder.add(thumb, time: index < times.count ? times[index] : .nan)
        }
        return try builder.image()
    }
}
