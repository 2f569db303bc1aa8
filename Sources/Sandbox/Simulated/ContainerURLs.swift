import Foundation

/// The URLs the simulated file system hands out, and the way back from a URL to a path in the tree.
///
/// They are not `file:` URLs. For a `file:` URL, Foundation on Linux asks the host's disk
/// whether the path is a folder (`lstat`) in `appendingPathComponent(_:)`,
/// `URL(fileURLWithPath:)` and `resolvingSymlinksInPath()`; for any other scheme it decides
/// from the text alone. Everything app code derives from these URLs keeps the scheme, so
/// no call it makes on them reaches the host, while `path`, `lastPathComponent`,
/// `pathExtension` and equality behave as for a file URL of the same path.
struct ContainerURLs: Sendable {
    static let scheme = "simulated"
    /// Where the container of an iOS app lives, so paths in errors and logs read as on a phone.
    static let rootPath = "/var/mobile/Containers/Data/Application/SIMULATED"

    /// The container folder itself.
    let root = URL(string: "\(Self.scheme)://\(Self.rootPath)/")!

    /// The URL of a container-relative path (`""` is the container).
    func url(_ relative: String, isDirectory: Bool = false) -> URL {
        guard !relative.isEmpty else { return root }
        return root.appending(path: relative, directoryHint: isDirectory ? .isDirectory : .notDirectory)
    }

    /// The container-relative path a URL names, or nil when it is outside the container.
    ///
    /// A `file:` URL of a path inside the container is accepted too (app code may rebuild
    /// one from `url.path`), but only the seam's own URLs are free of host calls.
    func relativePath(_ url: URL) -> String? {
        guard url.scheme == Self.scheme || url.isFileURL else { return nil }
        let path = url.standardized.path
        if path == Self.rootPath { return "" }
        guard path.hasPrefix(Self.rootPath + "/") else { return nil }
        var relative = String(path.dropFirst(Self.rootPath.count + 1))
        while relative.hasSuffix("/") { relative.removeLast() }
        return relative
    }
}
