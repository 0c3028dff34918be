import FlowSimImage
import Foundation

extension ContactSheet {
    /// A sheet of `count` thumbnails drawn one at a time, in order, and, when `streaming` is
    /// given and the sheet is opaque, PNG-encoded a grid row at a time as the rows fill: a render
    /// adds each sampled thumbnail as its frame is written, so the sheet's deflate runs beside the
    /// frames still drawing instead of after the last one. The pixels are those
    /// `ContactSheet.render` draws (it uses a builder too) and the PNG the bytes `PNGEncoder`
    /// writes for them (`.automatic` colour: RGB, as every pixel of an opaque sheet is opaque).
    public final class Builder {
        let sheet: ContactSheet
        let count: Int
        let columns: Int
        let padding = 12
        let labelHeight: Int
        let cellWidth: Int
        let cellHeight: Int
        let surface: ImageSurface
        let context: Context
        let font: FontExtents
        /// Thumbnails drawn so far.
        public private(set) var added = 0
        private var writer: PNGRowWriter?
        private var compression: PNGEncoder.Compression?
        private var rowBuffer: [UInt8] = []

        /// `streaming`: the compression to encode with as rows fill (nil: no encoding as it goes;
        /// `png(compression:)` then encodes the whole sheet).
        public init(
            sheet: ContactSheet, count: Int, thumbnailWidth: Int, thumbnailHeight: Int,
            streaming: PNGEncoder.Compression?
        ) throws {
            self.sheet = sheet
            self.count = count
            columns = max(1, min(count, sheet.columns ?? min(8, Int(Double(count).squareRoot().rounded(.up)))))
            let rows = max(1, (count + columns - 1) / columns)
            labelHeight = Int(sheet.labelFontSize * 1.8)
            cellWidth = thumbnailWidth + padding
            cellHeight = thumbnailHeight + labelHeight + padding
            surface = try ImageSurface(width: padding + columns * cellWidth, height: padding + rows * cellHeight)
            context = try Context(surface: surface)
            try context.setSource(sheet.background)
            try context.paint()
            try context.setFontSize(sheet.labelFontSize)
            font = try context.fontExtents()
            // Only an opaque background keeps every pixel opaque (the sheet is then RGB).
            if let streaming, sheet.background.alpha >= 1 {
                compression = streaming
                writer = try PNGRowWriter(
                    width: surface.width, height: surface.height, rgba: false, compression: streaming)
            }
        }

        /// Draws the next thumbnail, labelled with `time`; encodes the rows no later thumbnail
        /// touches once its grid row is full.
        public func add(_ thumb: RGBAImage, time: Double) throws {
            try add(ImageSurface(image: thumb), time: time)
        }

        /// Draws the next thumbnail from a surface it was drawn on: the pixels `add(_:time:)`
        /// paints for the surface's `rgbaImage()` when every pixel is opaque or clear (that round
        /// trip then changes nothing), without making the image.
        func add(surface thumb: ImageSurface, time: Double) throws {
            try add(thumb.isOpaqueOrClear() ? thumb : ImageSurface(image: thumb.rgbaImage()), time: time)
        }

        private func add(_ thumb: ImageSurface, time: Double) throws {
            let index = added
            let x = Double(padding + (index % columns) * cellWidth)
            let y = Double(padding + (index / columns) * cellHeight)
            let cr = context
            try cr.setSource(thumb, x: x, y: y)
            try cr.paint()
            try cr.rectangle(x: x - 0.5, y: y - 0.5, width: Double(thumb.width) + 1, height: Double(thumb.height) + 1)
            try cr.setSource(red: 0, green: 0, blue: 0, alpha: 0.2)
            try cr.setLineWidth(1)
            try cr.stroke()
            let text = ContactSheet.label(time: time)
            let advance = try cr.textExtents(text).xAdvance
            try cr.setSource(sheet.labelColor)
            try cr.showText(
                text, x: (x + Double(thumb.width) / 2 - advance / 2).rounded(),
                y: y + Double(thumb.height) + Double(labelHeight) / 2 + (font.ascent - font.descent) / 2)
            added += 1
            if added % columns == 0, added < count {
                // The next grid row draws from its border (half a pixel above its thumbnails)
                // down: the rows above the middle of the padding between them are final.
                try encodeRows(upTo: padding + (added / columns) * cellHeight - padding / 2)
            }
        }

        /// The sheet's pixels.
        public func image() throws -> RGBAImage { try surface.rgbaImage() }

        /// The sheet as PNG: the rows not yet encoded, then the file; without streaming (or when
        /// a pixel turned out not opaque), the whole sheet encoded by `PNGEncoder` at `compression`.
        public func png(compression fallback: PNGEncoder.Compression) throws -> Data {
            if writer != nil { try encodeRows(upTo: surface.height) }
            if let writer { return try writer.finish() }
            return try PNGEncoder(compression: compression ?? fallback, colorMode: .automatic).encode(image())
        }

        private func encodeRows(upTo end: Int) throws {
            guard let writer, end > writer.rowsWritten else { return }
            let rows = writer.rowsWritten..<min(end, surface.height)
            let rowBytes = surface.width * 3
            if rowBuffer.count < rows.count * rowBytes {
                rowBuffer = [UInt8](repeating: 0, count: rows.count * rowBytes)
            }
            let packed = try rowBuffer.withUnsafeMutableBytes { buffer -> Bool in
                guard try surface.packOpaqueRGBRows(rows, into: buffer.baseAddress!) else { return false }
                try writer.write(rows: buffer.baseAddress!, stride: rowBytes, count: rows.count)
                return true
            }
            if !packed { self.writer = nil }  // not opaque after all: encoded whole at the end
        }
    }
}
