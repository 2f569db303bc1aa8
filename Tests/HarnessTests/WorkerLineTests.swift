import Foundation
import Sandbox
import Testing

@testable import Harness

/// Jobs and answers cross the pipe as hand-written lines: what is sent is what is read, and a line that is
/// cut short or garbled is refused (the harness then reports a harness error), never read as another job.
@Suite struct WorkerLineTests {
    /// Every fault and occurrence the explorer arms, on paths a user's app could use.
    static let modes: [RunMode] = {
        let faults: [Fault] =
            ScheduleGenerator.errorFaults + [
                .crashBefore(.kill), .crashAfter(.powerLoss), .partialWrite(bytes: 0, then: .error),
                .partialWrite(bytes: 1_234, then: .crash(.kill)), .partialWrite(bytes: 7, then: .crash(.powerLoss)),
            ]
        let occurrences: [FaultRule.Occurrence] = [.nth(1), .nth(12), .every, .from(3)]
        let paths = ["Documents/history.plist", "Library/My Data/*.json", "defaults:a\\b", "**/x\ny\r z", ""]
        var modes: [RunMode] = [.scripted, .faultFree]
        for (index, fault) in faults.enumerated() {
            let rule = FaultRule(
                kind: OperationKind.allCases[index % OperationKind.allCases.count],
                path: PathPattern(paths[index % paths.count]), occurrence: occurrences[index % occurrences.count],
                fault: fault)
            modes.append(.exploring(faults: [rule], lifecycle: nil))
        }
        for kind in LifecycleEvent.Kind.allCases {
            modes.append(.exploring(faults: [], lifecycle: LifecycleEvent(step: 4, kind: kind)))
        }
        let two = [0, 1].map {
            FaultRule(kind: .write, path: PathPattern("a b/c"), occurrence: .from($0 + 1), fault: .diskFull)
        }
        modes.append(.exploring(faults: two, lifecycle: LifecycleEvent(step: 0, kind: .kill)))
        return modes
    }()

    static let text = "app hiitfit\r\nlaunch  \\n \\\\\n-- @history (xml) --\n<a> é \t</a>\n"

    static func job(
        _ mode: RunMode, source: String? = text, edition: String? = "hardened", liveFolder: String? = nil,
        reply: WorkerJob.Reply = .verdictForReproduction
    ) -> WorkerJob {
        var job = WorkerJob(
            scenario: ScenarioText(file: "Scenarios/my folder/a.scenario", text: source ?? ""), edition: edition,
            seed: 18_446_744_073_709_551_615, mode: mode, reply: reply)
        job.source = source
        job.sourceNumber = 42
        job.liveFolder = liveFolder
        return job
    }

    @Test func everyJobIsReadAsItWasSent() throws {
        for mode in Self.modes {
            for ((source, edition, folder), reply) in zip(
                [(Self.text, "hardened", nil), (nil, nil, "/tmp/harness-live-1"), ("", "book", "/t m p/\\x\n")]
                    as [(String?, String?, String?)],
                [WorkerJob.Reply.verdictForReproduction, .tracedResult, .streamedResult])
            {
                let sent = Self.job(mode, source: source, edition: edition, liveFolder: folder, reply: reply)
                let line = sent.line
                #expect(!line.contains("\n") && !line.contains("\r"))
                let read = try #require(WorkerJob(line: line), "\(line)")
                #expect(read.mode == mode)
                #expect(read.source == source)
                #expect(read.edition == edition)
                #expect(read.liveFolder == folder)
                #expect(read.file == sent.file && read.seed == sent.seed && read.sourceNumber == 42)
                #expect(read.reply == reply)
            }
        }
    }

