import Foundation

/// A rectangle of pixels left out of a comparison (`--mask`, a scene's `golden.mask`): its pixels
/// are neither compared nor counted, and the diff image shows them hatched.
public struct ImageMaskRect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// How the user gave it (`--mask 0,0,375,44`, `golden.mask[1]`), for messages.
    public var label: String

    public init(x: Int, y: Int, width: Int, height: Int, label: String = "") {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.label = label
    }

    /// The pixels a rectangle in points covers at `scale` pixels per point: edges rounded outwards
    /// (a pixel the rectangle touches is masked), after forgiving 1e-6 px of floating-point error.
    public static func covering(
        x: Double, y: Double, width: Double, height: Double, scale: Double, label: String = ""
    ) -> ImageMaskRect {
        func clamp(_ value: Double) -> Int { Int(max(min(value, 1e9), -1e9)) }
        let left = clamp((x * scale + 1e-6).rounded(.down))
        let top = clamp((y * scale + 1e-6).rounded(.down))
        let right = clamp(((x + width) * scale - 1e-6).rounded(.up))
        let bottom = clamp(((y + height) * scale - 1e-6).rounded(.up))
        return ImageMaskRect(x: left, y: top, width: right - left, height: bottom - top, label: label)
    }

    /// Within a `width × height` image and not empty.
    public func lies(inWidth width: Int, height: Int) -> Bool {
        x >= 0 && y >= 0 && self.width > 0 && self.height > 0 && x + self.width <= width
            && y + self.height <= height
    }
}

/// The pixel flags of a set of mask rectangles, and what comparisons do with them.
enum ImageMask {
    /// Throws `maskOutsideImage` for the first rectangle not inside the image (in pixels).
    static func validate(_ rects: [ImageMaskRect], width: Int, height: Int) throws {
        for rect in rects where !rect.lies(inWidth: width, height: height) {
            let label = rect.label.isEmpty ? "\(rect.x),\(rect.y),\(rect.width),\(rect.height)" : rect.label
            throw ImageComparisonError.maskOutsideImage(label: label, width: width, height: height, unit: "px")
        }
    }

    /// One flag per pixel (true: masked) and how many pixels are masked; rectangles are clipped
    /// to the image (callers validate first; clipping keeps an unvalidated call from trapping).
    static func flags(_ rects: [ImageMaskRect], width: Int, height: Int) -> (flags: [Bool], count: Int) {
        var flags = [Bool](repeating: false, count: width * height)
        var count = 0
        for rect in rects {
            let x0 = max(rect.x, 0)
            let x1 = min(rect.x + max(rect.width, 0), width)
            let y0 = max(rect.y, 0)
            let y1 = min(rect.y + max(rect.height, 0), height)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for index in (y * width + x0)..<(y * width + x1) where !flags[index] {
                    flags[index] = true
                    count += 1
                }
            }
        }
        return (flags, count)
    }

    /// `actual` with `expected`'s pixels wherever masked: every metric then finds those pixels
    /// equal, so they are not counted, and window metrics (SSIM) and pixelmatch's neighbourhood
    /// test see the expected image there.
    static func covered(_ actual: [UInt8], by expected: [UInt8], flags: [Bool]) -> [UInt8] {
        var result = actual
        for index in flags.indices where flags[index] {
            let offset = index * 4
            result[offset] = expected[offset]
            result[offset + 1] = expected[offset + 1]
            result[offset + 2] = expected[offset + 2]
            result[offset + 3] = expected[offset + 3]
        }
        return result
    }

    /// The hatching drawn over masked pixels of a diff image: diagonal stripes, 3 of every 8
    /// pixels along x + y, over the faded background the kernel drew.
    static let hatchColor = DiffImageColor(red: 90, green: 110, blue: 230)

    static func hatch(_ diff: inout [UInt8], flags: [Bool], width: Int) {
        guard width > 0 else { return }
        for index in flags.indices where flags[index] {
            let x = index % width
            let y = index / width
            guard (x + y) % 8 < 3 else { continue }
            let offset = index * 4
            diff[offset] = hatchColor.red
            diff[offset + 1] = hatchColor.green
            diff[offset + 2] = hatchColor.blue
            diff[offset + 3] = 255
        }
    }
}
