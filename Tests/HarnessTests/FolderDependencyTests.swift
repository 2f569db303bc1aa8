import Foundation
import Testing

/// Sources/Harness is organised in folders by concept, and their dependencies go one way: a folder that
/// uses another's types is never used by it, directly or through others.
@Suite struct FolderDependencyTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Harness")

    /// One Swift file: its folder, and its code without comments and string text.
    private struct SourceFile {
        var folder: String
        var name: String
        var code: String
    }

    private static func sourceFiles() throws -> [SourceFile] {
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        return try folders.flatMap { folder in
            let url = root.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
                .filter { $0.hasSuffix(".swift") }
                .map { name in
                    let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                    return SourceFile(folder: folder, name: name, code: codeOnly(text))
                }
        }
    }

    /// The text without `//` comments and without what string literals hold (a type named in a message is no use),
    /// but with the code they interpolate (`"\(ProgramName.current)"` uses that type).
    private static func codeOnly(_ text: String) -> String {
        let interpolated = #/\\\(((?:[^()]|\([^()]*\))*)\)/#
        let kept: (Substring) -> String = { literal in
            "\"\"" + literal.matches(of: interpolated).map { " " + $0.1 }.joined()
        }
        let noBlocks = text.replacing(#/"""[\s\S]*?"""/#) { kept($0.output) }
        return noBlocks.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let code = line.replacing(#/"(?:[^"\\]|\\.)*"/#) { kept($0.output) }
            return code.firstRange(of: "//").map { String(code[..<$0.lowerBound]) } ?? String(code)
        }
        .joined(separator: "\n")
    }

    /// Each folder's dependencies: the folders whose top-level types its files name, and through which names.
    private static func dependencies(_ files: [SourceFile]) -> [String: [String: Set<String>]] {
        let declaration = #/(?m)^(?:[a-z]+ )*(?:struct|enum|class|protocol|actor|typealias) +([A-Z]\w*)/#
        let nested = #/(?m)^\s+(?:[a-z]+ )*(?:struct|enum|class|protocol|actor|typealias) +([A-Z]\w*)/#
        var owners: [String: Set<String>] = [:]
        var ownNames: [String: Set<String>] = [:]
        for file in files {
            let topLevel = file.code.matches(of: declaration).map { String($0.1) }
            for name in topLevel { owners[name, default: []].insert(file.folder) }
            ownNames[file.folder, default: []].formUnion(topLevel + file.code.matches(of: nested).map { String($0.1) })
        }
        // A name several folders declare, or the referring folder declares itself (nested), says nothing.
        let unique = owners.compactMapValues { $0.count == 1 ? $0.first : nil }
        var edges: [String: [String: Set<String>]] = [:]
        for file in files {
            let words = Set(file.code.matches(of: #/\b[A-Z]\w*/#).map { String($0.output) })
            for word in words {
                guard let owner = unique[word], owner != file.folder, !(ownNames[file.folder]?.contains(word) ?? false)
                else { continue }
                edges[file.folder, default: [:]][owner, default: []].insert("\(file.name): \(word)")
            }
        }
        return edges
    }

    /// A circle of folders, each using the next, if there is one.
    private static func circle(in edges: [String: [String: Set<String>]]) -> [String]? {
        var done: Set<String> = []
        func walk(_ folder: String, _ path: [String]) -> [String]? {
            if let start = path.firstIndex(of: folder) { return Array(path[start...]) + [folder] }
            guard !done.contains(folder) else { return nil }
            for next in (edges[folder] ?? [:]).keys.sorted() {
                if let found = walk(next, path + [folder]) { return found }
            }
            done.insert(folder)
            return nil
        }
        for folder in edges.keys.sorted() {
            if let found = walk(folder, []) { return found }
        }
        return nil
    }

    @Test func noFolderDependsOnAFolderThatDependsOnIt() throws {
        let files = try Self.sourceFiles()
        try #require(files.count > 50, "Sources/Harness not found at \(Self.root.path)")
        let edges = Self.dependencies(files)
        let found = Self.circle(in: edges)
        let why = found.map { circle in
            zip(circle, circle.dropFirst()).map { from, to in
                "\(from) -> \(to): " + (edges[from]?[to] ?? []).sorted().prefix(4).joined(separator: ", ")
            }
            .joined(separator: "\n")
        }
        #expect(found == nil, "a circle of folders:\n\(why ?? "")")
        // The scan sees the dependencies it should: the parser reads the plug-ins' steps.
        #expect(edges["Scenario"]?["Plugin"] != nil)
        #expect(edges["Plugin"]?["Grammar"] != nil)
    }
}
