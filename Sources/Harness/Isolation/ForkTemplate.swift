import Foundation
import Sandbox

/// The fork server's template (`harness worker --template`): warms up while single-threaded,
/// then forks a worker for each request on its control channel (standard input, a Unix socket
/// carrying the worker's three pipe ends) and reports each child's process id and how it ended.
/// Forking is safe only because no other thread exists to hold a lock at the fork.
enum ForkTemplate {
    /// Test-only: the request with this number (from 1) is answered as a failed fork, or a failed prepare.
    static let failureVariable = "HARNESS_TEST_FORK_FAILS_AT"
    /// Test-only: the template dies once it has answered the request with this number, leaving the
    /// workers it forked to end with it, as a template killed from outside does.
    static let deathVariable = "HARNESS_TEST_TEMPLATE_DIES_AFTER"
    /// The self-pipe's writing end: the SIGCHLD handler wakes the loop through it.
    nonisolated(unsafe) private static var wakeWriter: Int32 = -1
    private static let channel: Int32 = 0

    /// What a forked child starts out with: its template, and the scenarios the template held prepared.
    struct Child {
        let template: pid_t
        let held: HeldSources<HeldScenario>
    }

    /// Serves until the channel ends (the harness closed it or died), then ends its children and
    /// exits. Returns only in a forked child: the child then serves jobs as a worker does.
    static func serve(plugins: PluginRegistry) -> Child {
        let template = getpid()
        guard let wake = SystemCall.pipe(nonBlocking: true) else {
            tell(.failed("no self-pipe: \(String(cString: strerror(errno)))"))
            exit(1)
        }
        wakeWriter = wake[1]
        signal(SIGCHLD) { _ in
            var byte: UInt8 = 0
            _ = write(ForkTemplate.wakeWriter, &byte, 1)
        }
        // A harness started with SIGCHLD blocked (a test runner can) must still hear its children end;
        // each child gets the mask back, as an exec'd worker inherits it.
        var inherited = sigset_t()
        var childEnds = sigset_t()
        sigemptyset(&childEnds)
        sigaddset(&childEnds, SIGCHLD)
        sigprocmask(SIG_UNBLOCK, &childEnds, &inherited)
        // A harness gone mid-answer must end the loop, not the template (Darwin has no MSG_NOSIGNAL).
        let brokenPipes = signal(SIGPIPE, SIG_IGN)
        SystemCall.disableCoreDumps()
        warmUp(plugins)
        exitUnlessSingleThreaded(after: "warming up")
        let failing = ProcessInfo.processInfo.environment[failureVariable].flatMap { Int($0) }
        let dying = ProcessInfo.processInfo.environment[deathVariable].flatMap { Int($0) }
        var children: Set<pid_t> = []
        var held = HeldSources<HeldScenario>()
        var requests = 0
        tell(.ready)
        while true {
            var ready = [channel, wake[0]].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            // Woken by a request or a child's end; once a second anyway, should a signal be lost.
            let polled = poll(&ready, 2, 1000)
            if polled < 0 && errno != EINTR { break }
            reap(&children, wake: wake[0])
            guard polled > 0, ready[0].revents != 0 else { continue }
            guard let (request, descriptors) = DescriptorPassing.receive(from: channel) else { break }
            requests += 1
            defer { if requests == dying && getpid() == template { _exit(1) } }
            if request == .prepare {
                tell(prepare(descriptors[0], &held, plugins, failing: requests == failing))
                exitUnlessSingleThreaded(after: "preparing a scenario")
                continue
            }
            let child = requests == failing ? -1 : SystemCall.fork()
            let failure =
                requests == failing ? "fork failure injected for a test" : String(cString: strerror(errno))
            if child == 0 {
                signal(SIGCHLD, SIG_DFL)
                signal(SIGPIPE, brokenPipes)
                sigprocmask(SIG_SETMASK, &inherited, nil)
                close(wake[0])
                close(wake[1])
                // Over standard input, output and error: the channel is closed in the child by this.
                for (target, descriptor) in descriptors.enumerated() { dup2(descriptor, Int32(target)) }
                for descriptor in descriptors { close(descriptor) }
                return Child(template: template, held: held)
            }
            for descriptor in descriptors { close(descriptor) }
            if child < 0 {
                tell(.failed(failure))
            } else {
                children.insert(child)
                tell(.forked(child))
            }
        }
        // No harness to serve: its workers are of no use either.
        for child in children { kill(child, SIGKILL) }
        while !children.isEmpty {
            var status: Int32 = 0
            let child = waitpid(-1, &status, 0)
            if child < 0 && errno != EINTR { break }
            children.remove(child)
        }
        exit(0)
    }

    /// Forking a process with a second thread could copy a lock that thread holds: no template then.
    private static func exitUnlessSingleThreaded(after what: String) {
        guard let threads = ProcessVitals.current()?.threads, threads > 1 else { return }
        tell(.failed("the template has \(threads) threads after \(what); forking is not safe"))
        exit(1)
    }

