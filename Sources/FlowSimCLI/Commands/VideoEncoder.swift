import FlowSimOutput
import Foundation

/// `flowsim render --video FILE.mp4|webm`: the rendered frames encoded by ffmpeg (Debian's
/// `ffmpeg` package, when it is on PATH; FlowSim does not link it): H.264 in MP4 (yuv420p, the
/// form every browser and chat plays) or VP9 in WebM. Each frame shows until the next frame's
/// time (ffmpeg's concat list with durations), at a constant `--fps` rate. The video is written
/// beside the target under a temporary name and renamed into place.
struct VideoEncoder {
    let path: String
    let format: String
    let ffmpeg: String

    /// The executable `name` in `PATH`'s folders, else nil.
    static func find(_ name: String, environment: [String: String]) -> String? {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for folder in folders where !folder.isEmpty {
            let candidate = (String(folder) as NSString).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Checks the extension and finds ffmpeg; throws an exit-2 error otherwise.
    init(path: String, environment: [String: String]) throws {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ext == "mp4" || ext == "webm" else {
            throw CommandError.render(.videoExtension(path: path))
        }
        guard let ffmpeg = VideoEncoder.find("ffmpeg", environment: environment) else {
            throw CommandError.render(.ffmpegNotFound)
        }
        self.path = path
        self.format = ext
        self.ffmpeg = ffmpeg
    }

    /// Encodes the frame files (shown from `times[i]` to `times[i + 1]`, the last for 1/fps) and
    /// returns the video's size in bytes.
    func encode(frameFiles: [String], times: [Double], framesPerSecond: Double) throws -> Int {
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "flowsim-video-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var list = "ffconcat version 1.0\n"
        for (i, file) in frameFiles.enumerated() {
            var duration = 1 / framesPerSecond
            if i + 1 < times.count, times[i + 1] > times[i] { duration = times[i + 1] - times[i] }
            let quoted = file.replacingOccurrences(of: "'", with: "'\\''")
            list += "file '\(quoted)'\nduration \(String(format: "%.6f", duration))\n"
        }
        // The concat demuxer applies the last duration only when the last file is listed again.
        if let last = frameFiles.last { list += "file '\(last.replacingOccurrences(of: "'", with: "'\\''"))'\n" }
        let listURL = scratch.appendingPathComponent("frames.ffconcat")
        try Data(list.utf8).write(to: listURL)
        let output = scratch.appendingPathComponent("video.\(format)")
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", listURL.path,
            "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2,format=yuv420p", "-r", String(format: "%.6g", framesPerSecond),
        ]
        if format == "mp4" {
            arguments += ["-c:v", "libx264", "-preset", "medium", "-crf", "20", "-movflags", "+faststart", "-f", "mp4"]
        } else {
            arguments += ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32", "-f", "webm"]
        }
        arguments.append(output.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandError.render(.ffmpegFailed(path: path, status: process.terminationStatus, output: text))
        }
        let data = try Data(contentsOf: output)
        try AtomicOutput.write(data, to: target, creatingFolders: true)
        return data.count
    }
}
