/// One global palette of at most 256 colours for every frame of an animation, chosen by median
/// cut over a histogram of all frames' colours (5 bits per channel; each box's colour is the
/// exact mean of the pixels in it, so a flat colour that fills its own bins comes out exact),
/// and the mapping of a pixel to its nearest palette entry (cached by colour, 7 bits per channel).
public struct GIFPalette: Sendable, Equatable {
    /// Opaque colours, `(r, g, b)`; index `colors.count` is the transparent one when
    /// `transparentIndex` is set.
    public var colors: [(r: UInt8, g: UInt8, b: UInt8)] {
        stride(from: 0, to: rgb.count, by: 3).map { (rgb[$0], rgb[$0 + 1], rgb[$0 + 2]) }
    }
    /// The colours as r, g, b bytes.
    public private(set) var rgb: [UInt8]
    /// The index pixels with alpha below 128 map to (nil: every pixel is opaque enough).
    public private(set) var transparentIndex: Int?

    public static func == (a: GIFPalette, b: GIFPalette) -> Bool {
        a.rgb == b.rgb && a.transparentIndex == b.transparentIndex
    }

    /// Colour counts gathered over frames, then turned into a palette.
    public struct Histogram: Sendable {
        static let bins = 1 << 15
        var count = [Int](repeating: 0, count: bins)
        var sumR = [Int](repeating: 0, count: bins)
        var sumG = [Int](repeating: 0, count: bins)
        var sumB = [Int](repeating: 0, count: bins)
        var hasTransparency = false

        public init() {}

        /// Adds an image's pixels (RGBA, straight alpha); pixels with alpha below 128 are counted as
        /// transparent, not as colours.
        public mutating func add(_ image: RGBAImage) {
            image.pixels.withUnsafeBufferPointer { p in
                var i = 0
                let n = p.count
                while i + 3 < n {
                    let a = p[i + 3]
                    if a < 128 {
                        hasTransparency = true
                    } else {
                        let r = Int(p[i])
                        let g = Int(p[i + 1])
                        let b = Int(p[i + 2])
                        let bin = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                        count[bin] += 1
                        sumR[bin] += r
                        sumG[bin] += g
                        sumB[bin] += b
                    }
                    i += 4
                }
            }
        }

        /// Median cut down to `maxColors` (≤ 256, one fewer when a transparent index is needed).
        public func palette(maxColors: Int = 256) -> GIFPalette {
            let limit = max(1, min(256, maxColors) - (hasTransparency ? 1 : 0))
            var boxes: [Box] = []
            let filled = (0..<Self.bins).filter { count[$0] > 0 }
            if !filled.isEmpty { boxes.append(Box(bins: filled, histogram: self)) }
            while boxes.count < limit {
                // Split the box with the largest population × extent along its longest axis.
                guard
                    let pick = boxes.indices.filter({ boxes[$0].bins.count > 1 }).max(by: {
                        boxes[$0].score < boxes[$1].score
                    })
                else { break }
                let box = boxes.remove(at: pick)
                let (low, high) = box.split(histogram: self)
                boxes.append(low)
                boxes.append(high)
            }
            var rgb: [UInt8] = []
            for box in boxes {
                var n = 0
                var r = 0
                var g = 0
                var b = 0
                for bin in box.bins {
                    n += count[bin]
                    r += sumR[bin]
                    g += sumG[bin]
                    b += sumB[bin]
                }
                let half = n / 2
                rgb += [UInt8((r + half) / n), UInt8((g + half) / n), UInt8((b + half) / n)]
            }
            if rgb.isEmpty { rgb = [0, 0, 0] }
            return GIFPalette(rgb: rgb, transparentIndex: hasTransparency ? rgb.count / 3 : nil)
        }
    }

    struct Box {
        var bins: [Int]
        var population: Int
        var axis: Int
        var extent: Int

        var score: Double { Double(population) * Double(extent + 1) }

        static func component(_ bin: Int, _ axis: Int) -> Int { (bin >> (10 - 5 * axis)) & 31 }

        init(bins: [Int], histogram: Histogram) {
            self.bins = bins
            population = bins.reduce(0) { $0 + histogram.count[$1] }
            var low = [31, 31, 31]
            var high = [0, 0, 0]
            for bin in bins {
                for axis in 0..<3 {
                    let c = Box.component(bin, axis)
                    low[axis] = min(low[axis], c)
                    high[axis] = max(high[axis], c)
                }
            }
            let extents = (0..<3).map { high[$0] - low[$0] }
            axis = extents.indices.max { extents[$0] < extents[$1] } ?? 0
            extent = extents[axis]
        }

        /// Two boxes at the population median along the longest axis (never empty).
        func split(histogram: Histogram) -> (Box, Box) {
            let sorted = bins.sorted { Box.component($0, axis) < Box.component($1, axis) }
            var seen = 0
            var cut = 1
            for (i, bin) in sorted.enumerated() {
                seen += histogram.count[bin]
                if seen * 2 >= population {
                    cut = i + 1
                    break
                }
            }
            cut = min(max(cut, 1), sorted.count - 1)
            return (
                Box(bins: Array(sorted[..<cut]), histogram: histogram),
                Box(bins: Array(sorted[cut...]), histogram: histogram)
            )
        }
    }

    /// A palette of given colours (at most 256 with the transparent index).
    public init(rgb: [UInt8], transparentIndex: Int?) {
        precondition(rgb.count % 3 == 0 && rgb.count / 3 + (transparentIndex == nil ? 0 : 1) <= 256)
        self.rgb = rgb
        self.transparentIndex = transparentIndex
    }

    /// Entries the GIF's colour map holds: colours plus the transparent one.
    public var entryCount: Int { rgb.count / 3 + (transparentIndex == nil ? 0 : 1) }

    /// Nearest-entry lookup with a cache per 7-bit colour; one per encoding thread.
    public final class Mapper {
        let palette: GIFPalette
        var cache = [Int16](repeating: -1, count: 1 << 21)

        public init(_ palette: GIFPalette) { self.palette = palette }

        /// Indices of an image's pixels, row by row.
        public func indices(_ image: RGBAImage) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: image.width * image.height)
            let transparent = UInt8(truncatingIfNeeded: palette.transparentIndex ?? 0)
            image.pixels.withUnsafeBufferPointer { p in
                for i in 0..<out.count {
                    let o = i * 4
                    if p[o + 3] < 128 && palette.transparentIndex != nil {
                        out[i] = transparent
                        continue
                    }
                    let r = Int(p[o])
                    let g = Int(p[o + 1])
                    let b = Int(p[o + 2])
                    let key = (r >> 1) << 14 | (g >> 1) << 7 | (b >> 1)
                    var index = cache[key]
                    if index < 0 {
                        index = Int16(nearest(r, g, b))
                        cache[key] = index
                    }
                    out[i] = UInt8(index)
                }
            }
            return out
        }

        /// The entry closest in (red 2, green 4, blue 3)-weighted distance.
        func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
            var best = 0
            var bestDistance = Int.max
            let rgb = palette.rgb
            var i = 0
            while i < rgb.count {
                let dr = Int(rgb[i]) - r
                let dg = Int(rgb[i + 1]) - g
                let db = Int(rgb[i + 2]) - b
                let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                if d < bestDistance {
                    bestDistance = d
                    best = i / 3
                    if d == 0 { break }
                }
                i += 3
            }
            return best
        }
    }
}
