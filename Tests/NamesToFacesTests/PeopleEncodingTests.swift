import NamesToFaces
import Testing

@Test func bothBookEncodingsAreSelectableByName() {
    #expect(PeopleEncoding(rawValue: "nscoding") == .nscoding)
    #expect(PeopleEncoding(rawValue: "codable") == .codable)
}
