import FlowSimImage
import FlowSimOutput
import Foundation

/// One case's report images, encoded as the report writes them: expected, actual, diff and (for
/// a failure) side by side. Each is held as PNG data, or as a file already staged inside the
/// report's temporary folder (`ReportStaging`): `flowsim check --report` stages a case's images
/// on the thread that compared it and drops its pixels at once, so neither a scene's pixels nor
/// its encoded images ever sit in memory all together (1,200 golden points of a 750 × 1334 px
/// viewport are 4.8 GB of pixels and about 300 MB of report PNGs).
public struct ReportImages: Sendable {
    public enum Image: Sendable {
        case data(Data)
        /// A file staged in the report's temporary folder under this name, renamed to the
        /// case's own name when the case is added.
        case staged(String)
    }

    public var expected: Image?
    public var actual: Image?
    public var diff: Image?
    public var sideBySide: Image?
    /// Width and height of the expected image, then of the actual one (those that exist): the
    /// scene's animations are made only of frames of one size.
    public var sizes: [Int]

    /// Fast compression: reports are read once, in a browser, and written on every CI run.
    static let encoder = PNGEncoder(compression: .fast, colorMode: .rgba)

    /// Encodes the images a compared case holds (an empty image is left out), keeping the data.
    public init(of result: GoldenCaseResult) throws {
        try self.init(of: result) { .data($0) }
    }

    /// Encodes the images a compared case holds and hands each PNG to `store`.
    init(of result: GoldenCaseResult, store: (Data) throws -> Image) throws {
        func encode(_ image: RGBAImage?) throws -> Image? {
            guard let image, image.width > 0, image.height > 0 else { return nil }
            return try store(try Self.encoder.encode(image))
        }
        // A frame identical to its golden (every case of a passing run) is encoded once: the
        // encoder is deterministic, so the second file has the same bytes.
        if let image = result.expected, image.width > 0, image.height > 0, let actualImage = result.actual,
            Self.samePixels(image, actualImage)
        {
            let png = try Self.encoder.encode(image)
            expected = try store(png)
            actual = try store(png)
        } else {
            expected = try encode(result.expected)
            actual = try encode(result.actual)
        }
        diff = try encode(result.diff)
        if result.isFailure, let expected = result.expected, let actual = result.actual {
            sideBySide = try encode(SideBySideImage.compose(expected: expected, diff: result.diff, actual: actual))
        }
        sizes = [result.expected, result.actual].compactMap { $0 }.flatMap { [$0.width, $0.height] }
    }

    static func samePixels(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return a.pixels.withUnsafeBytes { x in
            b.pixels.withUnsafeBytes { y in x.count == y.count && memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
}

/// Where a report folder takes report images as cases are compared, on any thread: each PNG is
/// written at once into the report's temporary folder under a hidden staging name (so it is
/// discarded with the folder), then renamed to its final name by `HTMLReport.Folder.add`.
public final class ReportStaging: @unchecked Sendable {
    /// Staged files start with this; `HTMLReport.Folder.finish` removes any left unused.
    static let prefix = ".staged-"
    private let folder: AtomicOutput.Folder
    private let lock = NSLock()
    private var next = 0

    init(folder: AtomicOutput.Folder) { self.folder = folder }

    /// Encodes a compared case's images into staged files.
    public func stage(_ result: GoldenCaseResult) throws -> ReportImages {
        try ReportImages(of: result) { data in
            let name = "\(Self.prefix)\(claimNumber()).png"
            try folder.write(data, named: name)
            return .staged(name)
        }
    }

    private func claimNumber() -> Int {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        return next
    }
}
