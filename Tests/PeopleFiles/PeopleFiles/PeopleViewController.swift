// Names to Faces, version 2: each person is a file of their own, `Documents/people/<id>.json`, written
// atomically; pictures stay in Documents as `<uuid>.jpg`. At launch the old `people` archive of
// version 1 (the book's, under UserDefaults' `people`) is migrated once into files and removed, then the
// folder is listed and each file decoded; a file that does not decode is skipped, so one bad file costs one
// person instead of everyone. Ported onto the harness seams with docs/porting.md's edits, each marked.
import Foundation
import Sandbox  // ported: added

// ported: was `class ViewController: UICollectionViewController, UIImagePickerControllerDelegate,
//     UINavigationControllerDelegate {`
public final class PeopleFilesViewController {
    var people = [Person]()
    // ported: added. Version 1 was the book's 12a (NSKeyedArchiver) or 12b (JSONEncoder): the scenario says which.
    let previousEncoding: OldPeopleFormat
    let env: AppEnvironment  // ported: added

    public init(env: AppEnvironment, previousEncoding: OldPeopleFormat) {  // ported: added
        self.env = env  // ported: added
        self.previousEncoding = previousEncoding  // ported: added
        // ported: added. On iOS version 1's class was this app's `Person`; its archives here name the
        // book's module, so the class map a renamed class needs is given that name.
        NSKeyedUnarchiver.setClass(LegacyPerson.self, forClassName: "NamesToFaces.Person")
    }  // ported: added

    public func viewDidLoad() {  // ported: was `override func viewDidLoad() {`
        // ported: dropped `super.viewDidLoad()` and the navigation item's add button
        migrateOldArchiveIfNeeded()
        loadPeople()
    }

    func getDocumentsDirectory() -> URL {
        // ported: was `let paths = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)`
        let paths = env.files.urls(for: .documents)
        return paths[0]
    }

    var peopleDirectory: URL { getDocumentsDirectory().appendingPathComponent("people") }

    func fileURL(for person: Person) -> URL {
        peopleDirectory.appendingPathComponent("\(person.id.uuidString).json")
    }

    func loadPeople() {
        let folder = peopleDirectory
        // ported: was `guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {`
        guard let names = try? env.files.contentsOfDirectory(at: folder) else {
            return  // no folder yet: nobody saved
        }
        var loaded = [Person]()
        for name in names where name.hasSuffix(".json") {
            let url = folder.appendingPathComponent(name)
            // A file that does not decode is skipped: the others still load.
            // ported: was `if let data = try? Data(contentsOf: url),`
            if let data = try? env.files.contents(of: url),
                let person = try? JSONDecoder().decode(Person.self, from: data)
            {
                loaded.append(person)
            }
        }
        people = loaded.sorted { $0.name < $1.name }
        // ported: dropped `collectionView.reloadData()`
    }

    /// Version 1 kept every person under the key `people`: write each one's file, then remove the key.
    func migrateOldArchiveIfNeeded() {
        let defaults = env.defaults  // ported: was `let defaults = UserDefaults.standard`
        guard let savedPeople = defaults.object(forKey: "people") as? Data else { return }
        var oldPeople = [LegacyPerson]()
        switch previousEncoding {  // ported: added (12a's archive, then 12b's JSON)
        case .nscoding:  // ported: added
            // ported: was `if let decoded = try? NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(savedPeople)
            //     as? [LegacyPerson] {`
            if let decoded = try? unarchiver.unarchiveTopLevelObjectWithData(savedPeople) as? [LegacyPerson] {
                oldPeople = decoded
            } else {
                env.console("Could not read the old people archive")  // ported: was `print(…)`
                return
            }
        case .codable:  // ported: added
            do {
                oldPeople = try JSONDecoder().decode([LegacyPerson].self, from: savedPeople)
            } catch {
                env.console("Could not read the old people archive")  // ported: was `print(…)`
                return
            }
        }
        for old in oldPeople {
            // ported: was `let person = Person(name: old.name, image: old.image)`
            let person = Person(id: env.identifiers.next(), name: old.name, image: old.image)
            save(person)
        }
        defaults.removeObject(forKey: "people")
        env.console("Migrated \(oldPeople.count) people")  // ported: was `print("Migrated \(oldPeople.count) people")`
    }