    /// Reads a fault-free job from `descriptor` (to its end), parses its text and runs it, and holds
    /// both as a worker does, so that every child forked after starts out holding them; the run also
    /// warms the app's own code paths for the children. The explorer asks only for runs a worker has
    /// finished, so this one ends too. A scenario that arms a fault that kills inside a call would run
    /// app code on a thread of its own: it is held parsed, and each child runs it.
    private static func prepare(
        _ descriptor: Int32, _ held: inout HeldSources<HeldScenario>, _ plugins: PluginRegistry, failing: Bool
    ) -> ForkServerAnswer {
        let bytes = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
        if failing { return .failed("failure injected for a test") }
        let line = String(decoding: bytes, as: UTF8.self)
        guard line.hasSuffix("\n"), let job = WorkerJob(line: String(line.dropLast())), let source = job.source,
            job.mode == .faultFree
        else { return .failed("an unreadable job to prepare") }
        let scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(source, file: job.file, plugins: plugins)
        } catch {
            return .failed(error.description.replacingOccurrences(of: "\n", with: " "))
        }
        // Made here, once, rather than in every child.
        for fixture in scenario.fixtures { _ = fixture.data }
        var prepared = HeldScenario(scenario: scenario)
        let armsAKillingFault = scenario.steps.contains {
            if case .fault(let rule) = $0.command { rule.fault.killsTheProcess } else { false }
        }
        if !armsAKillingFault {
            guard let record = prepared.faultFreeRun(for: job) else { return .failed("the run kept no record") }
            // Judging is what every child does next: its metadata and conformances are looked up here, once.
            let judged = JudgedRun(
                outcome: Oracle.classify(baseline: record, run: record), injected: false,
                traceHash: record.traceHash, record: nil, baseline: nil)
            _ = WorkerMessage.judged(judged).line
        }
        held.hold(prepared, as: job.sourceNumber)
        return .prepared
    }

    /// Reports every child that has ended.
    private static func reap(_ children: inout Set<pid_t>, wake: Int32) {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(wake, &drained, drained.count) > 0 {}
        while true {
            var status: Int32 = 0
            let child = waitpid(-1, &status, WNOHANG)
            guard child > 0 else { return }
            children.remove(child)
            tell(.exited(child, ForkServerAnswer.exit(waitStatus: status)))
        }
    }

    private static func tell(_ answer: ForkServerAnswer) {
        let bytes = Array((answer.line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(channel, $0.baseAddress, $0.count, 0)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }  // The harness is gone: the loop sees the channel end.
            sent += count
        }
    }

    /// What a worker's first run would pay for, paid once here for every child, so that each inherits the runtime's
    /// type metadata, conformances and bound symbols instead of looking them up again: the Foundation the apps
    /// use (time zones, property lists, JSON, keyed archives), and the harness's parse of each app's steps, its run
    /// and its answers. No edition's code runs here: a port that sets process-wide state (a class mapping, a
    /// static) as it launches would change the verdicts of every other edition's workers forked after.
    private static func warmUp(_ plugins: PluginRegistry) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/London") ?? .current
        let epoch = Date(timeIntervalSince1970: 0)
        _ = calendar.dateComponents([.year, .month, .day], from: epoch)
        _ = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: epoch))
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let list = try? PropertyListSerialization.data(fromPropertyList: ["a": [1]], format: format, options: 0)
            _ = list.flatMap { try? PropertyListSerialization.propertyList(from: $0, options: [], format: nil) }
        }
        let json = try? JSONEncoder().encode(["warm": [1.5]])
        _ = json.flatMap { try? JSONDecoder().decode([String: [Double]].self, from: $0) }
        let archive = try? NSKeyedArchiver.archivedData(withRootObject: ["a"] as NSArray, requiringSecureCoding: false)
        _ = archive.flatMap { try? NSKeyedUnarchiver(forReadingFrom: $0).decodeObject(forKey: "root") }
        for plugin in plugins.plugins {
            let app = "app \(plugin.name)\n"
            _ = try? ScenarioParser.parse(app + "launch\nkill\nlaunch\n", file: "warm-up", plugins: plugins)
            // A scenario that launches nothing: the run and its answer, with no app code.
            guard let scenario = try? ScenarioParser.parse(app, file: "warm-up", plugins: plugins) else { continue }
            let result = ScenarioRunner(edition: nil, mode: .faultFree, tracing: true).run(scenario)
            _ = WorkerMessage.result(result).line.flatMap(WorkerMessage.init(line:))
        }
        let job = WorkerJob(scenario: ScenarioText(file: "warm-up", text: "app warm-up\n"), edition: nil)
        _ = WorkerJob(line: job.line)
    }
}
