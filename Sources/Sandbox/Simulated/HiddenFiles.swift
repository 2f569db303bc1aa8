import Foundation

/// A file whose real contents a read fault kept from the app.
public struct HiddenFile: Sendable, Hashable {
    public var path: String
    /// What the file held.
    public var data: Data
    /// What the app was given instead (a wrong-shaped or corrupted read), each time it was.
    public var seenAs: [Data] = []
}

/// The files read faults have hidden, until a read shows the app those bytes after all.
///
/// Kept by path, one entry per hidden version of a file, so that a read costs the versions
/// of its own file however many faulted reads came before.
struct HiddenFiles: Sendable {
    private var byPath: [String: [(order: Int, file: HiddenFile)]] = [:]
    private var hidden = 0

    /// A read fault kept `data` from the app; `seenAs` is what it got instead, if anything.
    mutating func hide(_ path: String, _ data: Data, seenAs: Data?) {
        var versions = byPath[path] ?? []
        let index =
            versions.firstIndex { $0.file.data == data }
            ?? {
                hidden += 1
                versions.append((hidden, HiddenFile(path: path, data: data)))
                return versions.count - 1
            }()
        if let seenAs, versions[index].file.seenAs.last != seenAs { versions[index].file.seenAs.append(seenAs) }
        byPath[path] = versions
    }

    /// A read gave the app these bytes: replacing them later is the app's own business.
    mutating func shown(_ path: String, _ data: Data) {
        guard byPath[path] != nil else { return }
        byPath[path]?.removeAll { $0.file.data == data }
        if byPath[path]?.isEmpty == true { byPath[path] = nil }
    }

    /// Every hidden version, in the order it was first hidden.
    var all: [HiddenFile] { byPath.values.joined().sorted { $0.order < $1.order }.map(\.file) }
}

/// A key-value value whose real contents a `get` fault kept from the app, with what it was given instead.
public struct HiddenValue: Sendable, Hashable {
    public var key: String
    public var value: PlistValue
    /// What the app was given instead (nil for a value that read as missing), each time it was.
    public var seenAs: [PlistValue] = []
}
