import Foundation
import Sandbox

/// The state of one run: the world, the app's driver and what the steps have done.
struct RunSession {
    let scenario: Scenario
    let world: SimulatedWorld
    let edition: AppEdition
    let liveFiles: LiveFileSystem?
    let liveAppFiles: (any FileSystem)?
    /// Where fixtures go and file checks look: the simulated tree, or the live folder.
    let container: any ContainerAccess
    /// The scenario's fixtures by name and by the path of the store a `@NAME` one is for, so that a `file`
    /// step costs the same however many there are.
    private let fixtures: [String: Fixture]
    /// The driver of the running process; nil when the app is not running.
    private(set) var driver: UncheckedDriver?
    /// What `launch` starts: the edition under test and the scenario's variant, until `launch edition` or
    /// `upgrade` installs another.
    var installed: InstalledCode
    /// Each launch's edition (and variant), in order: what a trace shows when the scenario changes editions.
    private(set) var launchedCode: [InstalledCode] = []
    /// `launch deferred`: the process's main-queue work waits for `settle` (or `background`).
    private var holdsMainQueue = false
    /// The ids the app showed, for `expect ids kept`.
    private(set) var identities: ShownIdentities
    /// What the user saw and the app acknowledged, judged at each relaunch.
    var model: RunModel

    init(
        scenario: Scenario, world: SimulatedWorld, edition: AppEdition, liveFiles: LiveFileSystem?,
        liveAppFiles: (any FileSystem)? = nil
    ) {
        self.scenario = scenario
        self.world = world
        self.edition = edition
        self.liveFiles = liveFiles
        self.liveAppFiles = liveAppFiles
        self.container = liveFiles.map { LiveContainer(files: $0, world: world) } ?? world
        self.model = RunModel(scenario: scenario)
        var fixtures = Dictionary(scenario.fixtures.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // `file @history` puts the fixture `@history` at the store's path.
        for case .file(let path) in scenario.plugin.stores.map(\.location) where fixtures[path] == nil {
            fixtures[path] = scenario.fixture(at: path)
        }
        self.fixtures = fixtures
        self.identities = ShownIdentities(scenario: scenario)
        self.installed = InstalledCode(edition: edition, variant: scenario.variant)
    }

    /// Runs one step, then looks once at what the app shows, for the model (and the ids); returns why
    /// the step failed, or nil.
    mutating func run(_ step: Step) -> StepFailure? {
        let start = world.operationCount
        let launches = launchedCode.count
        model.willRun(step, world: world, container: container)
        let variant = installed.variant
        var failure: StepFailure?
        do {
            try execute(step)
            if installed.variant != variant { model.variantInstalled() }
        } catch {
            failure = StepFailure(
                location: step.location, step: step.text, expected: error.expected,
                found: error.found, operationsTail: world.operations.suffix(8).map(\.line))
        }
        let seen = observe()
        if failure == nil, identities.isTracking, let seen { identities.record(seen) }
        let launched = launchedCode.count > launches ? launchedCode.last : nil
        model.didRun(step, start: start, seen: seen, world: world, launched: launched)
        return failure
    }

    private mutating func execute(_ step: Step) throws(StepError) {
        switch step.command {
        case .launch:
            try launchStep(LaunchOptions())
        case .launchWith(let options):
            try launchStep(options)
        case .upgrade(let options):
            try upgrade(options)
        case .background:
            _ = try running()
            background()
        case .exit:
            let app = try running().unretained
            guard runMainQueue() else { return }
            if world.perform({ app { $0.enterBackground() } }) == nil {
                self.driver = nil
                return
            }
            world.exitCleanly()
            self.driver = nil
        case .kill:
            kill()
        case .powerLoss(let dropUnsynced):
            powerLoss(droppingUnsynced: dropUnsynced)
        case .seed:
            break  // applied when the world is made
        case .setClock(let setting):
            try setClock(setting)
            runDueWork()
        case .advanceClock(let offset):
            world.advanceClock(
                by: DateComponents(day: offset.days, hour: offset.hours, minute: offset.minutes, second: offset.seconds)
            )
            runDueWork()
        case .timeZone(let identifier):
            world.setTimeZone(try timeZone(identifier))
        case .flushPolicy(let policy):
            world.defaultsFlushPolicy = policy
        case .flushDefaultsNow:
            _ = try running()
            world.writeBackDefaults()
        case .setDefault(let key, let value):
            world.putDefaultsValue(try plist(value), forKey: key)
        case .removeDefault(let key):
            world.putDefaultsValue(nil, forKey: key)
        case .putFile(let path):
            guard let fixture = fixtures[path] else { throw StepError("a fixture named \(path)", "none") }
            container.putFile(path, fixture.data)
        case .makeDirectory(let path):
            try makeDirectory(path)
        case .removeFile(let path):
            container.removeFile(path)
        case .fault(let rule):
            world.arm(rule)
        case .clearFaults:
            world.disarmAll()
        case .action(let action):
            let app = try running().unretained
            nonisolated(unsafe) var failure: ActionError?
            let finished: Void? = world.perform {
                app { driver in
                    do throws(ActionError) { try driver.perform(action) } catch { failure = error }
                }
            }
            if finished == nil {
                self.driver = nil
                return
            }
            if let failure { throw StepError("the user to be able to \(step.text)", failure.message) }
            if !holdsMainQueue { runMainQueue() }
        case .settle:
            _ = try running()
            holdsMainQueue = false
            runMainQueue()
        case .expect(let expectation):
            let check = ExpectationCheck(session: self, expectation: expectation)
            let outcome = check.evaluate()
            if !outcome.evaluated || outcome.holds == step.negated {
                throw StepError(step.negated ? "not: \(outcome.expected)" : outcome.expected, outcome.found)
            }
        }
    }

    /// Starts the app's process and runs its launch path, then the work it scheduled for after launch
    /// unless `deferred`.
    mutating func launch(deferred: Bool = false) {
        var environment = world.launch()
        if let liveFiles { environment.files = liveAppFiles ?? liveFiles }
        let launch = AppLaunch(environment: environment, variant: installed.variant)
        let edition = installed.edition
        launchedCode.append(installed)
        identities.processLaunched()
        driver = world.perform { UncheckedDriver(edition.launch(launch)) }
        holdsMainQueue = deferred
        if !deferred { runMainQueue() }
    }

    /// Runs the work the app scheduled on its main queue; false when the process died in it.
    @discardableResult
    private mutating func runMainQueue() -> Bool {
        guard world.runMainQueue() != nil else {
            driver = nil
            return false
        }
        return true
    }

    /// Time passed: the work the app scheduled for a time the clock has reached runs, as pending work does at the
    /// end of a step (not while a deferred launch holds it).
    private mutating func runDueWork() {
        if world.isRunning, !holdsMainQueue { runMainQueue() }
    }

    /// The app saves what it saves on backgrounding, then the key-value store flushes by policy.
    mutating func background() {
        guard world.isRunning else { return }
        // The run loop runs what is pending before the scene moves to the background.
        holdsMainQueue = false
        guard runMainQueue(), let app = driver?.unretained else { return }
        if world.perform({ app { $0.enterBackground() } }) == nil {
            self.driver = nil
            return
        }
        world.background()
        if !world.isRunning { self.driver = nil }
    }

    mutating func kill() {
        world.crash(.kill)
        driver = nil
    }

    mutating func powerLoss(droppingUnsynced: Bool = false) {
        if droppingUnsynced { world.dropUnsyncedAtNextPowerLoss() }
        world.crash(.powerLoss)
        driver = nil
    }

    /// A folder and its parents; a file in the way is the scenario's mistake, never silently replaced.
    private func makeDirectory(_ path: String) throws(StepError) {
        let components = path.split(separator: "/")
        for end in components.indices {
            let prefix = components[...end].joined(separator: "/")
            if container.fileData(prefix) != nil {
                throw StepError("a folder at \(path)", "\(prefix) is a file (rm it first)")
            }
        }
        container.makeDirectory(path)
    }

    /// What the app shows now, read on the app thread; nil when it is not running. Peeked, as after every
    /// step: looking at the screen (the grid reading its pictures) is no operation, and no fault fires in it.
    func observe() -> Observation? {
        guard let driver, world.isRunning else { return nil }
        return world.peek { driver.value.observe() }
    }

    private func running() throws(StepError) -> UncheckedDriver {
        guard let driver, world.isRunning else {
            throw StepError("the app to be running", "it is not running (launch it first)")
        }
        return driver
    }

    private func timeZone(_ identifier: String) throws(StepError) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else {
            throw StepError("a time zone", "unknown time zone '\(identifier)'")
        }
        return zone
    }

