import FlowSimRender
import FlowSimScene

extension Scene {
    /// Runs `body`, which renders this scene: a cell image the renderer cannot read is told as
    /// the scene's error at the key naming it (`scene.json: sections[0].items[3].image: cannot
    /// read image …`); the renderer knows paths, not scenes. An image no key names (a paged
    /// item's) keeps the renderer's error.
    public func namingImageKeys<T>(source: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch RenderError.unreadableImage(let path, let reason) {
            guard let key = imageKey(forPath: path) else {
                throw RenderError.unreadableImage(path: path, reason: reason)
            }
            throw SceneError(source: source, path: key, .unreadableImage(path: path, reason: reason))
        }
    }
}
