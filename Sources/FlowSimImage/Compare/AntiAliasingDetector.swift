/// pixelmatch's anti-aliasing test, after V. Vysniauskas, "Anti-aliased Pixel and Intensity
/// Slope Detector" (2009).
///
/// A pixel of `image` is anti-aliasing when, among its up to 8 neighbours, it has at most two
/// of equal brightness (a pixel on the image border starts the count at one), it has both a
/// darker and a brighter neighbour, and the darkest or the brightest neighbour (the first one
/// met, scanning columns x−1…x+1 and within each column rows y−1…y+1) has 3+ byte-identical
/// neighbours in *both* images (`hasManySiblings`): it sits in a flat area on one side of an
/// edge, so the centre pixel is the blend between two flat areas.
struct AntiAliasingDetector {
    let width: Int
    let height: Int

    func isAntiAliased(
        _ image: UnsafePointer<UInt8>, other: UnsafePointer<UInt8>, x x1: Int, y y1: Int
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        let centre = YIQColorDelta.brightness(image, (y1 &* width &+ x1) &* 4)
        var minDelta = 0.0
        var maxDelta = 0.0
        var minX = 0
        var minY = 0
        var maxX = 0
        var maxY = 0

        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = centre - YIQColorDelta.brightness(image, (y &* width &+ x) &* 4)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    minX = x
                    minY = y
                } else if delta > maxDelta {
                    maxDelta = delta
                    maxX = x
                    maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }

        return (hasManySiblings(image, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(image, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// The pixel has 3+ byte-identical neighbours (border pixels start the count at one).
    func hasManySiblings(_ image: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        let centre = PixelBuffers.word(image, y1 &* width &+ x1)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if PixelBuffers.word(image, y &* width &+ x) == centre {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }
}
