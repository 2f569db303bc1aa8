// The app's people, one JSON file each (`Documents/people/<id>.json`), and the people as the previous
// version of the app kept them: the book's `[Person]` under the key `people`.
import Foundation

final class Person: Codable {
    // ported: was `let id: UUID = UUID()`
    let id: UUID
    var name: String
    var image: String

    init(id: UUID, name: String, image: String) {  // ported: was `init(name: String, image: String) {`
        self.id = id  // ported: added
        self.name = name
        self.image = image
    }
}

/// A person as version 1 stored them (the book's Project 10/12 class, renamed when version 2 came): NSCoding
/// for 12a's archive, Codable for 12b's JSON. Neither has an id.
final class LegacyPerson: NSObject, NSCoding, Decodable {
    var name: String
    var image: String

    required init?(coder aDecoder: NSCoder) {
        name = aDecoder.decodeObject(forKey: "name") as? String ?? ""
        image = aDecoder.decodeObject(forKey: "image") as? String ?? ""
    }

    func encode(with aCoder: NSCoder) {
        aCoder.encode(name, forKey: "name")
        aCoder.encode(image, forKey: "image")
    }
}
