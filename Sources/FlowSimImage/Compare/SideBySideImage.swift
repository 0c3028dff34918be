/// Composes images left to right on a transparent canvas, for reports:
/// `expected | diff | actual`.
public enum SideBySideImage {
    /// Panels are top-aligned, separated by `spacing` transparent columns; the canvas is as
    /// tall as the tallest panel. A `nil` diff (size mismatch) leaves `expected | actual`.
    public static func compose(
        expected: RGBAImage, diff: RGBAImage?, actual: RGBAImage, spacing: Int = 4
    ) -> RGBAImage {
        let panels = [expected, diff, actual].compactMap { $0 }
        let gap = max(spacing, 0)
        let width = panels.reduce(0) { $0 + $1.width } + gap * (panels.count - 1)
        let height = panels.map(\.height).max() ?? 0
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var left = 0
        for panel in panels {
            let rowBytes = panel.width * 4
            for y in 0..<panel.height {
                let source = y * rowBytes
                let target = (y * width + left) * 4
                pixels.replaceSubrange(
                    target..<(target + rowBytes), with: panel.pixels[source..<(source + rowBytes)])
            }
            left += panel.width + gap
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
