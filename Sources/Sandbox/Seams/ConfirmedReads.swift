import Foundation

/// What a read repeated until two answers agree says about a file.
public enum ConfirmedContents: Sendable {
    /// Twice "missing", each confirmed by `fileExists`: a first launch.
    case absent
    /// Two reads gave these same bytes.
    case data(Data)
    /// Reads kept failing (the last error, if any) or never agreed.
    case failed((any Error)?)
}

extension FileSystem {
    /// Reads `url` until two reads agree: a one-off read fault (an error, a "missing" answer,
    /// bytes of another shape or corrupted bytes) must not pass for a first launch or for the file.
    public func confirmedContents(of url: URL) -> ConfirmedContents {
        var seen: [Data] = []
        var missing = 0
        var failures = 0
        var failure: (any Error)?
        for _ in 0..<5 {
            let data: Data
            do {
                data = try contents(of: url)
            } catch {
                // Only a missing file is a first launch, and only when the file is really not there.
                if error.isMissingFile && !fileExists(at: url) {
                    missing += 1
                    if missing == 2 && seen.isEmpty { return .absent }
                } else {
                    failures += 1
                    failure = error
                    if failures == 2 { break }
                }
                continue
            }
            if seen.contains(data) { return .data(data) }
            seen.append(data)
        }
        return .failed(failure)
    }
}

extension KeyValueStore {
    /// The value under `key`, read until two reads agree on a value or three say there is none:
    /// a read fault can hide a value or show one of another type, but one read fault must not
    /// pass for an empty store. A value seen once and never again is still preferred to none,
    /// the first one `preferring` accepts first.
    public func confirmedObject(forKey key: String, preferring: (Any) -> Bool) -> Any? {
        var seen: [Any] = []
        var missing = 0
        for _ in 0..<5 {
            guard let value = object(forKey: key) else {
                missing += 1
                if missing == 3 && seen.isEmpty { return nil }
                continue
            }
            let plist = PlistValue(value)
            if plist != nil && seen.contains(where: { PlistValue($0) == plist }) { return value }
            seen.append(value)
        }
        return seen.first(where: preferring) ?? seen.first
    }
}

extension Error {
    /// A read that failed because the file is not there (Cocoa 260 or 4, or ENOENT).
    public var isMissingFile: Bool {
        if let cocoa = self as? CocoaError {
            if cocoa.code == .fileReadNoSuchFile || cocoa.code == .fileNoSuchFile { return true }
            if let posix = cocoa.userInfo[NSUnderlyingErrorKey] as? POSIXError { return posix.code == .ENOENT }
            return false
        }
        if let posix = self as? POSIXError { return posix.code == .ENOENT }
        return false
    }
}
