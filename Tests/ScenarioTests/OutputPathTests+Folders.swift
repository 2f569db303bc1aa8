import Foundation
import Testing

/// `--write-repros DIR` on each kind of path: a folder is made or written into (through a link too); anything else is
/// refused before the exploration; a full disk fails with the system's reason and leaves no file.
extension OutputPathTests {
    enum FolderKind: String, CaseIterable, Sendable {
        case missing, symbolicLink, readOnly, file, namedPipe, fullDisk
    }

    /// An exploration of the book that finds a trap, and so writes a reproduction.
    static let exploration = ["explore", "--edition", "book", "first-launch.scenario", "--write-repros"]

    @Test(arguments: FolderKind.allCases)
    func reproductionsOnEachKindOfPath(kind: FolderKind) throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: Corpus.path("checklists/first-launch.scenario"),
            toPath: folder.appendingPathComponent("first-launch.scenario").path)
        let repros = folder.appendingPathComponent("repros").path
        let refused = "harness: cannot write '--write-repros' folder '\(repros)': "
        func reproductions(in path: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".scenario") }
        }
        switch kind {
        case .missing, .symbolicLink, .readOnly:
            var written = repros
            if kind == .symbolicLink {
                written = folder.appendingPathComponent("target").path
                try FileManager.default.createDirectory(atPath: written, withIntermediateDirectories: false)
                try FileManager.default.createSymbolicLink(atPath: repros, withDestinationPath: "target")
            } else if kind == .readOnly {
                try FileManager.default.createDirectory(atPath: repros, withIntermediateDirectories: false)
                #expect(chmod(repros, 0o555) == 0)
            }
            let result = try CommandLineTests.harness(Self.exploration + [repros], in: folder)
            if kind == .readOnly && geteuid() != 0 {
                #expect(
                    result.status == 2
                        && result.errors == refused + "cannot create files in '\(repros)': "
                            + "Permission denied\n"
                )
                break
            }
            #expect(result.status == 1, "\(result.errors)")
            #expect(try !reproductions(in: written).isEmpty, "a reproduction is written")
            if kind == .symbolicLink {
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: repros) == "target")
            }
        case .file, .namedPipe:
            if kind == .file {
                try "old text\n".write(toFile: repros, atomically: false, encoding: .utf8)
            } else {
                #expect(mkfifo(repros, 0o644) == 0)
            }
            let result = try CommandLineTests.harness(Self.exploration + [repros], in: folder)
            #expect(result.status == 2)
            #expect(result.errors == refused + "'\(repros)' is not a folder\n")
            #expect(result.output.isEmpty, "refused before any work")
        case .fullDisk:
            let disk = folder.appendingPathComponent("disk")
            try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
            let inDisk = disk.appendingPathComponent("repros").path
            let result = try FullDisk.run(Self.exploration + [inDisk], on: disk, in: folder)
            #expect(result.status == 3)
            #expect(
                result.errors.contains("harness: cannot write '--write-repros' file '\(inDisk)/")
                    && result.errors.hasSuffix(": No space left on device\n"), "\(result.errors)")
            let left = try String(contentsOf: folder.appendingPathComponent("left.txt"), encoding: .utf8)
            #expect(left == "./fill\n./repros\n", "the folder made for it, and no file in it")
        }
    }
}
