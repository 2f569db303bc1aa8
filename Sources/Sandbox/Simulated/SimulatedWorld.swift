import Foundation

/// One simulated phone running one app: an in-memory container, a clock, a
/// key-value store, an operation log and armed faults, all driven by one seed.
///
/// The harness changes the world through this class; app code sees it only through
/// the `AppEnvironment` that `launch()` returns.
public final class SimulatedWorld: @unchecked Sendable {
    /// When the key-value store writes its in-memory values to its file.
    public enum FlushPolicy: String, Sendable, CaseIterable, Codable {
        /// On backgrounding, on a clean exit and on `synchronize()` (iOS's behaviour).
        case onBackground = "on-background"
        /// On a clean exit and on `synchronize()`.
        case onExit = "on-exit"
        /// Only on `synchronize()` (swift-corelibs-foundation's behaviour).
        case explicit
        /// Never: every change is lost when the process ends.
        case never
    }

    /// Thrown by a seam call made outside `perform` when its process has died.
    public struct ProcessDied: Error, Sendable {}

    /// The container folder, as the file-system seam names it (a `simulated:` URL: see `ContainerURLs`).
    public var containerURL: URL { urls.root }
    public let bundleIdentifier: String
    public let seed: UInt64
    /// The key-value store's file, relative to the container.
    public let preferencesPath: String
    /// The same file as the platform's own reads and writes name it (built once: every launch and flush uses it).
    let preferencesURL: URL

    let lock = NSLock()
    let urls = ContainerURLs()
    /// The files, as `tree` shows them once pending `defaults set` values are written.
    private var storedTree = SimulatedWorld.emptyContainer
    /// Values put with `putDefaultsValue` and not yet written to the preferences file.
    var pendingDefaults: [String: PlistValue?] = [:]
    /// Times the pending values were written (once per run of `defaults set` steps).
    private(set) var pendingDefaultsWrites = 0
    var rng: SplitMix64
    var log: [OperationRecord] = []
    var crashRecords: [CrashRecord] = []
    /// Printed lines and crashes, each placed after the operation count it happened at.
    var events: [(afterOperation: Int, line: String)] = []
    var consoleLines: [String] = []
    var armed = ArmedFaults()
    var hiddenFiles = HiddenFiles()
    var clock: ClockState
    var flushPolicy: FlushPolicy = .onBackground
    var process: ProcessState?
    var processCount = 0
    var tempCounter = 0
    /// Fresh identifiers given out so far (see `SimulatedIdentifiers`).
    var identifierCount: UInt64 = 0
    var operationObserver: (@Sendable (OperationRecord) -> Void)?
    /// Inside `peek`: seam calls are neither logged nor faulted.
    var peeking = false
    /// The number (counted from 1, as `crashes` counts) of a crash an armed fault will not cause (see `spareCrash`).
    var sparedCrash: Int?
    /// The next power loss drops every unsynced write (see `dropUnsyncedAtNextPowerLoss`).
    var dropUnsyncedAtPowerLoss = false

    struct ProcessState {
        let id: Int
        var alive = true
        var defaults: [String: PlistValue] = [:]
        var registered: [String: PlistValue] = [:]
        var unflushed = false
        /// The app removed a file while its key-value changes were only in memory.
        var removedBeforeFlush = false
        var thread: AppThread?
        /// Work scheduled on the main queue and not run yet (see `SimulatedMainQueue`).
        var mainQueue: [MainQueueWork] = []
        /// The main-queue work running now, owned here while it runs and until the process dies (see `runMainQueue`).
        var runningWork: MainQueueWork?
        /// Work scheduled for a later time, in the order scheduled: it joins `mainQueue` once `uptime` reaches it.
        var timers: [(due: TimeInterval, work: MainQueueWork)] = []
        /// Seconds the process has run by the clock: the clock set back does not turn it back, as a phone's uptime,
        /// which `DispatchQueue.main.asyncAfter` counts, does not follow a clock the user sets.
        var uptime: TimeInterval = 0
    }

