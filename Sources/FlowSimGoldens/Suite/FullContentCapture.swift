import FlowSim
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// Whole-content captures (`flowsim render --full-content`, a scene's `golden.fullContent`): one
/// image of the entire content size at a time, as if the collection view were as tall (and as
/// wide) as its content, with every element the layout returns for the content rect
/// (`CollectionView.fullContentPresentation(at:)`).
public enum FullContentCapture {
    /// The capture's size in points: the content size, at least the viewport's on each axis (a
    /// short list still fills its screen).
    public static func size(of simulation: SceneSimulation) -> CGSize {
        simulation.layout.prepareIfNeeded()
        let content = simulation.layout.collectionViewContentSize
        let viewport = RenderViewport(simulation.scene.viewport)
        return CGSize(
            width: max(Double(content.width), viewport.width), height: max(Double(content.height), viewport.height))
    }

    /// The render viewport of a capture at `scale` (nil: the scene's), checked against the pixel
    /// limits with a message that names the content size.
    public static func viewport(of simulation: SceneSimulation, scale: Double? = nil) throws -> RenderViewport {
        let size = size(of: simulation)
        let viewport = RenderViewport(
            width: Double(size.width), height: Double(size.height),
            scale: scale ?? Double(simulation.scene.viewport.scale))
        do {
            try viewport.validate()
        } catch RenderError.viewportTooLarge(let width, let height) {
            throw FullContentError(
                width: viewport.width, height: viewport.height, scale: viewport.scale, pixels: (width, height))
        }
        return viewport
    }

    /// The frame a capture draws at `time`: content offset zero, every element of the content.
    public static func frame(of simulation: SceneSimulation, index: Int, time: Double) -> PresentedFrame {
        PresentedFrame(
            index: index, time: time, contentOffset: .zero,
            elements: simulation.collectionView.fullContentPresentation(at: time))
    }
}

/// A whole content too large for one PNG.
public struct FullContentError: Error, Equatable, CustomStringConvertible, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var pixels: (width: Int, height: Int)

    public static func == (a: FullContentError, b: FullContentError) -> Bool {
        a.width == b.width && a.height == b.height && a.scale == b.scale && a.pixels == b.pixels
    }

    public var description: String {
        "the whole content is \(formatNumber(width))×\(formatNumber(height)) pt, \(pixels.width)×\(pixels.height) px at scale "
            + "\(formatNumber(scale)): too large for one image (at most \(RenderViewport.maxPixelCount) pixels and "
            + "\(RenderViewport.maxSide) px per side); use a smaller scale (--scale, golden.scale)"
    }
}
