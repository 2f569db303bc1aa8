import Foundation
import Sandbox

/// Writes a run's record as its steps run: what the world and the app's screen say before and after each step,
/// turned into the facts the judge reads (`RunRecord.Entry`).
struct Recorder {
    /// How the plug-in's observations are judged.
    private let plan: VisibleData.Plan
    private let plugin: AppPlugin
    /// The last data the app showed: a new observation equal to it shares its storage.
    private var lastShown: VisibleData?
    private var alertsSoFar = (process: 0, count: 0)
    /// The record positions of the fault steps whose rules are armed, in arming order (as `firedCounts`).
    private var armedFaultSteps: [Int] = []
    private var wasRunning = false
    private var position = 0
    /// Taken before the step: the world's counts, and what the stores held before a launch.
    private var firedBefore: [Int] = []
    private var crashesBefore = 0
    private var storedBefore: [StoredData] = []

    init(plugin: AppPlugin) {
        self.plugin = plugin
        plan = VisibleData.Plan(plugin)
    }

    /// The user's data in `observation`, judged as the plug-in says; the last data shown itself when equal.
    func visibleData(_ observation: Observation) -> VisibleData {
        VisibleData(observation, plan: plan).sharingStorage(with: lastShown)
    }

    /// Before `step` runs: what it will be compared with.
    mutating func willRun(_ step: Step, world: SimulatedWorld, container: any ContainerAccess) {
        firedBefore = world.firedCounts
        crashesBefore = world.crashes.count
        storedBefore =
            step.command.launchesTheApp ? Self.storesHoldingData(plugin, world: world, container: container) : []
    }

    /// After `step` (scenario index `index`), which began at operation `start`: the record's entry for it.
    mutating func didRun(
        _ step: Step, index: Int?, start: Int, seen: Observation?, world: SimulatedWorld, launched: InstalledCode?
    ) -> RunRecord.Entry {
        let shown = seen.map(visibleData)
        lastShown = shown ?? lastShown
        let crashes = world.crashes
        let process: ProcessPhase =
            if let shown { .running(shown) } else if wasRunning {
                .ended(crash: crashes.count > crashesBefore ? crashes.count : nil)
            } else { .stopped }
        let count = seen?.alertCount ?? 0
        let told = count > (alertsSoFar.process == world.launches ? alertsSoFar.count : 0)
        alertsSoFar = (world.launches, count)
        let counts = world.firedCounts
        let fired = Set(
            counts.indices.compactMap { rule -> Int? in
                let before = rule < firedBefore.count ? firedBefore[rule] : 0
                return rule < armedFaultSteps.count && counts[rule] > before ? armedFaultSteps[rule] : nil
            })
        switch step.command {
        case .fault: armedFaultSteps.append(position)
        case .clearFaults: armedFaultSteps = []
        default: break
        }
        let operations = world.operations[start...]
        let entry = RunRecord.Entry(
            step: step, index: index, start: start, process: process, told: told, fired: fired,
            platformFaulted: operations.contains(where: \.isPlatformFault),
            lostUnflushedDefaults: crashes.dropFirst(crashesBefore).contains(where: \.platformLostDefaults),
            unflushedDefaults: shown != nil && world.defaultsFlushPolicy == .onBackground && world.hasUnflushedDefaults,
            unreadableStores: fired.isEmpty ? [] : unreadableStores(in: operations),
            storedBefore: storedBefore, launched: launched, now: world.now, timeZone: world.timeZone)
        wasRunning = shown != nil
        position += 1
        return entry
    }

    /// The declared stores read more than once in `operations` and given a faulted answer more than once: every try
    /// faulted, or two wrong answers that agree, which any app that reads until two reads agree takes for the real.
    private func unreadableStores(in operations: ArraySlice<OperationRecord>) -> [String] {
        plugin.stores.compactMap { store in
            let (kind, path): (OperationKind, String) =
                switch store.location {
                case .file(let path): (.read, path)
                case .defaults(let key): (.get, "defaults:" + key)
                }
            let reads = operations.filter { $0.kind == kind && $0.path == path }
            return reads.filter({ $0.fault?.hidesContents == true }).count > 1 ? store.name : nil
        }
    }

    /// The declared stores that hold user data now and that some observation the judge reads shows.
    static func storesHoldingData(
        _ plugin: AppPlugin, world: SimulatedWorld, container: any ContainerAccess
    ) -> [StoredData] {
        plugin.stores.compactMap { store in
            let judged = plugin.observations.filter { $0.store == store.name && $0.isJudged }
            guard !judged.isEmpty else { return nil }
            switch store.location {
            case .file(let path):
                guard let data = container.fileData(path), StoredData.holdsData(data) else { return nil }
                return StoredData(store: store, content: .bytes(data))
            case .defaults(let key):
                guard let value = world.persistedDefaultsValue(forKey: key), StoredData.holdsData(value),
                    !judged.contains(where: { $0.callsEmpty(value) })
                else { return nil }
                return StoredData(store: store, content: .value(value))
            }
        }
    }
}

/// The container as the judge may ask about it now: the simulated world, and the live folder of a `--live` run.
struct WorldWitness: ContainerWitness {
    let world: SimulatedWorld
    let container: any ContainerAccess

    func isKept(_ stored: StoredData) -> Bool {
        switch stored.content {
        case .bytes(let data):
            // A copy of what a faulted read gave the app instead counts as kept.
            let given = world.faultedFiles.filter { $0.data == data }.flatMap(\.seenAs)
            return ([data] + given).contains { bytes in
                container.filePaths.contains { container.fileData($0)?.range(of: bytes) != nil }
            }
        case .value(let value):
            guard case .defaults(let key) = stored.store.location else { return false }
            let given = world.faultedValues.filter { $0.key == key && $0.value == value }.flatMap(\.seenAs)
            let preferences = world.fileData(world.preferencesPath).flatMap { try? PlistValue(propertyList: $0) }
            if case .dictionary(let values) = preferences, values.values.contains(where: ([value] + given).contains) {
                return true
            }
            return world.defaultsValue(forKey: key) == value
        }
    }

    var filesWrittenOverUnread: [String] {
        let contents = Set(container.filePaths.compactMap { container.fileData($0) })
        let overwritten = world.faultedFiles.filter { file in
            !file.path.hasPrefix("Library/Preferences/") && !contents.contains(file.data)
                && !file.seenAs.contains(where: contents.contains)
        }
        return Set(overwritten.map(\.path)).sorted()
    }

    var undetectablyCorrupted: Bool { world.faultedFiles.contains(where: UndetectableCorruption.hides) }

    var operationsTail: [String] { world.operations.suffix(8).map(\.line) }
}

extension OperationRecord {
    /// A fault or crash hit the key-value store's own file: the platform failed, not the app.
    var isPlatformFault: Bool { platform && fault != nil }
}
