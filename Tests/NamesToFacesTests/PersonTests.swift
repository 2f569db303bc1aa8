import Foundation
import NamesToFaces
import Testing

@Test func aPersonRoundTripsThroughNSKeyedArchiver() throws {
    let data = archive([("Ann", "A.jpg"), ("Bob", "B.jpg")])
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.requiresSecureCoding = false
    let people = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? [Person]
    #expect(people?.map(\.name) == ["Ann", "Bob"])
    #expect(people?.map(\.image) == ["A.jpg", "B.jpg"])
}

@Test func aPersonIsJSONWithNameAndImage() throws {
    let data = json([("Ann", "A.jpg")])
    let object = try JSONSerialization.jsonObject(with: data) as? [[String: String]]
    #expect(object == [["name": "Ann", "image": "A.jpg"]])
    #expect(try JSONDecoder().decode([Person].self, from: data).map(\.name) == ["Ann"])
}
