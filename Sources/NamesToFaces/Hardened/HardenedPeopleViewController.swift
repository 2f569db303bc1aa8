import Foundation
import Sandbox

/// Names to Faces' people grid, hardened: the book's API and both encodings, changed only where
/// data can be lost. What is stored never traps: a value it cannot read is copied aside and
/// reported; a one-off bad read is read again; people are flushed with `synchronize()`; pictures
/// are written atomically, a failed picture write is reported instead of adding the person, and a
/// deleted person's picture is removed once the deletion is saved.
public final class HardenedPeopleViewController {
    /// The key the people are stored under.
    public static let peopleKey = "people"
    /// Where a `people` value that cannot be read is kept before anything replaces it.
    public static let unreadablePeopleKey = "people.unreadable"

    public var people: [Person] = []
    /// The alert on screen, if any (the newest one).
    public var alert: AppAlert? {
        didSet { if let alert { alerts.append(alert) } }
    }
    /// Every alert raised since the screen was created, oldest first.
    public private(set) var alerts: [AppAlert] = []

    let env: AppEnvironment
    /// The encoding it writes; it reads both.
    public let encoding: PeopleEncoding

    public init(env: AppEnvironment, encoding: PeopleEncoding) {
        self.env = env
        self.encoding = encoding
    }

    /// The Documents URL, or nil when the lookup returns none (asked twice: a one-off empty answer is retried).
    public func documentsDirectoryIfAvailable() -> URL? {
        env.files.urls(for: .documents).first ?? env.files.urls(for: .documents).first
    }

    /// The user typed a new name in the rename alert; a person who is not there is ignored.
    public func rename(at index: Int, to name: String) {
        guard people.indices.contains(index) else { return }
        people[index].name = name
        save()
    }

    /// The user dismissed the alert.
    public func dismissAlert() { alert = nil }
}