    @Test func aJobCutShortOrGarbledIsRefused() {
        let line = Self.job(Self.modes.last!, liveFolder: "/tmp/harness-live-1").line
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        // Every line that stops at a word boundary before the end.
        for count in 0..<words.count {
            let cut = words.prefix(count).joined(separator: " ")
            #expect(WorkerJob(line: cut) == nil, "\(cut)")
        }
        #expect(WorkerJob(line: line + " extra") == nil)
        #expect(WorkerJob(line: line.replacingOccurrences(of: "disk-full", with: "disk-ful")) == nil)
        #expect(WorkerJob(line: line.replacingOccurrences(of: "from:1", with: "from:x")) == nil)
        #expect(WorkerJob(line: line.replacingOccurrences(of: " 0:kill ", with: " 0:nap ")) == nil)
        #expect(WorkerJob(line: line.replacingOccurrences(of: "\\n", with: "\\q")) == nil)
        #expect(WorkerJob(line: "{\"file\":\"a.scenario\"}") == nil)
    }

    static let record: ExplorationRecord = {
        var record = ExplorationRecord()
        record.running = [false, true]
        record.stepIndexes = [0, 2]
        record.firedAtStep = 2
        record.traceHash = "9f3a"
        return record
    }()

    static let messages: [WorkerMessage] = [
        .step(0), .step(31), .operation("  17 p1 write Documents/a b.plist\nok \\"), .operation(""),
        .result(
            RunResult(
                file: "a.scenario", edition: "book", seed: 3, outcome: .failed, failure: nil, stepsRun: 2,
                trace: "line 1\nline 2", operations: [], exploration: record, verdict: .dataLoss,
                verdictMessage: "lost: Squat")),
        .judged(JudgedRun(outcome: .silentOverwrite, injected: true, traceHash: "0af1", message: "a b: c\nd")),
        .judged(JudgedRun(outcome: .passed, injected: false, traceHash: "")),
        .judged(
            JudgedRun(
                outcome: .dataLoss, injected: true, traceHash: "77", message: "lost: Squat",
                reproduction: ReproductionFacts(
                    expected: VisibleData(), timeZone: "Asia/Tokyo", overwritten: ["Documents/a b"],
                    runningAtEnd: true))),
        .judged(JudgedRun(outcome: .alerted, injected: true, traceHash: "78", reproduction: ReproductionFacts())),
        .invalid("m.scenario:3:7: unknown verb 'lanch'\nm.scenario:4:1: ..."), .retiring, .hello(4242),
    ]

    @Test func everyAnswerIsReadAsItWasSent() throws {
        for message in Self.messages {
            let line = try #require(message.line)
            #expect(!line.contains("\n"))
            let read = try #require(WorkerMessage(line: line), "\(line)")
            #expect(Self.describe(read) == Self.describe(message))
        }
    }

    @Test func anAnswerCutShortOrGarbledIsRefused() throws {
        // A run's JSON, or a judged run's records, cut anywhere.
        for message in [Self.messages[4], Self.messages[7]] {
            let line = try #require(message.line)
            let json = try #require(line.firstIndex(of: "{"))
            for end in line.indices[..<line.index(before: line.endIndex)] where end >= json {
                #expect(WorkerMessage(line: String(line[...end])) == nil, "\(line[...end])")
            }
        }
        let garbled = [
            "", "retiring now", "step", "step x", "hello -", "judged fine 1 ab", "judged passed 2 ab",
            "judged passed 1", "judged passed 1 ab {", "result", "operation a\\", "verdict passed",
            "{\"retiring\":{}}",
        ]
        for line in garbled { #expect(WorkerMessage(line: line) == nil, "\(line)") }
    }

    /// Enough of a message to tell two apart.
    static func describe(_ message: WorkerMessage) -> String {
        switch message {
        case .step(let index): "step \(index)"
        case .operation(let text): "operation \(text)"
        case .result(let result): "result \(result)"
        case .judged(let run):
            "judged \(run.outcome) \(run.injected) \(run.traceHash) \(String(describing: run.message)) "
                + String(describing: run.reproduction)
        case .invalid(let text): "invalid \(text)"
        case .retiring: "retiring"
        case .hello(let process): "hello \(process)"
        }
    }
}
