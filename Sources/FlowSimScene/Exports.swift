// A scene's `style` is a `SceneStyle`: code that imports FlowSimScene sees the style types too.
@_exported import FlowSimStyle
