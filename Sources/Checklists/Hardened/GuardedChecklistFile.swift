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

/// Checklists.plist as the hardened editions treat it: read until two reads agree, never replaced
/// unread, and copied aside before bytes it cannot understand are replaced.
struct GuardedChecklistFile<Content> {
    let env: AppEnvironment
    /// The edition's format: what the bytes hold, or a throw when they are not in it.
    let decode: (Data) throws -> Content
    var state: ChecklistFileState = .unknown

    init(env: AppEnvironment, decode: @escaping (Data) throws -> Content) {
        self.env = env
        self.decode = decode
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
    /// cannot understand were found only now, so the user is to be told as at launch.
    mutating func makeReplaceable(_ url: URL, merge: (Content) -> Void) throws -> Bool {
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
