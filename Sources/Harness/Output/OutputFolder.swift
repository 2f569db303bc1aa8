import Foundation

/// A folder the harness writes files into (`--write-repros DIR`), made with its missing parents when the first file
/// is written (`make`); each file in it is an `OutputFile`.
struct OutputFolder {
    /// The path as given.
    let path: String
    let flag: String
    var calls = OutputCalls.live

    init(_ path: String, for flag: String) {
        self.path = path
        self.flag = flag
    }

    /// Why no file can be written in the folder, found before any work starts: the nearest folder at or above it
    /// that exists must take new files (one is made and removed at once).
    func check() throws(OutputError) {
        func refuse(_ reason: String) -> OutputError { OutputError(output: name, reason: reason, whileWriting: false) }
        var existing = path
        while (try? calls.status(existing)) == nil { existing = OutputFile.parent(of: existing) }
        guard (try? calls.status(existing, following: true))?.kind == mode_t(S_IFDIR) else {
            throw refuse("'\(existing)' is not a folder")
        }
        do {
            try OutputFile.probe(existing, calls: calls)
        } catch {
            throw refuse("cannot create files in '\(existing)': \(error.reason)")
        }
    }

    /// Makes the folder and its missing parents (mode 0777 less the umask), before the first file is written in it.
    func make() throws(OutputError) {
        var missing: [String] = []
        var folder = path
        while (try? calls.status(folder, following: true)) == nil {
            missing.append(folder)
            folder = OutputFile.parent(of: folder)
        }
        for folder in missing.reversed() {
            do {
                try calls.perform(.mkdir) { Int(mkdir(folder, 0o777)) }
            } catch  where error.code == EEXIST {
                continue
            } catch {
                throw OutputError(output: name, reason: error.reason, whileWriting: true)
            }
        }
    }

    private var name: String { "'\(flag)' folder '\(path)'" }
}
