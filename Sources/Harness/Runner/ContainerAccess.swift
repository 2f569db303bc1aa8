import Foundation
import Sandbox

/// The harness's own view of the app container (fixtures in, checks out): never logged
/// as app operations.
protocol ContainerAccess {
    func fileData(_ path: String) -> Data?
    func isDirectory(_ path: String) -> Bool
    var filePaths: [String] { get }
    func putFile(_ path: String, _ data: Data)
    /// A folder and its parents (no file may be in the way).
    func makeDirectory(_ path: String)
    func removeFile(_ path: String)
}

extension SimulatedWorld: ContainerAccess {}

/// A container on the real disk (a `--live` run's temporary folder).
struct LiveContainer: ContainerAccess {
    let files: LiveFileSystem

    private func url(_ path: String) -> URL { files.root.appendingPathComponent(path) }

    func fileData(_ path: String) -> Data? {
        isDirectory(path) ? nil : try? Data(contentsOf: url(path))
    }
    func isDirectory(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url(path).path, isDirectory: &folder) && folder.boolValue
    }
    var filePaths: [String] {
        let all = FileManager.default.enumerator(atPath: files.root.path)?.compactMap { $0 as? String } ?? []
        return all.filter { !isDirectory($0) }.sorted()
    }
    func putFile(_ path: String, _ data: Data) {
        try? FileManager.default.createDirectory(
            at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url(path))
    }
    func makeDirectory(_ path: String) {
        try? FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
    }
    func removeFile(_ path: String) { try? FileManager.default.removeItem(at: url(path)) }
}