    private func setClock(_ setting: ClockSetting) throws(StepError) {
        let zone =
            try setting.timeZone.map { identifier throws(StepError) in try timeZone(identifier) } ?? world.timeZone
        do {
            world.setClock(try LocalTime.instant(of: setting, in: zone), timeZone: zone)
        } catch {
            throw StepError("a time that exists in \(zone.identifier)", error.message)
        }
    }

    func plist(_ value: DefaultValue) throws(StepError) -> PlistValue {
        switch value {
        case .literal(let plist): return plist
        case .fixture(let name):
            guard let fixture = fixtures[name] else { throw StepError("a fixture named \(name)", "none") }
            do { return try PlistValue(propertyList: fixture.data) } catch {
                throw StepError("fixture \(name) to hold a property list", "it does not parse")
            }
        }
    }
}

/// A step that could not be performed or whose check failed.
struct StepError: Error {
    var expected: String
    var found: String
    init(_ expected: String, _ found: String) {
        self.expected = expected
        self.found = found
    }
}

/// The driver of the running process, owned by the session alone (`RunSession.driver`).
final class UncheckedDriver: @unchecked Sendable {
    let value: any AppDriver
    init(_ value: any AppDriver) { self.value = value }

    /// The driver as app code that a fault may kill is handed it. A process that dies in a call ends its thread
    /// there, and what that thread's frames own is never released: owning none of the driver, they leave the
    /// process's objects to be freed once the session lets go of it, as a process killed between calls is.
    var unretained: UnretainedDriver { UnretainedDriver(box: .passUnretained(self)) }
}

/// A driver used without being retained: the session keeps it alive while the call that uses it runs (the
/// harness waits for the app thread).
struct UnretainedDriver: @unchecked Sendable {
    let box: Unmanaged<UncheckedDriver>

    func callAsFunction<Result>(_ body: (any AppDriver) -> Result) -> Result {
        box._withUnsafeGuaranteedRef { body($0.value) }
    }
}

extension ScenarioRunner {
    /// Runs the steps and returns what the app shows at the end.
    package func observeAfterRunning(_ scenario: Scenario) -> VisibleData? {
        guard var session = makeSession(for: scenario) else { return nil }
        for step in scenario.steps { _ = session.run(step) }
        return session.observe().map { VisibleData($0, plugin: scenario.plugin) }
    }
}
