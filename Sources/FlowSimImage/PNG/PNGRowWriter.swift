import CLibPNG
import Foundation

/// A PNG encoded a band of rows at a time, with the settings `PNGEncoder` gives libpng's
/// simplified API (8-bit RGB or RGBA, sRGB, `.standard` or `.fast` compression), so the bytes
/// are the ones `PNGEncoder` writes for the same pixels; the rows can be written as they are
/// drawn (the contact sheet's, while the frames still render) instead of all at the end.
public final class PNGRowWriter {
    public let width: Int
    public let height: Int
    public let rgba: Bool
    /// Rows written so far.
    public private(set) var rowsWritten = 0
    /// libpng keeps this address (its I/O and error pointer) between calls: allocated, not a property.
    private let state: UnsafeMutablePointer<flowsim_png_rows>

    public init(width: Int, height: Int, rgba: Bool, compression: PNGEncoder.Compression) throws {
        guard width > 0, height > 0, width <= 0x7fff_ffff / 4, UInt32(exactly: height) != nil else {
            throw PNGEncoderError.invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.rgba = rgba
        state = .allocate(capacity: 1)
        state.initialize(to: flowsim_png_rows())
        guard
            flowsim_png_rows_begin(
                state, png_uint_32(width), png_uint_32(height), rgba ? 1 : 0, compression == .fast ? 1 : 0) != 0
        else { throw PNGEncoderError.libpng(message) }
    }

    deinit {
        flowsim_png_rows_free(state)
        state.deallocate()
    }

    /// Writes `count` rows of packed pixels (`width * 3` or `width * 4` bytes each), `stride`
    /// bytes apart.
    public func write(rows: UnsafeRawPointer, stride: Int, count: Int) throws {
        guard count >= 0, rowsWritten + count <= height, stride >= width * (rgba ? 4 : 3) else {
            throw PNGEncoderError.invalidSize(width: width, height: rowsWritten + count)
        }
        guard count > 0 else { return }
        guard
            flowsim_png_rows_write_rows(
                state, rows.assumingMemoryBound(to: UInt8.self), stride, png_uint_32(count)) != 0
        else { throw PNGEncoderError.libpng(message) }
        rowsWritten += count
    }

    /// The PNG, once every row is written.
    public func finish() throws -> Data {
        guard rowsWritten == height else { throw PNGEncoderError.invalidSize(width: width, height: rowsWritten) }
        guard flowsim_png_rows_end(state) != 0 else { throw PNGEncoderError.libpng(message) }
        return Data(bytes: state.pointee.data, count: state.pointee.size)
    }

    private var message: String {
        var copy = state.pointee.message
        let text = withUnsafeBytes(of: &copy) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? "libpng reported an error without a message" : text
    }
}
