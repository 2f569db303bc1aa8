import Foundation
import Harness
import Testing

/// A worker is sent a scenario's text once and keeps it parsed: every later job must still run the text it
/// names, whatever else the worker has held, and a job naming a text the worker lacks is a harness error.
@Suite struct WorkerSourceTests {
    /// Passes: a first launch shows no items.
    static let empty = "app checklists\nlaunch\nexpect items empty\n"
    static let added = "app checklists\nlaunch\nitem add Milk\nexpect items: [ ] Milk\n"
    /// The same length as `added`, one letter changed: fails.
    static let wrong = "app checklists\nlaunch\nitem add Milk\nexpect items: [ ] Milx\n"

    @Test func eachJobRunsTheTextItCarriesNotOneTheWorkerHeldBefore() throws {
        let runner = IsolatedRunner(executable: Corpus.harness)
        defer { runner.shutDown() }
        // More texts than a worker holds, each more than once, and one text under two file names.
        let sequence = [
            ("a.scenario", Self.empty), ("b.scenario", Self.wrong), ("a.scenario", Self.empty),
            ("c.scenario", Self.empty), ("d.scenario", Self.added), ("b.scenario", Self.wrong),
            ("a.scenario", Self.empty), ("d.scenario", Self.added), ("d.scenario", Self.added),
        ]
        for (file, text) in sequence {
            let job = WorkerJob(scenario: ScenarioText(file: file, text: text), edition: nil)
            guard case .finished(let result) = runner.run(job) else {
                Issue.record("\(file) did not finish")
                continue
            }
            #expect(result.file == file)
            #expect(result.passed == (text != Self.wrong), "\(file): \(result.outcome)")
            #expect(result.failure?.location.file == (text == Self.wrong ? file : nil))
            #expect(result.failure?.found == (text == Self.wrong ? "[ ] Milk" : nil))
        }
        #expect(runner.workersStarted == 1)
    }

    @Test func aJobNamingATextItsWorkerDoesNotHoldIsAHarnessError() throws {
        let runner = IsolatedRunner(executable: Corpus.harness)
        defer { runner.shutDown() }
        var job = WorkerJob(scenario: ScenarioText(file: "a.scenario", text: Self.empty), edition: nil)
        guard case .finished(let first) = runner.run(job) else {
            Issue.record("the first job did not finish")
            return
        }
        #expect(first.passed)
        // The text left out: the worker holds another (the same words, but sent under another number).
        job.source = nil
        guard case .harnessError(let message) = runner.run(job) else {
            Issue.record("a job without its text was not a harness error")
            return
        }
        #expect(message.contains("does not hold the text of a.scenario"), "\(message)")
        let scenario = try ScenarioText(file: "a.scenario", text: Self.empty).parse(plugins: Corpus.plugins)
        let result = runner.result(of: job, scenario: scenario)
        #expect(result.verdict == .harnessError)
        #expect(!result.passed)
    }
}
