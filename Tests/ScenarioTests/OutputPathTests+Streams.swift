import Foundation
import HarnessTesting
import Testing

/// Standard output is written by the same writer: a device or pipe is written through; a full one, a full disk or a
/// closed one fails with the system's reason (a full disk keeps no part of the report); a reader that goes away ends
/// the harness as it ends any program in a pipe. A failing standard error never traps.
extension OutputPathTests {
    /// A command that writes to standard output, and what it writes there.
    enum Printing: String, CaseIterable, Sendable {
        case runJSON = "run --json"
        case explore = "explore"
        case importing = "import"
        case merge = "merge"
        case help = "--help"

        var arguments: [String] {
            switch self {
            case .runJSON: return ["run", "--json", "tiny.scenario"]
            case .explore: return ["explore", "tiny.scenario"]
            case .importing: return ["import", Flag.container]
            case .merge: return ["merge", "shard.json"]
            case .help: return ["--help"]
            }
        }

        var marker: String {
            switch self {
            case .runJSON, .merge: return "\"edition\" : \"hardened\""
            case .explore: return "tiny.scenario: "
            case .importing: return "\napp hiitfit\n"
            case .help: return "USAGE: harness"
            }
        }
    }

    enum StreamKind: String, CaseIterable, Sendable {
        case nullDevice, fullDevice, namedPipe, fullDisk, closed, brokenPipe
    }

    @Test(arguments: Printing.allCases, StreamKind.allCases)
    func standardOutputOnEachKindOfPath(command: Printing, kind: StreamKind) throws {
        let folder = try Cell.folder(for: .mergeJUnit)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cell = Cell(folder: folder, path: folder.appendingPathComponent("out").path)
        let failed = "harness: cannot write standard output: "
        switch kind {
        case .nullDevice, .fullDevice:
            let device = kind == .nullDevice ? Cell.nullDevice : Cell.fullDevice
            try cell.device(cell.path, device)
            let result = try Self.harness(command.arguments, in: folder, redirect: "> out")
            #expect(result.status == (kind == .nullDevice ? 0 : 3))
            #expect(result.errors == (kind == .nullDevice ? "" : failed + "No space left on device\n"))
            #expect(cell.kind(cell.path) == mode_t(S_IFCHR) && cell.deviceNumber(cell.path) == device)
        case .namedPipe:
            #expect(mkfifo(cell.path, 0o644) == 0)
            let reader = PipeReader(cell.path)
            let result = try Self.harness(command.arguments, in: folder, redirect: "> out")
            #expect(result.status == 0, "\(result.errors)")
            #expect(String(decoding: reader.finish(), as: UTF8.self).contains(command.marker))
        case .fullDisk:
            let disk = folder.appendingPathComponent("disk")
            try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
            let result = try FullDisk.run(
                command.arguments, on: disk, in: folder, existing: ("out", ""), redirect: "> \"$DISK/out\"")
            #expect(result.status == 3)
            #expect(result.errors.hasSuffix(failed + "No space left on device\n"), "\(result.errors)")
            let kept = try String(contentsOf: folder.appendingPathComponent("kept.txt"), encoding: .utf8)
            #expect(kept.isEmpty, "no part of the output is left")
        case .closed:
            let result = try Self.harness(command.arguments, in: folder, redirect: ">&-")
            #expect(result.status == 2)
            #expect(result.errors == failed + "Bad file descriptor\n")
        case .brokenPipe:
            let process = Process()
            process.executableURL = Corpus.harness
            process.arguments = command.arguments
            process.currentDirectoryURL = folder
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            try output.fileHandleForReading.close()
            let said = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE)
            #expect(said.isEmpty, "a reader that left is no error to report")
        }
    }

    /// `harness` run by `sh` with `redirect` (`> out`, `>&-`, `2> full`) applied to it, in `folder`.
    static func harness(_ arguments: [String], in folder: URL, redirect: String) throws -> ExecutableRun {
        try ExecutableRun(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" \"$@\" \(redirect)", Corpus.harness.path] + arguments,
            in: folder)
    }

    enum ErrorKind: String, CaseIterable, Sendable {
        case fullDevice, closed, brokenPipe
    }

    /// Standard error full, closed, or a pipe nobody reads: the message is lost, the exit status still tells.
    @Test(arguments: ErrorKind.allCases)
    func aFailingStandardErrorNeverTraps(kind: ErrorKind) throws {
        let folder = try Cell.folder(for: .runJUnit)
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = Cell(folder: folder, path: folder.appendingPathComponent("full").path)
        try full.device(full.path, Cell.fullDevice)
        for (arguments, status) in [(["run", "--seed", "x"], Int32(2)), (["run", "tiny.scenario"], 0)] {
            if kind == .closed {
                let result = try Self.harness(arguments, in: folder, redirect: "2>&-")
                #expect(result.status == status, "\(arguments)")
                continue
            }
            let process = Process()
            process.executableURL = Corpus.harness
            process.arguments = arguments
            process.currentDirectoryURL = folder
            let out = folder.appendingPathComponent("out").path
            #expect(FileManager.default.createFile(atPath: out, contents: nil))
            process.standardOutput = FileHandle(forWritingAtPath: out)
            let errors = Pipe()
            if kind == .fullDevice {
                process.standardError = FileHandle(forWritingAtPath: full.path)
            } else {
                process.standardError = errors
                try errors.fileHandleForReading.close()
            }
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == status, "\(arguments)")
        }
    }
}
