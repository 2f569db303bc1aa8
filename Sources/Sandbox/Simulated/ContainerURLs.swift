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
    var root: URL { Self.root }
    // Parsed once per process rather than once per world.
    private static let root = URL(string: "\(scheme)://\(rootPath)/")!

    /// The URL of a container-relative path (`""` is the container).
    func url(_ relative: String, isDirectory: Bool = false) -> URL {
        guard !relative.isEmpty else { return root }
        return Self.built.value(for: RelativeLocation(relative: relative, isDirectory: isDirectory)) { request in
            root.appending(path: request.relative, directoryHint: request.isDirectory ? .isDirectory : .notDirectory)
        }
    }

    private struct RelativeLocation: Hashable, Sendable {
        var relative: String
        var isDirectory: Bool
    }

    // The seam hands out the same few URLs (the folders, the preferences file) at every launch of every run.
    private static let built = BoundedCache<RelativeLocation, URL>(capacity: 64, maxCost: 1024) { request, _ in
        request.relative.utf8.count
    }

    /// The container-relative path a URL names, or nil when it is outside the container.
    ///
    /// A `file:` URL of a path inside the container is accepted too (app code may rebuild
    /// one from `url.path`), but only the seam's own URLs are free of host calls.
    func relativePath(_ url: URL) -> String? {
        // Every seam call asks this, and standardizing a URL costs a hundred times reading its text.
        Self.plainRelativePath(url) ?? standardizedRelativePath(url)
    }

    /// `relativePath` by way of Foundation's own standardizing: right for every URL, and slow.
    func standardizedRelativePath(_ url: URL) -> String? {
        guard url.scheme == Self.scheme || url.isFileURL else { return nil }
        let path = url.standardized.path
        if path == Self.rootPath { return "" }
        guard path.hasPrefix(Self.rootPath + "/") else { return nil }
        var relative = String(path.dropFirst(Self.rootPath.count + 1))
        while relative.hasSuffix("/") { relative.removeLast() }
        return relative
    }

    private static let rootText = Array("\(scheme)://\(rootPath)".utf8)

    /// The relative path of a seam URL whose text needs no decoding or standardizing: no base, and after the
    /// container only names of letters, digits and `-._~`, none of them `.` or `..`, each ended by one `/` or
    /// the end. Nil for any other URL, which `standardizedRelativePath` then answers.
    static func plainRelativePath(_ url: URL) -> String? {
        guard url.baseURL == nil else { return nil }
        var text = url.absoluteString
        return text.withUTF8 { text -> String? in
            guard text.starts(with: rootText) else { return nil }
            var rest = text[rootText.count...]
            guard !rest.isEmpty else { return "" }
            guard rest.first == UInt8(ascii: "/") else { return nil }
            rest = rest.dropFirst()
            guard !rest.isEmpty else { return "" }
            if rest.last == UInt8(ascii: "/") { rest = rest.dropLast() }
            var nameStart = rest.startIndex
            for index in rest.indices {
                let byte = rest[index]
                if byte == UInt8(ascii: "/") {
                    guard isPlainName(rest[nameStart..<index]) else { return nil }
                    nameStart = index + 1
                } else if !isPlainNameByte(byte) {
                    return nil
                }
            }
            guard isPlainName(rest[nameStart...]) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: rest), as: UTF8.self)
        }
    }

    private static func isPlainName(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        switch name.count {
        case 0: return false
        case 1: return name.first != UInt8(ascii: ".")
        case 2: return name.first != UInt8(ascii: ".") || name.last != UInt8(ascii: ".")
        default: return true
        }
    }

    private static func isPlainNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
