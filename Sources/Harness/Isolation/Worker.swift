import Foundation
import Sandbox

/// The worker side: reads jobs on standard input, runs each in this process, answers
/// on standard output. Started as `harness worker` by `IsolatedRunner`.
public enum Worker {
    /// After this many parked app threads (each holding a dead run's memory) a worker retires,
    /// or sooner once it holds this much memory.
    static let parkedLimit = 48
    static let memoryLimitMegabytes = 160.0

    /// Serves jobs until standard input ends; scenarios name apps of `plugins`.
    public static func serve(plugins: PluginRegistry) {
        disableCoreDumps()
        warmUp()
        var scenarios: [String: Scenario] = [:]
        var baselines: [String: ExplorationRecord] = [:]
        let output = FileHandle.standardOutput
        while let line = readLine() {
            if line.isEmpty { continue }
            guard let job = try? JSONDecoder().decode(WorkerJob.self, from: Data(line.utf8)) else {
                send(.invalid("worker: unreadable job"), to: output)
                continue
            }
            let scenario: Scenario
            do {
                if let source = job.source {
                    scenario = try ScenarioParser.parse(source, file: job.file, plugins: plugins)
                } else if let cached = scenarios[job.file] {
                    scenario = cached
                } else {
                    scenario = try ScenarioParser.parse(contentsOf: URL(fileURLWithPath: job.file), displayPath: job.file,
                                                        plugins: plugins)
                    scenarios[job.file] = scenario
                }
            } catch {
                send(.invalid(error.description), to: output)
                continue
            }
            let runner = ScenarioRunner(edition: job.edition, schedule: job.schedule, seed: job.seed,
                                        tracing: job.tracing, exploring: job.exploring)
            if job.judge {
                let key = "\(job.file)|\(job.edition ?? "")|\(job.seed)|\(job.source.map(TraceHash.fnv1a) ?? "")"
                let baseline = baselines[key] ?? {
                    var plain = runner
                    plain.schedule = []
                    let record = plain.run(scenario).exploration ?? ExplorationRecord()
                    baselines[key] = record
                    return record
                }()
                let record = runner.run(scenario).exploration ?? ExplorationRecord()
                let judged = JudgedRun(outcome: Oracle.classify(baseline: baseline, run: record),
                                       injected: record.firedAtStep != nil, traceHash: record.traceHash,
                                       record: job.keepRecords ? record : nil, baseline: job.keepRecords ? baseline : nil)
                retireIfNeeded(output)
                send(.judged(judged), to: output)
                continue
            }
            var result = runner.run(scenario) { if !job.exploring { send(.step($0), to: output) } }
            if !job.includeOperations { result.operations = [] }
            retireIfNeeded(output)
            send(.result(result), to: output)
        }
    }

    private static func retireIfNeeded(_ output: FileHandle) {
        let parked = SimulatedWorld.parkedAppThreads
        guard parked > 0 else { return }
        if parked >= parkedLimit || ResidentMemory.megabytes > memoryLimitMegabytes { send(.retiring, to: output) }
    }

    static func send(_ message: WorkerMessage, to output: FileHandle) {
        guard var data = try? JSONEncoder().encode(message) else { return }
        data.append(UInt8(ascii: "\n"))
        output.write(data)
    }

    /// A trapping app must not leave a core file behind or spend time writing one.
    private static func disableCoreDumps() {
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        #if os(Linux)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
        #else
        setrlimit(RLIMIT_CORE, &limit)
        #endif
    }

    /// Loads what every run needs (calendars, time zones, property lists, JSON) before
    /// the first job, so a spare worker is ready when a trap ends the current one.
    private static func warmUp() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/London") ?? .current
        _ = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: 0))
        _ = try? PropertyListSerialization.data(fromPropertyList: ["a": [1]], format: .binary, options: 0)
        _ = try? JSONEncoder().encode(["warm": true])
    }
}

/// This process's resident memory.
enum ResidentMemory {
    static var megabytes: Double {
        #if os(Linux)
        // The second field of /proc/self/statm is the resident set, in pages.
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }
}
