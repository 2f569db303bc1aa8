import Foundation
import Sandbox

extension HardenedPeopleViewController {
    static let loadAlert = AppAlert(
        title: "People",
        message: """
            Your saved people could not be read. A copy is kept; people you add now are saved separately.
            """)
    static let pictureAlert = AppAlert(
        title: "People",
        message: """
            The picture could not be saved, so the person was not added. Please try again.
            """)
    static let saveAlert = AppAlert(title: "People", message: "Your change could not be saved.")

    /// The screen loads the saved people. Never traps on what is stored; a value it cannot read is
    /// copied aside and reported.
    public func viewDidLoad() {
        // Read until two reads agree: a read fault must not pass for a first launch,
        // whose first save would replace the stored people.
        guard let stored = env.defaults.confirmedObject(forKey: Self.peopleKey, preferring: { $0 is Data }) else {
            return
        }
        if let data = stored as? Data, let decoded = PeopleArchive.safeDecode(data, preferring: encoding) {
            people = decoded
            return
        }
        env.console("Failed to load people")
        keepUnreadable(stored)
        alert = Self.loadAlert
    }

    /// Copies an unreadable value to the first free key of people.unreadable, people.unreadable-2, ...
    private func keepUnreadable(_ value: Any) {
        var key = Self.unreadablePeopleKey
        var n = 1
        while env.defaults.object(forKey: key) != nil && n < 1000 {
            n += 1
            key = "\(Self.unreadablePeopleKey)-\(n)"
        }
        env.defaults.set(value, forKey: key)
        env.console("Kept the unreadable people under \(key)")
    }

    /// The image picker finished: the picture is written atomically (durable before the person
    /// refers to it); when it cannot be written the person is not added and the user is told.
    public func addPerson(name: String, imageData: Data) {
        guard let folder = documentsDirectoryIfAvailable() else {
            alert = Self.pictureAlert
            return
        }
        var imageName = env.identifiers.next().uuidString
        // Never write over a picture already on disk (one of people this list lost, say).
        var tries = 0
        while env.files.fileExists(at: folder.appendingPathComponent(imageName)) && tries < 100 {
            tries += 1
            imageName = env.identifiers.next().uuidString
        }
        do {
            try env.files.write(imageData, to: folder.appendingPathComponent(imageName), mode: .atomic)
        } catch {
            env.console("Could not save the picture: \(error.localizedDescription)")
            alert = Self.pictureAlert
            return
        }
        people.append(Person(name: name, image: imageName))
        save()
    }

    /// The user deleted a person. The picture is removed only once the saved list no longer names it:
    /// after a failed save the relaunched list still shows the person, who must not come back faceless.
    public func deletePerson(at index: Int) {
        guard people.indices.contains(index) else { return }
        let deleted = people.remove(at: index)
        guard save(), let folder = documentsDirectoryIfAvailable() else { return }
        // A picture left behind costs space, not the user's data: a failed removal is not worth an alert.
        try? env.files.removeItem(at: folder.appendingPathComponent(deleted.image))
    }

    /// The picture a person's cell shows: the file their `image` names in Documents.
    public func imageData(at index: Int) throws -> Data {
        guard let folder = documentsDirectoryIfAvailable() else { throw CocoaError(.fileReadUnknown) }
        return try env.files.contents(of: folder.appendingPathComponent(people[index].image))
    }

    /// Saves, then flushes the store: a change the user saw accepted must survive the process being killed.
    /// False when the user was told it could not be saved.
    @discardableResult public func save() -> Bool {
        guard let savedData = PeopleArchive.encode(people, as: encoding) else {
            env.console("Failed to save people.")
            alert = Self.saveAlert
            return false
        }
        env.defaults.set(savedData, forKey: Self.peopleKey)
        guard env.defaults.synchronize() else {
            env.console("Failed to save people.")
            alert = Self.saveAlert
            return false
        }
        return true
    }
}
