import FlowSim
import FlowSimImage
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

extension GoldenSuite {
    /// A scene's comparison keys added with perceptual precision and SSIM (`golden.metric`,
    /// `perceptualPrecision`, `precision`, `ssimThreshold`): `perceptualPrecision` alone selects
    /// the perceptual metric, as swift-snapshot-testing compares perceptually once it is below 1.
    public static func applyComparisonKeys(_ golden: GoldenSpec, to options: inout ImageComparisonOptions) {
        if let name = golden.metric, let metric = ImageComparisonOptions.Metric(rawValue: name) {
            options.metric = metric
        } else if golden.perceptualPrecision != nil {
            options.metric = .perceptual
        }
        if let value = golden.perceptualPrecision { options.perceptualPrecision = value }
        if let value = golden.precision { options.precision = value }
        if let value = golden.ssimThreshold { options.ssimThreshold = value }
    }

    /// Throws `GoldenMaskError` for a mask rectangle that does not lie within the golden image
    /// (`viewport`, in points); element masks follow their elements and are clipped instead.
    public static func checkMasks(_ masks: [GoldenMask], viewport: RenderViewport, scene: String) throws {
        for (index, mask) in masks.enumerated() {
            guard case .rect(let rect) = mask else { continue }
            let inside =
                rect.minX >= -1e-9 && rect.minY >= -1e-9 && rect.width > 0 && rect.height > 0
                && Double(rect.maxX) <= viewport.width + 1e-9 && Double(rect.maxY) <= viewport.height + 1e-9
            if !inside {
                throw GoldenMaskError(
                    scene: scene, index: index, rect: rect, width: viewport.width, height: viewport.height)
            }
        }
    }

    /// The pixel rectangles of `masks` for one golden image: rectangles as given, element ids as
    /// the frames (their transform applied) of the elements with that id in `frame`, moved by the
    /// content offset into image coordinates and clipped to the image.
    public static func maskRects(_ masks: [GoldenMask], frame: PresentedFrame, viewport: RenderViewport)
        -> [ImageMaskRect]
    {
        var rects: [ImageMaskRect] = []
        let width = viewport.pixelWidth
        let height = viewport.pixelHeight
        for mask in masks {
            switch mask {
            case .rect(let rect):
                rects.append(
                    .covering(
                        x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width),
                        height: Double(rect.height), scale: viewport.scale,
                        label:
                            "[\(formatNumber(Double(rect.minX))), \(formatNumber(Double(rect.minY))), \(formatNumber(Double(rect.width))), \(formatNumber(Double(rect.height)))]"
                    ))
            case .element(let id):
                for element in frame.elements where element.id == id && !element.isHidden {
                    let box = boundingBox(element)
                    var pixels = ImageMaskRect.covering(
                        x: Double(box.minX - frame.contentOffset.x),
                        y: Double(box.minY - frame.contentOffset.y) + viewport.chromeHeight,
                        width: Double(box.width), height: Double(box.height), scale: viewport.scale, label: id)
                    // Clipped: an element partly off screen masks what is on screen.
                    let x1 = min(pixels.x + pixels.width, width)
                    let y1 = min(pixels.y + pixels.height, height)
                    pixels.x = max(pixels.x, 0)
                    pixels.y = max(pixels.y, 0)
                    pixels.width = x1 - pixels.x
                    pixels.height = y1 - pixels.y
                    if pixels.width > 0 && pixels.height > 0 { rects.append(pixels) }
                }
            }
        }
        return rects
    }

    /// The frame of an element with its affine transform applied about its center.
    static func boundingBox(_ element: PresentedElement) -> CGRect {
        let t = element.transform
        let frame = element.frame
        guard !t.isIdentity else { return frame }
        let c = element.center
        let corners = [
            (frame.minX, frame.minY), (frame.maxX, frame.minY), (frame.minX, frame.maxY), (frame.maxX, frame.maxY),
        ].map { x, y -> CGPoint in
            let dx = x - c.x
            let dy = y - c.y
            return CGPoint(x: c.x + t.a * dx + t.c * dy + t.tx, y: c.y + t.b * dx + t.d * dy + t.ty)
        }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

/// A golden mask rectangle that is not inside the golden image.
public struct GoldenMaskError: Error, Equatable, CustomStringConvertible, Sendable {
    public var scene: String
    /// Its index in the scene's `golden.mask` followed by `check --mask`.
    public var index: Int
    public var rect: CGRect
    public var width: Double
    public var height: Double

    public var description: String {
        let r = [rect.minX, rect.minY, rect.width, rect.height].map { formatNumber(Double($0)) }.joined(separator: ", ")
        return "scene \"\(scene)\": mask [\(r)] (golden.mask[\(index)], or --mask after the scene's) is not inside the "
            + "\(formatNumber(width))×\(formatNumber(height)) pt golden image; a mask must lie within it"
    }
}
