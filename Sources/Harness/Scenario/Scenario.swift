import Foundation
import Sandbox

/// A parsed scenario file: every line checked before anything runs.
public struct Scenario: Sendable {
    /// The path the file was read from, as given (used in every message).
    public var file: String
    /// The app under test, named by the `app` line.
    public var plugin: AppPlugin
    /// `app NAME VARIANT`: the variant named, or the plug-in's first (nil when it has none).
    public var variant: String?
    /// The leading `#` comment lines, without the `#`: the scenario's story.
    public var header: [String]
    public var steps: [Step]
    /// Embedded files by name, in file order.
    public var fixtures: [Fixture]
    /// The lines of the steps that use each fixture, by name: a scenario cut to fewer steps keeps only the
    /// fixtures they use (an unused one is an error).
    var fixtureUses: [String: Set<Int>] = [:]

    public init(
        file: String, plugin: AppPlugin, variant: String? = nil, header: [String] = [], steps: [Step] = [],
        fixtures: [Fixture] = []
    ) {
        self.file = file
        self.plugin = plugin
        self.variant = variant ?? plugin.variants.first
        self.header = header
        self.steps = steps
        self.fixtures = fixtures
    }

    /// The app's name, as the `app` line gives it.
    public var app: String { plugin.name }

    public func fixture(named name: String) -> Fixture? { fixtures.first { $0.name == name } }

    /// The steps the edition named `edition` runs, with their indexes: those whose condition holds for it.
    public func steps(for edition: String) -> [(index: Int, step: Step)] {
        steps.indices.compactMap { index in
            steps[index].condition?.holds(for: edition) ?? true ? (index, steps[index]) : nil
        }
    }

    /// The fixture `file PATH` puts at `path`: the one named by the path, or `@NAME` of the store kept there.
    public func fixture(at path: String) -> Fixture? {
        fixture(named: path)
            ?? plugin.stores.first { $0.location == .file(path: path) }.flatMap { fixture(named: "@" + $0.name) }
    }
}

/// One line of the script part of a scenario.
public struct Step: Sendable {
    public var location: ScenarioLocation
    /// The line as written, without its trailing comment.
    public var text: String
    /// `[edition:book]`: the step runs only for that edition.
    public var condition: Condition?
    /// `!`: the expectation must not hold (only expectations can be negated).
    public var negated: Bool
    public var command: Command

    public init(
        location: ScenarioLocation, text: String, condition: Condition? = nil, negated: Bool = false, command: Command
    ) {
        self.location = location
        self.text = text
        self.condition = condition
        self.negated = negated
        self.command = command
    }
}

/// A bracketed condition in front of a step.
public struct Condition: Sendable, Hashable {
    /// `[edition:book]` holds when running the edition named `book`; `[!edition:book]` when not.
    public var edition: String
    public var negated: Bool

    public init(edition: String, negated: Bool = false) {
        self.edition = edition
        self.negated = negated
    }

    public func holds(for edition: String) -> Bool { (self.edition == edition) != negated }
}

/// What a step does.
public enum Command: Sendable, Hashable {
    // The app's process.
    /// `launch`: start the installed edition (first launch or relaunch).
    case launch
    /// `launch [edition NAME] [variant NAME] [deferred]`: install that edition (kept for later launches) and start it.
    case launchWith(LaunchOptions)
    /// `upgrade [edition NAME] [variant NAME] [deferred]`: an App Store update: the running process goes to the
    /// background and is killed, the edition (default: the one under test) is installed and launched.
    case upgrade(LaunchOptions)
    /// `background`: the app goes to the background.
    case background
    /// `settle`: the work the app scheduled for after launch (held by `launch deferred`) runs now.
    case settle
    /// `exit`: the user quits the app cleanly.
    case exit
    /// `kill`: the process is killed; memory is lost, written files are kept.
    case kill
    /// `power-loss [drop]`: the phone dies; unsynced writes get fates from the seed, or with `drop` are all lost
    /// (each file as last synced): a scenario that says every save was synced holds an app to it whatever the seed.
    case powerLoss(dropUnsynced: Bool)

    // The world.
    /// `seed N`: the seed of the run's choices (default 0).
    case seed(UInt64)
    /// `clock 2026-03-01 08:00 [Europe/London]`: wall time in the zone given, or the current one.
    case setClock(ClockSetting)
    /// `clock +1d`, `clock -2h30m`: calendar days, hours, minutes, seconds.
    case advanceClock(ClockOffset)
    /// `timezone Asia/Tokyo`: the phone travels; the instant stays.
    case timeZone(String)
    /// `defaults flush on-background|on-exit|explicit|never`.
    case flushPolicy(SimulatedWorld.FlushPolicy)
    /// `defaults flush now`: the platform writes the app's key-value changes to the preferences file.
    case flushDefaultsNow
    /// `defaults set KEY TYPE VALUE`: a value as a previous version stored it (memory and file).
    case setDefault(key: String, value: DefaultValue)
    /// `defaults remove KEY`.
    case removeDefault(key: String)
    /// `file PATH`: put the fixture named PATH into the container, durably.
    case putFile(path: String)
    /// `mkdir PATH`: make a folder, and its parents, in the container, durably.
    case makeDirectory(path: String)
    /// `rm PATH`: remove a file or folder from the container.
    case removeFile(path: String)
    /// `fault OP PATH FAULT [ARGS] [nth N|every]`.
    case fault(FaultRule)
    /// `faults clear`: disarm every fault.
    case clearFaults

