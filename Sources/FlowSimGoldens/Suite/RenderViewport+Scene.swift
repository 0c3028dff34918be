import FlowSimRender
import FlowSimScene
import Foundation

extension RenderViewport {
    /// The render viewport of a scene's (or a pagination session's) viewport: its size and scale
    /// (or `scale` when given), with the optional chrome strip above. The one place a scene's
    /// viewport becomes a render viewport.
    public init(_ viewport: Viewport, scale: Double? = nil, chromeHeight: Double = 0) {
        let size = viewport.canvasSize ?? CGSize(width: viewport.width, height: viewport.height)
        self.init(
            width: Double(size.width), height: Double(size.height), scale: scale ?? Double(viewport.scale),
            chromeHeight: chromeHeight)
    }
}
