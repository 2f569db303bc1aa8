import Foundation
import Sandbox

/// The worker side: reads jobs on standard input, runs each in this process, answers
/// on standard output. Started as `harness worker` by `IsolatedRunner`.
public enum Worker {
    /// A worker retires, between two runs, once it holds more threads or memory than this:
    /// a run killed inside app code leaves the objects its dead frames held behind.
    static let threadLimit = 64
    static let memoryLimitMegabytes = 160.0

    /// Serves jobs until standard input ends; scenarios name apps of `plugins`. `template`: the fork
    /// server's template that forked this worker (nil: exec'd by the harness), and `held`, the scenarios
    /// it prepared, which this worker holds from the start as the harness knows (see `ForkServer.prepare`).
    static func serve(
        plugins: PluginRegistry, forkedBy template: pid_t? = nil, holding held: HeldSources<HeldScenario> = .init()
    ) {
        ParentWatch.start(expecting: template)
        if template != nil { send(.hello(getpid()), to: .standardOutput) }
        SystemCall.disableCoreDumps()
        useOneMallocArena()
        var held = held
        var trimmedAt = 0.0
        let output = FileHandle.standardOutput
        while let line = readLine() {
            if line.isEmpty { continue }
            guard let job = WorkerJob(line: line) else {
                send(.invalid("worker: unreadable job"), to: output)
                continue
            }
            if let source = job.source {
                do {
                    let scenario = try ScenarioParser.parse(source, file: job.file, plugins: plugins)
                    held.hold(HeldScenario(scenario: scenario), as: job.sourceNumber)
                } catch {
                    send(.invalid(error.description), to: output)
                    continue
                }
            }
            // A job names its text by the number it was sent under: never another scenario's.
            guard let scenario = held[job.sourceNumber]?.scenario else {
                send(.invalid("worker: does not hold the text of \(job.file)"), to: output)
                continue
            }
            var runner = ScenarioRunner(edition: job.edition, mode: job.mode, seed: job.seed, tracing: job.tracing)
            runner.operationObserver = observer(streaming: job.streamOperations)
            if let folder = job.liveFolder {
                do {
                    runner.liveFiles = try LiveComparison.freshContainer(in: folder)
                } catch {
                    send(.invalid("worker: \(error)"), to: output)
                    continue
                }
            }
            if job.judge {
                let baseline =
                    held[job.sourceNumber]?.faultFreeRun(for: job, observer: runner.operationObserver)
                    ?? ExplorationRecord()
                let record = runner.run(scenario).exploration ?? ExplorationRecord()
                let judged = JudgedRun(
                    outcome: Oracle.classify(baseline: baseline, run: record) { step in
                        runner.statesWithoutFaults(upTo: step, of: scenario)
                    },
                    injected: record.firedAtStep != nil, traceHash: record.traceHash,
                    record: job.keepRecords ? record : nil, baseline: job.keepRecords ? baseline : nil)
                retireIfNeeded(output, trimmedAt: &trimmedAt)
                send(.judged(judged), to: output)
                continue
            }
            var result = runner.run(scenario) { if !job.mode.isExploring { send(.step($0), to: output) } }
            // The fault-free run is the record later jobs are judged against: kept, not run again.
            if job.mode == .faultFree, let record = result.exploration {
                held[job.sourceNumber]?.keep(record, for: job)
            }
            if !job.includeOperations { result.operations = [] }
            if !job.includeObservations, let observations = result.exploration?.observations {
                // Whether the app was running after each step stays: the explorer places lifecycle events by it.
                result.exploration?.observations = observations.map { $0.map { _ in VisibleData() } }
            }
            retireIfNeeded(output, trimmedAt: &trimmedAt)
            send(.result(result), to: output)
        }
    }

    /// What a run does with each operation: streams it when asked, and passes it to the test hook.
    private static func observer(streaming: Bool) -> (@Sendable (OperationRecord) -> Void)? {
        guard streaming || HangHook.text != nil else { return nil }
        return { operation in
            if streaming { send(.operation(operation.line), to: .standardOutput) }
            HangHook.check(operation)
        }
    }

    /// Checked after every run: the kernel's count of threads and resident memory, not an estimate.
    /// `trimmedAt`: the resident memory the last trim left (0: none yet).
    private static func retireIfNeeded(_ output: FileHandle, trimmedAt: inout Double) {
        guard var vitals = ProcessVitals.current() else { return }
        if vitals.residentMegabytes > max(trimAboveMegabytes, trimmedAt + trimGrowthMegabytes), returnFreedMemory(),
            let trimmed = ProcessVitals.current()
        {
            vitals = trimmed
            trimmedAt = trimmed.residentMegabytes
        }
        if shouldRetire(vitals) { send(.retiring, to: output) }
    }

    /// Past this, freed memory is handed back to the system after a run (a large history's
    /// run frees tens of MB that malloc would otherwise keep); below it, trimming costs more than it gives.
    static let trimAboveMegabytes = 48.0
    /// And only once memory has grown this much since the last trim: runs of one size free and take back
    /// the same pages, and trimming after each made the next fault every page in again (a 1,000-day
    /// exploration took twice the page faults).
    static let trimGrowthMegabytes = 16.0

    /// glibc's `malloc_trim(0)` (the Glibc module does not export it); false where there is none.
    private static func returnFreedMemory() -> Bool {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let trim = SystemCall.function("malloc_trim", as: Trim.self) else { return false }
        _ = trim(0)
        return true
    }

    /// glibc's `mallopt(M_ARENA_MAX, 1)`: the app thread and the worker's own thread hand memory to each
    /// other, and with an arena each what one frees the other cannot reuse (a 10,000-day run peaked 28 MB higher).
    /// Nothing where there is none (Darwin's malloc has no arenas to limit).
    private static func useOneMallocArena() {
        typealias Option = @convention(c) (Int32, Int32) -> Int32
        guard let option = SystemCall.function("mallopt", as: Option.self) else { return }
        let arenaMaximum: Int32 = -8  // M_ARENA_MAX in glibc's malloc.h
        _ = option(arenaMaximum, 1)
    }

    static func shouldRetire(_ vitals: ProcessVitals) -> Bool {
        vitals.threads > threadLimit || vitals.residentMegabytes > memoryLimitMegabytes
    }

    /// An answer that cannot be encoded is sent as a harness error: the harness must hear of every job.
    static func send(_ message: WorkerMessage, to output: FileHandle) {
        let line = message.line ?? WorkerMessage.invalid("worker: could not encode its answer").line ?? ""
        output.write(Data((line + "\n").utf8))
    }
}
