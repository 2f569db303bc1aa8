import Foundation

/// One face: a name and the file name of its JPEG in Documents.
///
/// Both of the book's encodings in one class: NSCoding (an `NSObject`, archived with
/// `NSKeyedArchiver`) and Codable (JSON `{"name": ..., "image": ...}`).
public final class Person: NSObject, NSCoding, Codable {
    public var name: String
    public var image: String

    public init(name: String, image: String) {
        self.name = name
        self.image = image
    }

    // MARK: NSCoding, as the book writes it

    public required init?(coder aDecoder: NSCoder) {
        name = aDecoder.decodeObject(forKey: "name") as? String ?? ""
        image = aDecoder.decodeObject(forKey: "image") as? String ?? ""
    }

    public func encode(with aCoder: NSCoder) {
        aCoder.encode(name, forKey: "name")
        aCoder.encode(image, forKey: "image")
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case name, image
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        image = try container.decode(String.self, forKey: .image)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(image, forKey: .image)
    }

    public override var description: String { "Person(\(name), \(image))" }
}
