import Foundation

/// The system's short reason for a file error ("No such file or directory", "Permission
/// denied"…): the POSIX error underneath Foundation's, or the POSIX equivalent of its Cocoa code
/// (Foundation on Linux often reports a missing file as a bare `CocoaError.fileReadNoSuchFile`
/// with a vague text), else Foundation's own description.
func systemErrorReason(_ error: Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
    if ns.domain == NSCocoaErrorDomain {
        let posix: Int32?
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: posix = ENOENT
        case .fileReadNoPermission, .fileWriteNoPermission: posix = EACCES
        case .fileWriteOutOfSpace: posix = ENOSPC
        case .fileWriteVolumeReadOnly: posix = EROFS
        case .fileWriteFileExists: posix = EEXIST
        case .fileReadTooLarge: posix = EFBIG
        default: posix = nil
        }
        if let posix { return String(cString: strerror(posix)) }
    }
    return ns.localizedDescription
}
