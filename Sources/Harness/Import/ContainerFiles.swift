import Foundation

/// One file `harness import` was given or found in a container.
struct ImportedFile: Sendable {
    /// Where it was read from, as the messages name it.
    var source: String
    /// Its path in the app container (`Documents/history.plist`); nil for a file given on its own,
    /// which is placed by its name once the app is known.
    var path: String?
    var data: Data

    var name: String { ((path ?? source) as NSString).lastPathComponent }
}

/// Reads what a user or support person has: an `.xcappdata` package (the app's data under
/// `AppData/`), an app-container folder, or single files. Never follows a symbolic link, never
/// reads a file past `sizeLimit`, and skips hidden files (`.DS_Store`, the container's metadata).
enum ContainerFiles {
    /// The largest file imported: a scenario embeds each file, and a bigger one is not a readable fixture.
    static let sizeLimit = 1 << 20

    static func read(_ paths: [String]) throws(ImportError) -> [ImportedFile] {
        var files: [ImportedFile] = []
        for path in paths {
            switch try kind(path) {
            case mode_t(S_IFDIR):
                let appData = (path as NSString).appendingPathComponent("AppData")
                let root = (try? kind(appData)) == mode_t(S_IFDIR) ? appData : path
                let found = try walk(root, relative: "")
                guard !found.isEmpty else { throw ImportError("'\(path)': no files to import (an empty folder)") }
                files += found
            default:
                files.append(ImportedFile(source: path, path: nil, data: try contents(path)))
            }
        }
        return files
    }

    /// The regular files under `folder`, in path order, with paths relative to the container.
    private static func walk(_ folder: String, relative: String) throws(ImportError) -> [ImportedFile] {
        var files: [ImportedFile] = []
        for name in try visibleNames(in: folder) {
            let full = (folder as NSString).appendingPathComponent(name)
            let path = relative.isEmpty ? name : relative + "/" + name
            if try kind(full) == mode_t(S_IFDIR) {
                files += try walk(full, relative: path)
            } else {
                files.append(ImportedFile(source: full, path: path, data: try contents(full)))
            }
        }
        return files
    }

    /// The names in `folder` but the hidden ones, sorted; one that is not UTF-8 cannot be a scenario's path, and
    /// is refused as such (Foundation would list it with U+FFFD in place of its bytes, which names no file).
    private static func visibleNames(in folder: String) throws(ImportError) -> [String] {
        guard let listing = opendir(folder) else {
            throw ImportError("cannot read '\(folder)': \(FileProblem.describe(errno: errno, path: folder))")
        }
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name = RawName(entry)
            guard name.bytes.first != UInt8(ascii: ".") else { continue }
            guard let text = name.text else {
                throw ImportError(
                    "cannot import '\((folder as NSString).appendingPathComponent(name.shown))': its name is "
                        + "\(name.problem ?? "not UTF-8 text"), and a scenario names each file in UTF-8")
            }
            names.append(text)
        }
        return names.sorted()
    }

    /// The file type of `path` itself: a link is refused, as is anything but a file or a folder.
    private static func kind(_ path: String) throws(ImportError) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw ImportError("cannot read '\(path)': \(FileProblem.describe(errno: errno, path: path))")
        }
        let kind = FileProblem.kind(info)
        switch kind {
        case mode_t(S_IFLNK):
            throw ImportError("'\(path)' is a symbolic link: import reads only the files themselves, never a link")
        case mode_t(S_IFDIR), mode_t(S_IFREG):
            if kind == mode_t(S_IFREG) && Int(info.st_size) > sizeLimit {
                throw ImportError(
                    "'\(path)' is \(info.st_size) bytes, past the limit of \(sizeLimit) bytes "
                        + "(1 MiB) for an imported file")
            }
            return kind
        default:
            throw ImportError("'\(path)' is not a regular file (a device, pipe or socket)")
        }
    }

    private static func contents(_ path: String) throws(ImportError) -> Data {
        if let problem = FileProblem.reading(path) { throw ImportError("cannot read '\(path)': \(problem)") }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            // It may have grown since it was measured.
            guard data.count <= sizeLimit else { throw ImportError("'\(path)' is past the 1 MiB limit") }
            return data
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError("cannot read '\(path)': \(FileProblem.describe(error, path: path))")
        }
    }
}