    /// A new container whose clock reads `start` in `timeZone` (nil: UTC).
    public init(
        seed: UInt64 = 0, bundleIdentifier: String = "com.example.app",
        start: Date = Date(timeIntervalSince1970: 1_772_352_000), timeZone: TimeZone? = nil
    ) {
        self.seed = seed
        self.bundleIdentifier = bundleIdentifier
        preferencesPath = "Library/Preferences/\(bundleIdentifier).plist"
        preferencesURL = ContainerURLs().url(preferencesPath)
        self.rng = SplitMix64(seed: seed)
        self.clock = ClockState(now: start, timeZone: timeZone ?? Self.utc)
    }

    /// Looked up once: a time zone lookup by name costs more than setting up the rest of a world.
    private static let utc = TimeZone(identifier: "UTC")!

    /// The folders every new container has; built once, and shared by every world until it changes them.
    private static let emptyContainer: FileTree = {
        var tree = FileTree()
        for folder in ["Documents", "Library/Preferences", "Library/Caches", "tmp"] { tree.makeDirectory(folder) }
        return tree
    }()

    deinit {
        process?.thread?.stop()
    }

    /// The container's files. Looking at them first writes the values `putDefaultsValue` left
    /// pending, so that a run of `defaults set` steps rewrites the preferences file once.
    var tree: FileTree {
        _read {
            writePendingDefaults()
            yield storedTree
        }
        _modify {
            writePendingDefaults()
            yield &storedTree
        }
    }

    // MARK: Processes

    /// Starts the app's process: the key-value store loads its file. Ends a running one first.
    @discardableResult
    public func launch() -> AppEnvironment {
        lock.lock()
        if let old = process, old.alive { process?.thread?.stop() }
        processCount += 1
        let id = processCount
        process = ProcessState(id: id)
        lock.unlock()
        loadDefaults(process: id)
        return environment(process: id)
    }

    /// The environment of the current process (for code that runs outside `perform`).
    public func environment(process id: Int) -> AppEnvironment {
        AppEnvironment(
            files: SimulatedFileSystem(world: self, process: id),
            clock: SimulatedClock(world: self, process: id),
            defaults: SimulatedDefaults(world: self, process: id),
            identifiers: SimulatedIdentifiers(world: self),
            mainQueue: SimulatedMainQueue(world: self, process: id),
            console: { [weak self] line in self?.printed(line, process: id) })
    }

    /// How many times the app has been launched.
    public var launches: Int { lock.withLock { processCount } }

    /// Whether the last launched process died (rather than exiting cleanly or still running).
    public var lastProcessCrashed: Bool {
        lock.withLock { process?.alive == false && crashRecords.last?.process == processCount }
    }

    /// Whether the app's process is running.
    public var isRunning: Bool { lock.withLock { process?.alive == true } }

    /// The running process's number (1 for the first launch).
    public var processID: Int? { lock.withLock { process?.alive == true ? process?.id : nil } }

    /// Runs app code as the running process. Returns nil when the process died in it
    /// (a crash fault fired): that code never runs another instruction.
    public func perform<T>(_ body: @escaping () -> T) -> T? {
        let placement: CallPlacement = lock.withLock {
            guard var current = process, current.alive else { return .dead }
            // No fault can end the process inside this call (none is armed that kills, or none fires
            // while peeking), so no thread has to end with it.
            guard armed.mayKill, !peeking else { return .caller }
            if current.thread == nil {
                current.thread = AppThread.make()
                process = current
            }
            return current.thread.map(CallPlacement.thread) ?? .dead
        }
        switch placement {
        case .dead: return nil
        case .caller: return body()
        case .thread(let thread):
            nonisolated(unsafe) var result: T?
            thread.run { result = body() }
            return result
        }
    }

