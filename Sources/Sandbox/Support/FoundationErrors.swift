import Foundation

/// Builds the errors Foundation throws for file calls, so app code that inspects
/// them sees the same domain, code and underlying POSIX error on the simulated world.
public enum FoundationErrors {
    /// The error a file call throws: `code` in the Cocoa domain, `errno` underneath.
    public static func file(_ code: CocoaError.Code, _ errno: POSIXErrorCode, url: URL) -> CocoaError {
        CocoaError(
            code,
            userInfo: [
                NSFilePathErrorKey: url.path,
                NSURLErrorKey: url,
                NSUnderlyingErrorKey: POSIXError(errno),
            ])
    }

    /// The error of a read that failed with `errno`, as `Data(contentsOf:)` maps it.
    public static func read(_ errno: POSIXErrorCode, url: URL) -> CocoaError {
        switch errno {
        case .ENOENT: return file(.fileReadNoSuchFile, errno, url: url)
        case .EACCES, .EPERM: return file(.fileReadNoPermission, errno, url: url)
        default: return file(.fileReadUnknown, errno, url: url)
        }
    }

    /// The error of a write that failed with `errno`, as `Data.write(to:)` maps it.
    public static func write(_ errno: POSIXErrorCode, url: URL) -> CocoaError {
        switch errno {
        case .ENOENT: return file(.fileNoSuchFile, errno, url: url)
        case .EACCES, .EPERM, .EROFS: return file(.fileWriteNoPermission, errno, url: url)
        case .ENOSPC, .EDQUOT: return file(.fileWriteOutOfSpace, errno, url: url)
        default: return file(.fileWriteUnknown, errno, url: url)
        }
    }

    /// The error of `FileManager.removeItem` failing with `errno`.
    public static func remove(_ errno: POSIXErrorCode, url: URL) -> CocoaError {
        switch errno {
        case .ENOENT: return file(.fileNoSuchFile, errno, url: url)
        case .EACCES, .EPERM: return file(.fileWriteNoPermission, errno, url: url)
        default: return file(.fileWriteUnknown, errno, url: url)
        }
    }

    /// The error of `FileManager.contentsOfDirectory` failing with `errno`.
    public static func list(_ errno: POSIXErrorCode, url: URL) -> CocoaError { read(errno, url: url) }
}

extension Error {
    /// "NSCocoaErrorDomain 260 (ENOENT)": the parts of an error that app code can inspect.
    public var harnessSummary: String {
        if let cocoa = self as? CocoaError {
            var text = "NSCocoaErrorDomain \(cocoa.code.rawValue)"
            if let posix = cocoa.userInfo[NSUnderlyingErrorKey] as? POSIXError {
                text += " (\(POSIXErrorCode.name(of: posix.code)))"
            }
            return text
        }
        if let posix = self as? POSIXError { return "NSPOSIXErrorDomain \(posix.code.rawValue)" }
        return String(describing: type(of: self))
    }
}

extension POSIXErrorCode {
    /// The C name of the codes the seams produce.
    static func name(of code: POSIXErrorCode) -> String {
        switch code {
        case .ENOENT: return "ENOENT"
        case .EACCES: return "EACCES"
        case .EPERM: return "EPERM"
        case .EIO: return "EIO"
        case .ENOSPC: return "ENOSPC"
        case .EISDIR: return "EISDIR"
        case .ENOTDIR: return "ENOTDIR"
        case .EEXIST: return "EEXIST"
        case .EROFS: return "EROFS"
        default: return "errno \(code.rawValue)"
        }
    }
}
