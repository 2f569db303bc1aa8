import Foundation
import Testing

/// `HARNESS_WORKERS` chooses at run time how workers start, so the exec path (the only one on macOS) is the
/// one this project's CI runs too: the reports are the fork server's, byte for byte.
@Suite struct WorkerStartTests {
    /// Explored with `--jobs 2`, so two lanes ask for workers at once; the book edition traps in each.
    static let explored = [
        "hiitfit/done-exercises-survive-relaunch.scenario", "checklists/every-change-is-saved.scenario",
        "namestofaces/delete-survives-kill.scenario",
    ].map(Corpus.path)

    /// The book edition, which traps in 20 of the corpus's runs: each trap starts a worker.
    @Test(arguments: [
        ["run", "--json", "--edition", "book", "Scenarios"],
        ["explore", "--json", "--jobs", "2", "--edition", "book"] + explored,
    ])
    func execdWorkersWriteTheForkServersReports(_ arguments: [String]) throws {
        var reports: [String: CommandLineTests.Outcome] = [:]
        var starts: [String: [String]] = [:]
        for start in ["exec", "fork"] {
            let log = StartLog()
            let environment = log.environment.merging(["HARNESS_WORKERS": start]) { $1 }
            reports[start] = try #require(try RunningHarness(arguments, environment: environment).finish())
            starts[start] = log.lines()
        }
        let (exec, fork) = (try #require(reports["exec"]), try #require(reports["fork"]))
        #expect(exec.status == 1, "the book edition fails: \(exec.errors.suffix(300))")
        #expect(exec.output.contains("\"trap"), "the book edition traps")
        #expect(fork.status == exec.status)
        #expect(fork.output == exec.output)
        #expect(starts["exec"]?.contains { !$0.hasPrefix("exec ") } == false, "\(starts["exec"] ?? [])")
        #if os(Linux)
            let forked = starts["fork"]?.filter { $0.hasPrefix("forked ") }.count ?? 0
            #expect(forked > 5, "\(starts["fork"] ?? [])")
        #endif
    }

    @Test func anUnknownWayToStartWorkersIsRefusedBeforeAnyWork() throws {
        let result = try #require(
            try RunningHarness(["run", Self.explored[0]], environment: ["HARNESS_WORKERS": "vfork"]).finish())
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("HARNESS_WORKERS is 'vfork'; it must be fork or exec"), "\(result.errors)")
    }
}

/// A file for `HARNESS_WORKER_LOG`, and its lines once the harness has ended.
struct StartLog {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("workers-\(UUID().uuidString)")
    var environment: [String: String] { ["HARNESS_WORKER_LOG": file.path] }
    func lines() -> [String] {
        defer { try? FileManager.default.removeItem(at: file) }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}
