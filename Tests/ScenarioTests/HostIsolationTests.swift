import Foundation
import Sandbox
import Testing

/// `strace`, when this machine has it and may trace its own children.
enum Strace {
    struct TracedRun {
        var status: Int32
        var output: String
        /// Every file call of the command and its children, one line each (strace's `-o` format).
        var calls: [String]
    }

    static let executable: URL? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { URL(fileURLWithPath: String($0), isDirectory: true).appendingPathComponent("strace") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static func run(_ command: URL, _ arguments: [String], in folder: URL) throws -> TracedRun {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("strace-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: log) }
        let process = Process()
        process.executableURL = executable
        process.arguments =
            ["-f", "-qq", "--seccomp-bpf", "-e", "trace=%file", "-o", log.path, command.path]
            + arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        return TracedRun(status: process.terminationStatus, output: text, calls: calls)
    }

    /// Whether tracing works here: strace installed, ptrace allowed, `--seccomp-bpf` understood.
    static var usable: Bool {
        let traced = try? run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cat /dev/null"], in: URL(fileURLWithPath: "/"))
        return traced.map { $0.status == 0 && $0.calls.contains { $0.contains("/dev/null") } } ?? false
    }
}

@Suite struct HostIsolationTests {
    /// Every scenario run, and an exploration with crashes, power losses and traps (book edition).
    static let commands: [[String]] = [
        ["run", "Scenarios"],
        [
            "explore", "--edition", "book", "Scenarios/reports/history-disk-full-save-traps.scenario",
            "Scenarios/namestofaces/picture-power-loss-seed-1.scenario",
        ],
    ]

    @Test(
        "A simulated run makes no file call under the simulated container and changes nothing on disk",
        .enabled(if: Strace.usable, "strace is missing or cannot trace here (SandboxTests checks URLs in process)"),
        arguments: commands)
    func simulatedRunUnderStrace(_ arguments: [String]) throws {
        let run = try Strace.run(Corpus.harness, arguments, in: Corpus.root.deletingLastPathComponent())
        let corpus =
            FileManager.default.enumerator(atPath: Corpus.root.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".scenario") }.map { "Scenarios/" + $0 } ?? []
        let scenarios = arguments.count > 2 ? Array(arguments.dropFirst(3)) : corpus
        if arguments[0] == "run" {
            #expect(run.status == 0)
            #expect(run.output.hasSuffix("\(scenarios.count) passed, 0 failed\n"))
        } else {
            // The exploration finds traps (status 1) and must have judged every schedule.
            #expect(run.status == 1)
            #expect(run.output.contains("total (book): "), "\(run.output)")
        }
        // The trace is real: the scenario files the workers read show up in it.
        for file in scenarios.prefix(5) {
            #expect(run.calls.contains { $0.contains(file) }, "\(file) is not in the trace")
        }
        let container = SimulatedWorld().containerURL.path
        #expect(run.calls.filter { $0.contains(container) } == [])
        let opensForWriting = /^\d+ +(open|openat|openat2)\(.*(O_WRONLY|O_RDWR|O_CREAT|O_TRUNC)/
        let changesFiles =
            /^\d+ +(creat|(un)?link(at)?|rename(at2?)?|mkdir(at)?|rmdir|truncate|f?chmod(at)?|symlink(at)?)\(/
        #expect(run.calls.filter { $0.contains(opensForWriting) || $0.contains(changesFiles) } == [])
    }
}