    /// Runs app code that only reads what the app shows, as the harness looks at the screen between steps:
    /// its seam calls are not logged, no fault fires in them or counts them, so looking changes nothing a
    /// scenario can see. Nil when the process is not running.
    public func peek<T>(_ body: @escaping () -> T) -> T? {
        lock.withLock { peeking = true }
        defer { lock.withLock { peeking = false } }
        return perform(body)
    }

    /// The app goes to the background: the key-value store flushes if its policy says so.
    public func background() {
        if lock.withLock({ flushPolicy == .onBackground }) { _ = flushDefaults(caller: nil) }
    }

    /// The user quits the app cleanly: the key-value store flushes unless its policy is explicit or never.
    public func exitCleanly() {
        let flush = lock.withLock { flushPolicy == .onBackground || flushPolicy == .onExit }
        if flush { _ = flushDefaults(caller: nil) }
        lock.withLock {
            process?.alive = false
            process?.mainQueue = []
            process?.timers = []
            process?.thread?.stop()
            process?.thread = nil
        }
    }

    /// Time passes: the kernel has written every unsynced file back, as it does within seconds of a write.
    public func writeBack() { lock.withLock { tree.writeBack() } }

    /// Kills the running process from outside (the user swipes it away, the phone dies).
    public func crash(_ kind: CrashKind) {
        lock.withLock { crashLocked(kind, operation: nil) }
    }

    /// The next power loss loses every unsynced write (each file as last synced) instead of drawing fates from the
    /// seed: the worst a phone can do to a file that was never synced.
    public func dropUnsyncedAtNextPowerLoss() { lock.withLock { dropUnsyncedAtPowerLoss = true } }

    /// Every crash so far, in order.
    public var crashes: [CrashRecord] { lock.withLock { crashRecords } }

    /// The fault that would cause crash number `number` (as `crashes` counts them, from 1) leaves its operation
    /// alone instead: a run otherwise the same then shows what the action that crash interrupted would have done.
    public func spareCrash(number: Int) { lock.withLock { sparedCrash = number } }

    func crashLocked(_ kind: CrashKind, operation: Int?) {
        guard let current = process, current.alive else { return }
        process?.alive = false
        process?.mainQueue = []
        process?.timers = []
        // The work it died in never runs again: kept, it would hold the app, and through it this world.
        process?.runningWork = nil
        // An idle app thread is freed now; one that dies inside a seam call ends itself in `die()`.
        if let thread = current.thread, !thread.isCurrent {
            thread.stop()
            process?.thread = nil
        }
        var fates: [String] = []
        if kind == .powerLoss {
            fates = tree.losePower(&rng, droppingAll: dropUnsyncedAtPowerLoss)
            dropUnsyncedAtPowerLoss = false
        }
        let crash = CrashRecord(
            kind: kind, process: current.id, operation: operation, fates: fates,
            lostUnflushedDefaults: current.unflushed,
            removedFileBeforeFlush: current.unflushed && current.removedBeforeFlush)
        crashRecords.append(crash)
        events.append((log.count, crash.line))
    }

    // MARK: Faults and the log

    /// Arms a fault. Counting of its occurrences starts now.
    public func arm(_ rule: FaultRule) {
        lock.withLock { armed.arm(rule) }
    }

    public func disarmAll() { lock.withLock { armed.disarmAll() } }

    /// How many times each armed rule has fired, in arming order.
    public var firedCounts: [Int] { lock.withLock { armed.firedCounts } }

    /// Whether any of the first `count` rules armed has fired (the explorer's schedule comes first).
    public func anyFired(amongFirst count: Int) -> Bool { lock.withLock { armed.anyFired(amongFirst: count) } }

    public var operations: [OperationRecord] { lock.withLock { log } }

    /// Tells `observer` each operation as it is logged, on the thread that made it and under
    /// the world's lock (so it must not call back into the world): a run that dies with its
    /// process can still show what it did.
    public func observeOperations(_ observer: @escaping @Sendable (OperationRecord) -> Void) {
        lock.withLock { operationObserver = observer }
    }

    public var operationCount: Int { lock.withLock { log.count } }

