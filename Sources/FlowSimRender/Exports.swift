// Frames come out of Render as `RGBAImage`s and go into the image codecs: code that imports
// FlowSimRender (as before FlowSimImage was its own module) sees the image types too.
@_exported import FlowSimImage
