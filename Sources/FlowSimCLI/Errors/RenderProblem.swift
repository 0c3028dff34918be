extension CommandError {
    /// Why `flowsim render` cannot write its `--gif` or `--video`. Rendered after
    /// "flowsim render: ".
    public enum RenderProblem: Error, Equatable, Sendable, CustomStringConvertible {
        /// `--gif PATH` not ending in .gif.
        case gifExtension(path: String)
        /// The GIF writer failed (`GIFWriter.Failure`'s description).
        case gifFailed(path: String, reason: String)
        /// `--video PATH` not ending in .mp4 or .webm.
        case videoExtension(path: String)
        /// `--video` without ffmpeg on PATH.
        case ffmpegNotFound
        /// ffmpeg exited with `status`; `output` is its stderr (the last 600 characters are shown).
        case ffmpegFailed(path: String, status: Int32, output: String)

        public var description: String {
            switch self {
            case .gifExtension(let path):
                return "\(RenderCommand.gif.name) \(path): the file name must end in .gif."
            case .gifFailed(let path, let reason):
                return "\(RenderCommand.gif.name) \(path): \(reason)"
            case .videoExtension(let path):
                return "\(RenderCommand.video.name) \(path): the file name must end in .mp4 or .webm."
            case .ffmpegNotFound:
                return
                    "\(RenderCommand.video.name) needs ffmpeg on PATH, and none was found (Debian: apt-get install ffmpeg). \(RenderCommand.gif.name) FILE.gif needs nothing more."
            case .ffmpegFailed(let path, let status, let output):
                return "\(RenderCommand.video.name) \(path): ffmpeg failed (exit \(status)): \(output.suffix(600))"
            }
        }
    }
}
