import Foundation

extension FileSystem {
    /// Writes `data` beside `url` as `<name>.unreadable-<n>`, the first such name not taken, and
    /// returns that name: hardened code keeps the bytes of a file it cannot read before anything
    /// replaces it. Throws the write's error, or `fileWriteUnknown` when every name is taken.
    public func keepUnreadableCopy(of data: Data, beside url: URL) throws -> String {
        let folder = url.deletingLastPathComponent()
        for n in 1...1000 {
            let copy = folder.appendingPathComponent("\(url.lastPathComponent).unreadable-\(n)")
            if fileExists(at: copy) { continue }
            try write(data, to: copy, mode: .atomic)
            return copy.lastPathComponent
        }
        throw CocoaError(.fileWriteUnknown)
    }
}
