// The chapter's ViewController persistence (Names to Faces, projects 10 and 12), on the seams with
// the mechanical edits of docs/porting.md only: every edited line ends in `// ported: was …`, and
// the rest is indented as the chapter is. Project 12a archives the people with NSCoding, 12b
// encodes them with Codable; `encoding` chooses which of the two runs. Its flaws are the book's:
// on Linux `unarchiveTopLevelObjectWithData` traps on data that is not a keyed archive, `paths[0]`
// traps with no Documents URL, a failed picture write is ignored, nothing is flushed, and a deleted
// person's picture stays in Documents.
import Foundation
import Sandbox  // ported: added

// ported: was `class ViewController: UICollectionViewController, UIImagePickerControllerDelegate,
//     UINavigationControllerDelegate {`
public final class PeopleViewController {
    public var people = [Person]()  // ported: was `var people = [Person]()`
    public let encoding: PeopleEncoding  // ported: added (12a or 12b)
    let env: AppEnvironment  // ported: added

    public init(env: AppEnvironment, encoding: PeopleEncoding) {  // ported: added
        self.env = env  // ported: added
        self.encoding = encoding  // ported: added
    }  // ported: added

    /// The chapter shows no alert about the people.
    public var alert: AppAlert? { nil }  // ported: added
    public var alerts: [AppAlert] { [] }  // ported: added

    public func viewDidLoad() {  // ported: was `override func viewDidLoad() {`
        let defaults = env.defaults  // ported: was `let defaults = UserDefaults.standard`
        if let savedPeople = defaults.object(forKey: "people") as? Data {
            switch encoding {  // ported: added (12a's body, then 12b's)
            case .nscoding:  // ported: added
                // ported: was `if let decodedPeople = try?
                //     NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(savedPeople) as? [Person] {`
                if let decodedPeople = try? unarchiver.unarchiveTopLevelObjectWithData(savedPeople) as? [Person] {
                    people = decodedPeople
                }
            case .codable:  // ported: added
                let jsonDecoder = JSONDecoder()
                do {
                    people = try jsonDecoder.decode([Person].self, from: savedPeople)
                } catch {
                    env.console("Failed to load people")  // ported: was `print("Failed to load people")`
                }
            }
        }
    }

    // ported: was `func imagePickerController(_ picker: UIImagePickerController,
    //     didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {`
    public func addPerson(name: String, imageData: Data) {
        let imageName = env.identifiers.next().uuidString  // ported: was `let imageName = UUID().uuidString`
        let imagePath = getDocumentsDirectory().appendingPathComponent(imageName)
        // ported: was `if let jpegData = image.jpegData(compressionQuality: 0.8) {
        //     try? jpegData.write(to: imagePath) }`
        try? env.files.write(imageData, to: imagePath, mode: .plain)
        // ported: was `let person = Person(name: "Unknown", image: imageName)`
        let person = Person(name: name, image: imageName)
        people.append(person)
        save()
    }

    public func getDocumentsDirectory() -> URL {  // ported: was `func getDocumentsDirectory() -> URL {`
        // ported: was `let paths = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)`
        let paths = env.files.urls(for: .documents)
        return paths[0]
    }

    public func rename(at index: Int, to newName: String) {  // ported: was the rename alert's OK action
        let person = people[index]  // ported: was `let person = people[indexPath.item]`
        person.name = newName
        save()  // ported: was `self?.save()`
    }

    public func deletePerson(at index: Int) {  // ported: was the edit alert's Delete action (the chapter's challenge)
        people.remove(at: index)  // ported: was `self?.people.remove(at: indexPath.item)`
        save()  // ported: was `self?.save()`
    }

    public func imageData(at index: Int) throws -> Data {  // ported: was `collectionView(_:cellForItemAt:)`'s picture
        let person = people[index]  // ported: was `let person = people[indexPath.item]`
        let path = getDocumentsDirectory().appendingPathComponent(person.image)
        // ported: was `cell.imageView.image = UIImage(contentsOfFile: path.path)`
        return try env.files.contents(of: path)
    }

    public func save() {  // ported: was `func save() {`
        switch encoding {  // ported: added (12a's body, then 12b's)
        case .nscoding:  // ported: added
            if let savedData = try? NSKeyedArchiver.archivedData(withRootObject: people, requiringSecureCoding: false) {
                let defaults = env.defaults  // ported: was `let defaults = UserDefaults.standard`
                defaults.set(savedData, forKey: "people")
            }
        case .codable:  // ported: added
            let jsonEncoder = JSONEncoder()
            if let savedData = try? jsonEncoder.encode(people) {
                let defaults = env.defaults  // ported: was `let defaults = UserDefaults.standard`
                defaults.set(savedData, forKey: "people")
            } else {
                env.console("Failed to save people.")  // ported: was `print("Failed to save people.")`
            }
        }
    }

    // ported: added. `NSKeyedUnarchiver`, reached through a protocol so that the deprecated call
    // compiles without a warning; the call is the same.
    private var unarchiver: any TopLevelUnarchiving.Type { NSKeyedUnarchiver.self }
}

/// `NSKeyedUnarchiver.unarchiveTopLevelObjectWithData`, reached without a deprecation warning.
protocol TopLevelUnarchiving {
    static func unarchiveTopLevelObjectWithData(_ data: Data) throws -> Any?
}

extension NSKeyedUnarchiver: TopLevelUnarchiving {}
