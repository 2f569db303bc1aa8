import Foundation
import HarnessTesting
import Testing

/// `run --known-failures FILE`: a port's CI on the command line, held to its record both ways.
extension CommandLineTests {
    static let ioError = "Scenarios/hiitfit/load-io-error.scenario"
    static let firstLaunch = "Scenarios/hiitfit/first-launch.scenario"

    /// `harness run --edition book` on `files` with the record `text`, written to a temporary file.
    static func runBook(_ files: [String], record text: String, _ more: [String] = []) throws -> (ExecutableRun, URL) {
        let record = try temporaryFolder().appendingPathComponent("known-failures")
        try text.write(to: record, atomically: true, encoding: .utf8)
        let run = try harness(["run", "--edition", "book"] + files + ["--known-failures", record.path] + more)
        return (run, record)
    }

    @Test func aListedFailureIsKnownAndTheRunPasses() throws {
        // Never the machine's /dev/null: an output there once replaced it with a regular file.
        let junit = try Self.temporaryFolder().appendingPathComponent("junit.xml")
        let (run, record) = try Self.runBook(
            [Self.ioError, Self.firstLaunch], record: "# the book\nbook hiitfit/load-io-error.scenario no alert\n",
            ["--junit", junit.path])
        defer {
            for file in [record, junit] { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        }
        #expect(run.status == 0)
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<skipped"), "a known failure is skipped")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "KNOWN [dataLoss] \(Self.ioError): failed")
        #expect(lines.dropFirst().first == "  known to fail: \(record.path):2:1: no alert")
        #expect(lines.contains("PASS [passed] \(Self.firstLaunch)"))
        #expect(lines.last == "1 passed, 0 failed, 1 failed as known")
    }

    @Test func aListedScenarioThatPassesFailsAtTheRecordsLine() throws {
        let (run, record) = try Self.runBook(
            [Self.ioError, Self.firstLaunch],
            record: "book hiitfit/load-io-error.scenario no alert\nbook hiitfit/first-launch.scenario was wrong\n",
            ["--json"])
        defer { try? FileManager.default.removeItem(at: record.deletingLastPathComponent()) }
        #expect(run.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect(report?["passed"] as? Int == 0)
        #expect(report?["failed"] as? Int == 1)
        #expect(report?["knownFailures"] as? Int == 1)
        let scenarios = report?["scenarios"] as? [[String: Any]] ?? []
        #expect(scenarios.count == 2)
        #expect(scenarios.last?["outcome"] as? String == "passed")
        #expect(scenarios.last?["passed"] as? Bool == false)
        #expect(
            scenarios.last?["message"] as? String
                == "\(record.path):2:1: 'book hiitfit/first-launch.scenario' is listed as known to fail (was wrong): "
                + "it passes now, take it off")
    }

    /// A wrong record stops the run before anything runs, each mistake at its place.
    @Test func aWrongRecordStopsTheRunNamingEachLine() throws {
        let (run, record) = try Self.runBook(
            [Self.ioError], record: "bok hiitfit/load-io-error.scenario typo\nbook hiitfit/none.scenario gone\n")
        defer { try? FileManager.default.removeItem(at: record.deletingLastPathComponent()) }
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("\(record.path):1:1: no edition named 'bok'"))
        #expect(run.errors.contains("\(record.path):2:6: no scenario 'hiitfit/none.scenario' among the scenarios run"))
    }

    /// `--app` narrows the run; the record is read against every scenario named, so its other lines stay right.
    @Test func appNarrowsARunWithoutMakingTheRecordWrong() throws {
        let (run, record) = try Self.runBook(
            ["Scenarios/hiitfit/load-io-error.scenario", "Scenarios/namestofaces/first-launch.scenario"],
            record: "book hiitfit/load-io-error.scenario no alert\n", ["--app", "namestofaces"])
        defer { try? FileManager.default.removeItem(at: record.deletingLastPathComponent()) }
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("1 passed, 0 failed\n"))
    }
}
