import Foundation
import Sandbox

/// What the hardened store knows about the file a save would replace.
enum FileState {
    /// Loaded, or confirmed absent: a save may replace it.
    case owned
    /// Never read successfully (the fallback store, or the read failed): a save looks first.
    case unknown
    /// Read but not understood: these bytes are copied aside before a save replaces them.
    case unreadable(Data)
}

/// One careful look at history.plist.
enum HistoryRead {
    case absent
    case days([ExerciseDay])
    case unreadable(Data, kept: [ExerciseDay], problem: String)
    case failed(any Error)
}

extension HardenedHistoryStore {
    static let loadAlert = AppAlert(
        title: "History",
        message: """
            Unfortunately we can't load your past history. It is kept as it is; \
            email support: support@xyz.com
            """)
    static let saveAlert = AppAlert(
        title: "History",
        message: """
            Your exercise could not be saved. It will be saved with your next one; \
            if this keeps happening, email support: support@xyz.com
            """)

    static let copiedAlert = AppAlert(
        title: "History",
        message: """
            Your past history could not be read. A copy of it is kept; your exercises are saved \
            in a new history. Email support: support@xyz.com
            """)

    /// Reads history.plist (until two reads agree); throws `loadFailure` when it cannot be read or
    /// understood, after keeping what could be read.
    public func load() throws {
        guard let url = getURL() else {
            fileState = .unknown
            throw FileError.urlFailure
        }
        switch readHistory(url) {
        case .absent:
            exerciseDays = []
            fileState = .owned
        case .days(let days):
            exerciseDays = days
            fileState = .owned
        case .unreadable(let data, let kept, let problem):
            // Show what could be read; the whole file is copied aside before the first save.
            env.console("history.plist is unreadable: \(problem)")
            exerciseDays = kept
            fileState = .unreadable(data)
            throw FileError.loadFailure
        case .failed(let error):
            env.console("history.plist could not be read: \(error)")
            fileState = .unknown
            throw FileError.loadFailure
        }
    }

    /// Writes the history, after making sure the write loses nothing stored (`makeReplaceable`).
    public func save() throws {
        guard let url = getURL() else { throw FileError.urlFailure }
        try makeReplaceable(url)
        do {
            let data = try coding.encode(exerciseDays)
            try env.files.write(data, to: url, mode: .atomic)
        } catch {
            throw FileError.saveFailure
        }
    }

    /// Makes sure a save loses nothing stored: merges a file that can now be read,
    /// copies an unreadable one aside, and refuses when the file cannot be read at all.
    func makeReplaceable(_ url: URL) throws {
        switch fileState {
        case .owned:
            return
        case .unreadable(let data):
            try keepCopy(of: data, beside: url)
        case .unknown:
            switch readHistory(url) {
            case .absent:
                break
            case .days(let stored):
                merge(stored)
            case .unreadable(let data, let kept, _):
                try keepCopy(of: data, beside: url)
                merge(kept)
                // Found only now: the user is told that the file is replaced and a copy kept.
                notice = Self.copiedAlert
            case .failed:
                throw FileError.saveFailure
            }
        }
        fileState = .owned
        unmerged = []
    }

    /// The stored days, with the exercises done since launch done again on top of them.
    private func merge(_ stored: [ExerciseDay]) {
        exerciseDays = stored
        for done in unmerged { record(done.name, at: done.date) }
    }

    /// Copies `data` to history.plist.unreadable-<n>, the first such name not taken.
    private func keepCopy(of data: Data, beside url: URL) throws {
        do {
            let name = try env.files.keepUnreadableCopy(of: data, beside: url)
            env.console("Kept the unreadable history as \(name)")
        } catch {
            throw FileError.saveFailure
        }
    }

    /// Reads the file until two reads agree (see `FileSystem.confirmedContents`), then decodes that.
    func readHistory(_ url: URL) -> HistoryRead {
        switch env.files.confirmedContents(of: url) {
        case .absent: return .absent
        case .data(let data): return decode(data)
        case .failed(let error): return .failed(error ?? FileError.loadFailure)
        }
    }

    private func decode(_ data: Data) -> HistoryRead {
        switch coding.decode(data, env.identifiers) {
        case .days(let days): return .days(days)
        case .unreadable(let kept, let problem): return .unreadable(data, kept: kept, problem: problem)
        }
    }
}
