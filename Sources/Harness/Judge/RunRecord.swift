import Foundation
import Sandbox

/// What a run did and showed, step by step, as the runner saw it: the judge's input, besides the questions it may
/// ask of the container and of runs beside this one (docs/oracles.md).
struct RunRecord {
    /// One step run.
    struct Entry {
        var step: Step
        /// The step's index in the scenario; nil for a step the explorer adds (its faults, the relaunch after them).
        var index: Int?
        /// How many operations had run before the step.
        var start: Int
        /// The app's process after the step.
        var process: ProcessPhase
        /// The step raised a new alert: the user was told something.
        var told = false
        /// The record positions of the fault steps whose faults fired in the step.
        var fired: Set<Int> = []
        /// A fault or crash hit the key-value store's own file in the step: the platform failed, not the app.
        var platformFaulted = false
        /// A crash in the step lost key-value changes the platform had not flushed (and the app had removed no file
        /// meanwhile).
        var lostUnflushedDefaults = false
        /// After the step the app holds key-value changes its preferences file does not, under iOS's flush policy:
        /// the platform may write them before a kill, or not.
        var unflushedDefaults = false
        /// The declared stores whose reads in the step were answered wrongly more than once: every retry faulted, or
        /// two wrong answers that agree, which no app that reads until two reads agree can tell from the real data.
        var unreadableStores: [String] = []
        /// For a step that launches the app: what the declared stores held just before it.
        var storedBefore: [StoredData] = []
        /// The code the step launched, if it launched a process.
        var launched: InstalledCode?
        /// The phone's clock and time zone after the step.
        var now: Date
        var timeZone: TimeZone

        /// What the app shows after the step; nil while it is not running.
        var shown: VisibleData? {
            if case .running(let shown) = process { return shown }
            return nil
        }
    }

    var entries: [Entry] = []
}

/// The app's process after a step.
enum ProcessPhase: Equatable {
    /// Not running: not launched yet, or ended before the step.
    case stopped
    /// Running, and showing the user this.
    case running(VisibleData)
    /// Ended during the step: by the crash with this number (counting the run's crashes from 1), or by itself (a
    /// clean exit) when nil.
    case ended(crash: Int?)
}

/// An edition of the app's code and the variant it runs as.
struct InstalledCode {
    var edition: AppEdition
    var variant: String?

    /// `edition book`, `edition hardened variant codable`: as a trace shows it.
    var label: String { "edition \(edition.name)" + (variant.map { " variant \($0)" } ?? "") }
}

/// What the judge may ask of the container, as it is when it asks.
protocol ContainerWitness {
    /// Whether the bytes or value of `stored` are still somewhere: in some file, under some key (a copy of what a
    /// faulted read gave the app counts).
    func isKept(_ stored: StoredData) -> Bool
    /// The files a read fault hid from the app whose bytes, and what the app was given instead, are in no file now.
    var filesWrittenOverUnread: [String] { get }
    /// Whether a corrupted read gave the app bytes that parse with the real ones' structure: no app can tell them.
    var undetectablyCorrupted: Bool { get }
    /// The last operations, for a failure's report.
    var operationsTail: [String] { get }
}

/// The runs beside the real one the judge may ask for, each in a world of its own (see `SideRuns`).
protocol Counterfactuals {
    /// What `steps` show after the last; nil when a step fails.
    func state(after steps: [Step]) -> VisibleData?
    /// What `steps` show after the last with crash number `crash` spared: the new state of the action it
    /// interrupted; when the app is not running then, what the first of `later` that launches it shows.
    func state(after steps: ArraySlice<Step>, sparing crash: Int, then later: ArraySlice<Step>) -> VisibleData?
    /// What `code` shows launched in an empty container at that time, and what its stores then hold.
    func emptyLaunch(of code: InstalledCode, at now: Date, in timeZone: TimeZone) -> EmptyLaunch
    /// Where else data a relaunch after `steps` may show comes from: the steps with none of their faults, that run
    /// relaunched, and the relaunched code's first launch.
    func statesWithoutFaults(upTo steps: ArraySlice<Step>) -> [VisibleData]
}

/// What the code shows launched in an empty container, and what its stores hold then: its first launch's own data.
struct EmptyLaunch {
    var shown: VisibleData?
    var stored: [StoredData]
}