    // ported: was `func imagePickerController(_ picker: UIImagePickerController,
    //     didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {`
    public func addPerson(name: String, imageData: Data) {
        // ported: was `let imageName = UUID().uuidString + ".jpg"`
        let imageName = env.identifiers.next().uuidString + ".jpg"
        let imagePath = getDocumentsDirectory().appendingPathComponent(imageName)
        // ported: was `if let jpegData = image.jpegData(compressionQuality: 0.8) {
        //     try? jpegData.write(to: imagePath) }`
        try? env.files.write(imageData, to: imagePath, mode: .plain)
        // ported: was `let person = Person(name: "Unknown", image: imageName)`
        let person = Person(id: env.identifiers.next(), name: name, image: imageName)
        people.append(person)
        // ported: dropped `collectionView.reloadData()`
        save(person)
    }

    public func rename(at index: Int, to newName: String) {  // ported: was the rename alert's OK action
        let person = people[index]  // ported: was `let person = self.people[indexPath.item]`
        person.name = newName
        save(person)  // ported: was `self?.save(person)`
    }

    public func deletePerson(at index: Int) {  // ported: was the edit alert's Delete action
        let person = people.remove(at: index)  // ported: was `let person = self.people.remove(at: indexPath.item)`
        // ported: was `try? FileManager.default.removeItem(at: self.fileURL(for: person))`
        try? env.files.removeItem(at: fileURL(for: person))
        // ported: was `try? FileManager.default.removeItem(at: self.getDocumentsDirectory()
        //     .appendingPathComponent(person.image))`
        try? env.files.removeItem(at: getDocumentsDirectory().appendingPathComponent(person.image))
    }

    public func imageData(at index: Int) throws -> Data {  // ported: was `collectionView(_:cellForItemAt:)`'s picture
        let person = people[index]  // ported: was `let person = people[indexPath.item]`
        let path = getDocumentsDirectory().appendingPathComponent(person.image)
        // ported: was `cell.imageView.image = UIImage(contentsOfFile: path.path)`
        return try env.files.contents(of: path)
    }

    /// Writes one person's file; the folder is made on the first save.
    func save(_ person: Person) {
        let folder = peopleDirectory
        // ported: was `if !FileManager.default.fileExists(atPath: folder.path) {`
        if !env.files.fileExists(at: folder) {
            // ported: was `try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)`
            try? env.files.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        do {
            let data = try JSONEncoder().encode(person)
            try env.files.write(data, to: fileURL(for: person), mode: .atomic)  // ported: was `try data.write(to:
            //     fileURL(for: person), options: .atomic)`
        } catch {
            // ported: was `print("Failed to save \(person.name): \(error.localizedDescription)")`
            env.console("Failed to save \(person.name): \(error.localizedDescription)")
        }
    }

    // ported: added. `NSKeyedUnarchiver`, reached through a protocol so that the deprecated call
    // compiles without a warning; the call is the same.
    private var unarchiver: any TopLevelUnarchiving.Type { NSKeyedUnarchiver.self }

    /// The app shows no alert about its people.
    public var alert: AppAlert? { nil }  // ported: added
    public var alerts: [AppAlert] { [] }  // ported: added
    public var names: [String] { people.map(\.name) }  // ported: added
    public var pictureNames: [String] { people.map(\.image) }  // ported: added
}

/// How version 1 stored the people under `people` (the book's 12a or 12b).
public enum OldPeopleFormat: Sendable {  // ported: added
    case nscoding, codable
}

/// `NSKeyedUnarchiver.unarchiveTopLevelObjectWithData`, reached without a deprecation warning.
protocol TopLevelUnarchiving {
    static func unarchiveTopLevelObjectWithData(_ data: Data) throws -> Any?
}

extension NSKeyedUnarchiver: TopLevelUnarchiving {}