    /// Files a read fault hid from the app, with the bytes they held then (until a later read showed them).
    public var faultedFiles: [HiddenFile] { lock.withLock { hiddenFiles.all } }

    /// What the app printed, in order.
    public var printedLines: [String] { lock.withLock { consoleLines } }

    func printed(_ line: String, process id: Int) {
        lock.withLock {
            guard isLive(id) else { return }
            consoleLines.append(line)
            events.append((log.count, "p\(id) print: \(line)"))
        }
    }

    /// The operation log, with crashes and printed lines where they happened, one line each.
    public var trace: String {
        var text = ""
        writeTrace(to: &text)
        return text
    }

    /// `FNV1a.hash(trace.utf8)`, without building the trace.
    public var traceHash: UInt64 {
        var stream = FNV1a.Stream()
        writeTrace(to: &stream)
        return stream.hash
    }

    private func writeTrace<Target: TextOutputStream>(to text: inout Target) {
        lock.withLock {
            var pending = events[...]
            var lines = 0
            func startLine() {
                if lines > 0 { text.write("\n") }
                lines += 1
            }
            for record in log {
                while let event = pending.first, event.afterOperation < record.number {
                    startLine()
                    text.write(event.line)
                    pending.removeFirst()
                }
                startLine()
                record.writeLine(to: &text)
            }
            for event in pending {
                startLine()
                text.write(event.line)
            }
        }
    }

    func record(
        _ caller: Int, _ kind: OperationKind, _ path: String, target: String? = nil,
        bytes: Int? = nil, result: String, fault: Fault? = nil, platform: Bool
    ) -> Int {
        let number = log.count + 1
        log.append(
            OperationRecord(
                number: number, process: caller, kind: kind, path: path, target: target,
                bytes: bytes, result: result, fault: fault, platform: platform))
        operationObserver?(log[log.count - 1])
        return number
    }

    /// Whether `caller` is the running process.
    func isLive(_ caller: Int) -> Bool { process?.id == caller && process?.alive == true }

    /// Ends the calling code after its process died: ends the app thread, or throws elsewhere.
    func die() throws -> Never {
        let thread = lock.withLock { process?.thread }
        if let thread, thread.isCurrent { thread.exitAfterDeath() }
        throw ProcessDied()
    }

    // MARK: Inspection (the harness's view; not logged)

    /// The bytes a file holds now (what a read would see), or nil.
    public func fileData(_ path: String) -> Data? { lock.withLock { tree.file(path)?.data } }

    public func isDirectory(_ path: String) -> Bool { lock.withLock { tree.isDirectory(path) } }

    /// Every file path in the container, sorted.
    public var filePaths: [String] { lock.withLock { tree.files.keys.sorted() } }

    /// Puts a file on disk before or between launches (a fixture), creating its folders.
    public func putFile(_ path: String, _ data: Data) {
        lock.withLock {
            tree.makeDirectory(FileTree.parent(of: path))
            tree.putDurable(path, data)
        }
    }

    public func makeDirectory(_ path: String) { lock.withLock { tree.makeDirectory(path) } }

    public func removeFile(_ path: String) { lock.withLock { tree.remove(path) } }

    /// Writes the pending `defaults set` values into the preferences file, durably, in one go.
    private func writePendingDefaults() {
        guard !pendingDefaults.isEmpty else { return }
        var values = Self.storedDefaults(in: storedTree.file(preferencesPath)?.data)
        for (key, value) in pendingDefaults { values[key] = value }
        pendingDefaults = [:]
        pendingDefaultsWrites += 1
        guard let data = Self.encodedDefaults(values) else { return }
        storedTree.makeDirectory(FileTree.parent(of: preferencesPath))
        storedTree.putDurable(preferencesPath, data)
    }
}

/// Where `perform` runs app code.
private enum CallPlacement {
    /// Nowhere: the process is not running.
    case dead
    /// On the calling thread: nothing armed can end the process inside the call.
    case caller
    /// On the process's own thread, which ends where the process dies.
    case thread(AppThread)
}
