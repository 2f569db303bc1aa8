import Foundation
import Testing

@testable import Sandbox

@Suite struct FileTreeTests {
    /// Paths whose last `/` is plain, and some where a neighbouring mark makes it part of another character.
    static let paths = [
        "", "a", "/", "a/", "/a", "Documents/history.plist", "Library/Preferences/com.example.app.plist",
        "a//b", "Documents/héllo/wörld.plist", "ñ/é", "a/\u{301}b", "a/\u{301}", "x/y/\u{301}z", "\u{600}/a",
        "b/\u{600}/a", "e\u{301}/f", "😀/😀", "👩‍👩‍👧/a", "a/\u{200D}b", "\u{301}/", "/\u{301}",
    ]

    @Test("Parent and name split a path at its last `/` character, as a search of characters does", arguments: paths)
    func parentAndName(_ path: String) {
        let slash = path.lastIndex(of: "/")
        #expect(FileTree.parent(of: path) == slash.map { String(path[..<$0]) } ?? "")
        #expect(FileTree.name(of: path) == slash.map { String(path[path.index(after: $0)...]) } ?? path)
    }
}
