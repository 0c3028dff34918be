import FlowSim
import FlowSimStyle
import Foundation

/// The size a scene cell's content fits in, for self-sizing layouts (`layout.estimatedItemSize`):
/// what the cell's Auto Layout would give on iOS, which FlowSim does not run.
///
/// In order: the item's explicit `fittingSize`; else its image's aspect at the offered (estimated)
/// width, read from the PNG header; else its title measured with a deterministic approximation
/// of the style's font: each character advances `averageAdvance` × `fontSize`, a line is
/// `lineHeight` × `fontSize` tall, plus `titlePadding` on every side, rounded up to whole points.
/// The approximation keeps the scene module free of a text engine (and of Cairo, which only
/// FlowSimRender links) and gives every machine the same frames; give `fittingSize` where exact
/// text metrics matter.
public struct SceneCellFitting: Sendable {
    public var style: SceneStyle
    /// Average glyph advance in ems (DejaVu Sans, the renderer's font, averages about 0.6 over
    /// Latin text).
    public static let averageAdvance = 0.6
    /// Line height in ems.
    public static let lineHeight = 1.2
    /// Space between the title and the cell's edges, each side, in points.
    public static let titlePadding = 8.0

    public init(style: SceneStyle) { self.style = style }

    public func size(of item: ItemData, offered: CGSize) -> CGSize? {
        if let fittingSize = item.fittingSize { return fittingSize }
        if let path = item.imagePath, let (width, height) = Self.pngPixelSize(atPath: path), width > 0 {
            return CGSize(width: offered.width, height: (offered.width * CGFloat(height) / CGFloat(width)).rounded(.up))
        }
        let font = style.fontSize
        let width = Double(item.title.count) * Self.averageAdvance * font + 2 * Self.titlePadding
        let height = Self.lineHeight * font + 2 * Self.titlePadding
        return CGSize(width: width.rounded(.up), height: height.rounded(.up))
    }

    /// Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian); nil for anything
    /// else. Only a regular file is read: a FIFO named as an image never blocks the layout.
    static func pngPixelSize(atPath path: String) -> (Int, Int)? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 24)
        guard read(fd, &bytes, 24) == 24 else { return nil }
        guard bytes[0] == 0x89, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47,
            bytes[12...15].elementsEqual([0x49, 0x48, 0x44, 0x52])
        else { return nil }
        func be32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}
