import Foundation
import Sandbox

/// A scenario made from a user's files: the `app` line, each file as a fixture put in the container,
/// the app's preferences as `defaults set` lines, a `launch`, and what the app then shows as
/// `expect` lines.
struct ScenarioImport {
    let plugins: PluginRegistry
    /// `--app`: the app when no preferences file names it.
    var app: String?
    /// The program the header says imported the files (`harness`, or a user's own command line).
    var program = "harness"

    /// The scenario's text before its expectations, with the app, from `files`.
    func draft(_ files: [ImportedFile], sources: [String]) throws(ImportError) -> (text: String, app: AppPlugin) {
        let plugin = try self.plugin(for: files)
        let preferencesPath = "Library/Preferences/\(plugin.bundleIdentifier).plist"
        var preferences: ImportedFile?
        var placed: [(path: String, data: Data)] = []
        for file in files {
            let path: String
            if let given = file.path { path = given } else { path = try place(file, in: plugin) }
            if let problem = Values.pathProblem(path) ?? (ScenarioWord.written(path) == path ? nil : "") {
                let reason = problem.isEmpty ? "a scenario path is one word with no quote or '#'" : problem
                throw ImportError("'\(file.source)' cannot be a scenario path ('\(path)'): \(reason)")
            }
            if placed.contains(where: { $0.path == path }) || (path == preferencesPath && preferences != nil) {
                throw ImportError("'\(file.source)': two files go to '\(path)'")
            }
            if path == preferencesPath { preferences = file } else { placed.append((path, file.data)) }
        }
        let defaults =
            try preferences.map { file throws(ImportError) in
                try DefaultsLines(try Self.dictionary(file), prefix: "defaults-", plugins: plugins)
            } ?? DefaultsLines()
        let header = [
            "# Imported by `\(program) import` from " + sources.joined(separator: ", ") + ".",
            "app \(plugin.name)",
        ]
        let steps = placed.map { "file \($0.path)" } + defaults.steps + ["launch"]
        let fixtures =
            placed.flatMap { FixtureWriter.lines(name: $0.path, data: $0.data) }
            + defaults.fixtures.flatMap { FixtureWriter.lines(name: $0.name, data: $0.data) }
        return ((header + steps + fixtures).joined(separator: "\n") + "\n", plugin)
    }

    /// `--app`, else the one app whose preferences file is among `files`.
    private func plugin(for files: [ImportedFile]) throws(ImportError) -> AppPlugin {
        let apps = plugins.plugins.map { "\($0.name) (\($0.bundleIdentifier))" }.joined(separator: ", ")
        if let app {
            guard let plugin = plugins.plugin(named: app) else {
                throw ImportError("unknown app '\(app)' for '--app' (apps: \(apps))")
            }
            return plugin
        }
        let named = plugins.plugins.filter { plugin in
            files.contains { file in
                let name = "\(plugin.bundleIdentifier).plist"
                return file.path.map { $0 == "Library/Preferences/" + name } ?? (file.name == name)
            }
        }
        guard named.count == 1 else {
            let found =
                named.isEmpty
                ? "no preferences file names the bundle identifier of an app"
                : "preferences files of several apps (" + named.map(\.name).joined(separator: ", ") + ")"
            throw ImportError("\(found): pass '--app NAME' (apps: \(apps))")
        }
        return named[0]
    }

    /// Where a file given on its own goes: the app's preferences file, or the file store of that name.
    private func place(_ file: ImportedFile, in plugin: AppPlugin) throws(ImportError) -> String {
        if file.name == "\(plugin.bundleIdentifier).plist" { return "Library/Preferences/" + file.name }
        let paths = plugin.stores.compactMap { store -> String? in
            if case .file(let path) = store.location { return path }
            return nil
        }
        guard let path = paths.first(where: { ($0 as NSString).lastPathComponent == file.name }) else {
            let names = (paths.map { ($0 as NSString).lastPathComponent } + ["\(plugin.bundleIdentifier).plist"])
            throw ImportError(
                "cannot tell where '\(file.source)' goes in \(plugin.name)'s container (files it "
                    + "knows: \(names.joined(separator: ", "))); import the container folder instead")
        }
        return path
    }

    private static func dictionary(_ file: ImportedFile) throws(ImportError) -> [String: PlistValue] {
        guard case .dictionary(let values)? = try? PlistValue(propertyList: file.data) else {
            throw ImportError("'\(file.source)' is not a preferences file (a property list of keys and values)")
        }
        return values
    }
}

extension DefaultsLines {
    /// No preferences.
    init() {}
}
