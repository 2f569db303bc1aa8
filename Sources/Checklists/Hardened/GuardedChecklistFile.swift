import Foundation
import Sandbox

/// What a hardened edition knows about the file a save would replace.
enum ChecklistFileState {
    /// Loaded, or confirmed absent: a save may replace it.
    case owned
    /// Never read successfully: a save looks first.
    case unknown
    /// Read but not understood: these bytes are copied aside before a save replaces them.
    case unreadable(Data)
}

/// One careful look at Checklists.plist, in an edition's format.
enum ChecklistRead<Content> {
    case absent
    case content(Content)
    case unreadable(Data, problem: String)
    case failed(any Error)
}

/// Checklists.plist's bytes both ways: the book's property list, or the format a port of the hardened editions keeps.
public protocol ChecklistCoder: Sendable {
    func encode<Value: Encodable>(_ value: Value) throws -> Data
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value
}

/// The book's format: a binary property list, as `PropertyListEncoder` writes it.
public struct PropertyListChecklistCoder: ChecklistCoder {
    public init() {}
    public func encode<Value: Encodable>(_ value: Value) throws -> Data { try PropertyListEncoder().encode(value) }
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try PropertyListDecoder().decode(type, from: data)
    }
}

/// What a hardened edition tells the user about Checklists.plist, worded for what it holds.
struct ChecklistFileAlerts {
    /// The file could not be read; it is kept.
    var load: AppAlert
    /// There is no Documents URL.
    var noFolder: AppAlert
    var save = AppAlert(title: "Checklists", message: "Your last change could not be saved.")
}

/// Checklists.plist as the hardened editions treat it: read until two reads agree, never replaced
/// unread, and copied aside before bytes it cannot understand are replaced.
struct GuardedChecklistFile<Content> {
    let env: AppEnvironment
    /// What the console lines call the content: `item array`.
    let noun: String
    let alerts: ChecklistFileAlerts
    /// The edition's format: what the bytes hold, or a throw when they are not in it.
    let decode: (Data) throws -> Content
    var state: ChecklistFileState = .unknown

    init(
        env: AppEnvironment, noun: String, alerts: ChecklistFileAlerts,
        decode: @escaping (Data) throws -> Content
    ) {
        self.env = env
        self.noun = noun
        self.alerts = alerts
        self.decode = decode
    }

    /// Reads the file at launch: what it holds (nil when it is absent or was not read), and the alert
    /// the user is to see. What it cannot read is kept for `makeReplaceable`.
    mutating func load() -> (content: Content?, alert: AppAlert?) {
        guard let url = url() else {
            state = .unknown
            return (nil, alerts.noFolder)
        }
        switch read(url) {
        case .absent:
            state = .owned
            return (nil, nil)
        case .content(let stored):
            state = .owned
            return (stored, nil)
        case .unreadable(let data, let problem):
            env.console("Error decoding \(noun): \(problem)")
            state = .unreadable(data)
            return (nil, alerts.load)
        case .failed(let error):
            env.console("Error reading \(noun): \(error.localizedDescription)")
            state = .unknown
            return (nil, alerts.load)
        }
    }

    /// Writes `encode()`'s bytes atomically once nothing stored can be lost (see `makeReplaceable`):
    /// whether it did, and the alerts the user is to see, oldest first. A failed save is told; the
    /// change stays on screen and the next save writes it.
    mutating func save(merge: (Content) -> Void, encode: () throws -> Data) -> (saved: Bool, alerts: [AppAlert]) {
        guard let url = url() else { return (false, [alerts.noFolder]) }
        var raised: [AppAlert] = []
        do {
            // Bytes found unreadable only now are told as at launch.
            if try makeReplaceable(url, merge: merge) { raised.append(alerts.load) }
            try env.files.write(try encode(), to: url, mode: .atomic)
            return (true, raised)
        } catch {
            env.console("Error saving \(noun): \(error.localizedDescription)")
            return (false, raised + [alerts.save])
        }
    }

    /// The Documents URL, or nil when the lookup returns none (asked twice: a one-off empty answer is retried).
    func documentsDirectory() -> URL? {
        env.files.urls(for: .documents).first ?? env.files.urls(for: .documents).first
    }

    /// Checklists.plist, or nil when there is no Documents URL.
    func url() -> URL? { documentsDirectory()?.appendingPathComponent("Checklists.plist") }

    /// Reads the file until two reads agree (see `FileSystem.confirmedContents`), then decodes that.
    func read(_ url: URL) -> ChecklistRead<Content> {
        switch env.files.confirmedContents(of: url) {
        case .absent: return .absent
        case .data(let data):
            guard BinaryPlistCheck.isSafe(data) else {
                return .unreadable(data, problem: "damaged binary property list")
            }
            do {
                return .content(try decode(data))
            } catch {
                return .unreadable(data, problem: error.localizedDescription)
            }
        case .failed(let error): return .failed(error ?? CocoaError(.fileReadUnknown))
        }
    }

    /// Makes sure a save loses nothing stored: hands a file that can now be read to `merge`, copies
    /// an unreadable one aside, and throws when the file cannot be read at all. True when bytes it
    /// cannot understand were found only now.
    private mutating func makeReplaceable(_ url: URL, merge: (Content) -> Void) throws -> Bool {
        var foundUnreadable = false
        switch state {
        case .owned:
            return false
        case .unreadable(let data):
            try keepCopy(of: data, beside: url)
        case .unknown:
            switch read(url) {
            case .absent: break
            case .content(let stored): merge(stored)
            case .unreadable(let data, _):
                try keepCopy(of: data, beside: url)
                foundUnreadable = true
            case .failed(let error): throw error
            }
        }
        state = .owned
        return foundUnreadable
    }

    /// Copies `data` to Checklists.plist.unreadable-<n>, the first such name not taken.
    private func keepCopy(of data: Data, beside url: URL) throws {
        let name = try env.files.keepUnreadableCopy(of: data, beside: url)
        env.console("Kept the unreadable list as \(name)")
    }
}
