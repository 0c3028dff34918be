import FlowSim
import FlowSimGoldens
import FlowSimImage
import FlowSimOutput
import FlowSimPort
import FlowSimRender
import FlowSimScene

extension CommandError {
    /// An error of a layer below the commands, as data: the known error types each as a case,
    /// worded as the error describes itself; `other` keeps the text of any other error. The
    /// one home of these errors in `CommandError` (`underlying`, `output`, check's scene errors).
    public enum Cause: Equatable, Sendable, CustomStringConvertible {
        /// A command's own error met where a lower layer's was expected (a scene `check` could
        /// not check): its text, without a second label.
        indirect case command(CommandError)
        case scene(SceneError)
        case png(PNGDecodingError)
        case output(OutputError)
        case render(RenderError)
        case cairo(CairoError)
        case pngEncoding(PNGEncoderError)
        case apng(APNGError)
        case imageComparison(ImageComparisonError)
        case golden(GoldenError)
        case update(UpdateError)
        case snapshot(SnapshotError)
        case pageLoad(PageLoadError)
        case spring(SpringError)
        case springPlot(SpringPlotError)
        case layoutDiff(LayoutDiff.Failure)
        case port(PortFailure)
        case parks(ParksError)
        /// An error of a type no case describes: its text, so the message is never lost.
        case other(String)

        public init(_ error: Error) {
            switch error {
            case let error as CommandError: self = .command(error)
            case let error as SceneError: self = .scene(error)
            case let error as PNGDecodingError: self = .png(error)
            case let error as OutputError: self = .output(error)
            case let error as RenderError: self = .render(error)
            case let error as CairoError: self = .cairo(error)
            case let error as PNGEncoderError: self = .pngEncoding(error)
            case let error as APNGError: self = .apng(error)
            case let error as ImageComparisonError: self = .imageComparison(error)
            case let error as GoldenError: self = .golden(error)
            case let error as UpdateError: self = .update(error)
            case let error as SnapshotError: self = .snapshot(error)
            case let error as PageLoadError: self = .pageLoad(error)
            case let error as SpringError: self = .spring(error)
            case let error as SpringPlotError: self = .springPlot(error)
            case let error as LayoutDiff.Failure: self = .layoutDiff(error)
            case let error as PortFailure: self = .port(error)
            case let error as ParksError: self = .parks(error)
            default: self = .other("\(error)")
            }
        }

        public var description: String {
            switch self {
            case .command(let error): return error.description
            case .scene(let error): return error.description
            case .png(let error): return error.description
            case .output(let error): return error.description
            case .render(let error): return error.description
            case .cairo(let error): return error.description
            case .pngEncoding(let error): return error.description
            case .apng(let error): return error.description
            case .imageComparison(let error): return error.description
            case .golden(let error): return error.description
            case .update(.snapshot(let error)): return error.singleLineDescription
            case .update(let error): return error.description
            case .snapshot(let error): return error.singleLineDescription
            case .pageLoad(let error): return error.description
            case .spring(let error): return error.description
            case .springPlot(let error): return error.description
            case .layoutDiff(let error): return error.description
            case .port(let error): return error.description
            case .parks(let error): return error.description
            case .other(let text): return text
            }
        }
    }
}