    // The user.
    /// One of the app's actions, as its plug-in parsed it.
    case action(PluginValue)

    // Checks.
    case expect(Expectation)
}

/// What `launch` and `upgrade` may say about the code they start.
public struct LaunchOptions: Sendable, Hashable {
    /// The edition to install; nil: `launch` keeps the installed one, `upgrade` installs the one under test.
    public var edition: String?
    /// The variant (`app NAME VARIANT`); nil: `launch` keeps the installed one, `upgrade` the scenario's.
    public var variant: String?
    /// `deferred`: the work the launch schedules for after it waits for `settle` (or `background`).
    public var deferred: Bool

    public init(edition: String? = nil, variant: String? = nil, deferred: Bool = false) {
        self.edition = edition
        self.variant = variant
        self.deferred = deferred
    }
}

/// `clock 2026-03-01 08:00:30 Europe/London`.
public struct ClockSetting: Sendable, Hashable {
    public var year: Int, month: Int, day: Int
    public var hour: Int, minute: Int, second: Int
    /// nil: the world's current time zone.
    public var timeZone: String?

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0, timeZone: String? = nil) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second, self.timeZone) = (
            year, month, day, hour, minute, second, timeZone
        )
    }
}

/// `+1d2h`, `-30m`, `+10s`: signed calendar days and clock time.
public struct ClockOffset: Sendable, Hashable {
    public var days: Int, hours: Int, minutes: Int, seconds: Int

    public init(days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        (self.days, self.hours, self.minutes, self.seconds) = (days, hours, minutes, seconds)
    }
}

/// The value of `defaults set KEY TYPE VALUE`.
public enum DefaultValue: Sendable, Hashable {
    /// `string`, `int`, `real`, `bool`, `date` (ISO 8601), `data` (hex): a literal.
    case literal(PlistValue)
    /// `plist NAME`: the property list in the fixture NAME.
    case fixture(String)
}

/// `expect ...`: a check on what the user would see, or on the files.
public enum Expectation: Sendable, Hashable {
    /// `expect crashed`: the app's process died (a crash fault, `kill` or `power-loss`) and has not been relaunched.
    case crashed
    /// `expect trapped [TEXT]`: the app trapped (index out of range, fatalError...), with TEXT in its message.
    case trapped(String?)
    /// `expect alert [TITLE]`: an alert is showing (with that title).
    case alert(String?)
    /// `expect printed TEXT`: the app printed a line containing TEXT.
    case printed(String)
    /// One of the app's own checks, as its plug-in parsed it: `expect history days 2`.
    case app(AppCheck)
    /// `expect file PATH exists|absent|unchanged`, `expect file PATH plist array of 2`, `expect file PATH bytes 120`.
    case file(path: String, FileCheck)
    /// `expect kept FIXTURE`: the fixture's bytes are still in some file of the container, under whatever
    /// name the app kept them (the file itself, a backup, the preferences file).
    case kept(fixture: String)
    /// `expect files PATTERN N`: how many files match a path pattern (stray temporary files, backups).
    case fileCount(pattern: PathPattern, count: Int)
    /// `expect defaults KEY TYPE VALUE|absent`: the running app's value.
    case defaultsValue(key: String, value: PlistValue?)
    /// `expect persisted KEY TYPE VALUE|absent`: the value in the preferences file.
    case persistedValue(key: String, value: PlistValue?)
    /// `expect ops KIND PATTERN N`: how many operations of a kind on matching paths ran.
    case operationCount(kind: OperationKind, pattern: PathPattern, count: Int)
    /// `expect plist SOURCE KEYPATH TYPE VALUE|count N|absent`: a value inside a stored property list.
    case plist(PlistSource, PlistKeyPath, PlistCheck)
    /// `expect ids kept`: every id the app's `.identities` observations showed before this process is shown now.
    case idsKept
    /// `expect verdict CLASS`: the judge's verdict on the run so far (see `RunResult.verdict`).
    case verdict(OutcomeClass)
}

/// What `expect file PATH ...` checks.
public enum FileCheck: Sendable, Hashable {
    case exists
    case absent
    /// The file holds exactly the bytes of its fixture.
    case unchanged
    /// The file parses as a property list of this shape (`array of 2`, `dictionary of 1`, `string`).
    case plist(shape: String)
    case bytes(Int)
}

/// An embedded file after the steps: `-- Documents/history.plist (xml) --`.
public struct Fixture: Sendable {
    public var name: String
    public var encoding: FixtureEncoding
    /// Where its header is.
    public var location: ScenarioLocation
    private let bytes: FixtureBytes

    /// The bytes to store (an `xml` fixture's property list in binary form, made on first use).
    public var data: Data { bytes.data }

    init(name: String, bytes: FixtureBytes, encoding: FixtureEncoding, location: ScenarioLocation) {
        self.name = name
        self.bytes = bytes
        self.encoding = encoding
        self.location = location
    }
}

/// How a fixture's text becomes bytes.
public enum FixtureEncoding: String, Sendable, CaseIterable, Hashable {
    /// The lines as written, each ending in a newline.
    case text
    /// An XML property list stored as a binary property list (what the apps write).
    case xml
    /// An XML property list stored as XML text.
    case xmlText = "xml-text"
    /// Hexadecimal bytes; white space is ignored.
    case hex
    case base64
}
