import Foundation
import Sandbox

/// Names to Faces' people grid: `[Person]` under the key `people`, pictures in Documents.
///
/// The book edition is the tutorial's code on the seams; the hardened edition keeps the
/// API and both encodings and changes only what can lose data (PeopleViewController+Hardened.swift).
public final class PeopleViewController {
    public static let peopleKey = "people"

    public var people: [Person] = []
    /// The alert on screen, if any (the newest one). The book edition never raises one.
    public var alert: AppAlert? {
        didSet { if let alert { alerts.append(alert) } }
    }
    /// Every alert raised since the screen was created, oldest first.
    public private(set) var alerts: [AppAlert] = []

    let env: AppEnvironment
    public let edition: Edition
    public let encoding: PeopleEncoding
    var pictureNames = PictureNames()

    public init(environment: AppEnvironment, edition: Edition, encoding: PeopleEncoding) {
        self.env = environment
        self.edition = edition
        self.encoding = encoding
    }

    /// The screen loads the saved people.
    public func viewDidLoad() {
        if edition == .hardened { return hardenedLoad() }
        let defaults = env.defaults
        guard let savedPeople = defaults.object(forKey: Self.peopleKey) as? Data else { return }
        switch encoding {
        case .nscoding:
            if let decodedPeople = PeopleArchive.bookUnarchive(savedPeople) {
                people = decodedPeople
            }
        case .codable:
            do {
                people = try JSONDecoder().decode([Person].self, from: savedPeople)
            } catch {
                env.console("Failed to load people")
            }
        }
    }

    /// The book's `getDocumentsDirectory()`: element [0] of the Documents URLs, trapping
    /// when there is none (both editions; hardened code calls `documentsDirectoryIfAvailable()`).
    public func getDocumentsDirectory() -> URL {
        let paths = env.files.urls(for: .documents)
        return paths[0]
    }

    /// The Documents URL, or nil when the lookup returns none (asked twice: a one-off empty answer is retried).
    public func documentsDirectoryIfAvailable() -> URL? {
        env.files.urls(for: .documents).first ?? env.files.urls(for: .documents).first
    }

    /// The image picker finished: the JPEG goes to Documents/<fresh UUID>, the person is added and saved.
    public func addPerson(name: String, imageData: Data) {
        if edition == .hardened { return hardenedAddPerson(name: name, imageData: imageData) }
        let imageName = pictureNames.next(name: name, imageData: imageData, existing: people.map(\.image))
        let imagePath = getDocumentsDirectory().appendingPathComponent(imageName)
        try? env.files.write(imageData, to: imagePath, mode: .plain)
        let person = Person(name: name, image: imageName)
        people.append(person)
        save()
    }

    /// The user typed a new name in the rename alert.
    public func rename(at index: Int, to name: String) {
        guard edition == .book || people.indices.contains(index) else { return }
        let person = people[index]
        person.name = name
        save()
    }

    public func save() {
        if edition == .hardened { return hardenedSave() }
        switch encoding {
        case .nscoding:
            if let savedData = PeopleArchive.encode(people, as: .nscoding) {
                env.defaults.set(savedData, forKey: Self.peopleKey)
            }
        case .codable:
            if let savedData = PeopleArchive.encode(people, as: .codable) {
                env.defaults.set(savedData, forKey: Self.peopleKey)
            } else {
                env.console("Failed to save people.")
            }
        }
    }

    /// The user dismissed the alert.
    public func dismissAlert() { alert = nil }
}
