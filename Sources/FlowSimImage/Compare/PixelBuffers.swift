import Foundation

/// Two same-size RGBA buffers being compared, with the row-level helpers both kernels use.
struct PixelBuffers {
    let expected: UnsafePointer<UInt8>
    let actual: UnsafePointer<UInt8>
    let width: Int
    let height: Int

    /// The whole row `y` is byte-identical in both images (one `memcmp`).
    @inline(__always)
    func rowsEqual(_ y: Int) -> Bool {
        let rowBytes = width &* 4
        return memcmp(expected + y &* rowBytes, actual + y &* rowBytes, rowBytes) == 0
    }

    /// The four bytes of pixel `index` as one word (for equality tests only).
    @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, _ index: Int) -> UInt32 {
        UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self)
    }
}
