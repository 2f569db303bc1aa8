import Foundation

/// Finds scenario files: a file as given, a folder as every `.scenario` file under it, sorted.
public enum ScenarioFiles {
    public static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandLineError("no such file or folder '\(path)'")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            files += found.filter { $0.hasSuffix(".scenario") }.sorted().map { base + "/" + $0 }
        }
        return files
    }
}
