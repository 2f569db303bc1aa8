/// How the people list is stored under the key `people`: the two versions of the chapter.
public enum PeopleEncoding: String, Sendable, CaseIterable, Codable {
    /// `NSKeyedArchiver` of `[Person]` (Person is an `NSObject` with `NSCoding`).
    case nscoding
    /// `JSONEncoder` of `[Person]` (Person is `Codable`).
    case codable
}
