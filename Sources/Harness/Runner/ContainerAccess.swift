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

/// A container on the real disk (a `--live` run's temporary folder), but for the key-value store's own file:
/// the store stays simulated, so its file is the world's, where the checks and fixtures find it as in any run.
struct LiveContainer: ContainerAccess {
    let files: LiveFileSystem
    let world: SimulatedWorld

    private func url(_ path: String) -> URL { files.root.appendingPathComponent(path) }
    private func isTheStoresFile(_ path: String) -> Bool { path == world.preferencesPath }

    func fileData(_ path: String) -> Data? {
        if isTheStoresFile(path) { return world.fileData(path) }
        return isDirectory(path) ? nil : try? Data(contentsOf: url(path))
    }
    func isDirectory(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url(path).path, isDirectory: &folder) && folder.boolValue
    }
    var filePaths: [String] {
        let all = FileManager.default.enumerator(atPath: files.root.path)?.compactMap { $0 as? String } ?? []
        let stores = world.fileData(world.preferencesPath) == nil ? [] : [world.preferencesPath]
        return (all.filter { !isDirectory($0) && !isTheStoresFile($0) } + stores).sorted()
    }
    func putFile(_ path: String, _ data: Data) {
        if isTheStoresFile(path) { return world.putFile(path, data) }
        try? FileManager.default.createDirectory(
            at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url(path))
    }
    func makeDirectory(_ path: String) {
        try? FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
    }
    func removeFile(_ path: String) {
        if isTheStoresFile(path) { return world.removeFile(path) }
        try? FileManager.default.removeItem(at: url(path))
    }
}
