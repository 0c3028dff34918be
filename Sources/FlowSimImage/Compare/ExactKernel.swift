/// The `exact` metric: a pixel differs when any of its four bytes differ. Rows are first
/// compared whole with `memcmp`; only rows that differ are walked pixel by pixel.
struct ExactKernel {
    let buffers: PixelBuffers

    func run(canvas: DiffCanvas?) -> Int {
        let width = buffers.width
        var diff = 0
        for y in 0..<buffers.height {
            let rowStart = y &* width
            if buffers.rowsEqual(y) {
                canvas?.fadeRange(rowStart..<(rowStart &+ width))
                continue
            }
            for index in rowStart..<(rowStart &+ width) {
                if PixelBuffers.word(buffers.expected, index)
                    == PixelBuffers.word(buffers.actual, index)
                {
                    canvas?.fade(index)
                } else {
                    diff &+= 1
                    if let canvas { canvas.paint(index, canvas.style.diffColor) }
                }
            }
        }
        return diff
    }
}
