import Sandbox
import Testing

@Suite struct PathPatternTests {
    @Test(arguments: [
        ("Documents/history.plist", "Documents/history.plist", true),
        ("Documents/*", "Documents/history.plist", true),
        ("Documents/*", "Documents/a/b.plist", false),
        ("Documents/**", "Documents/a/b.plist", true),
        ("**.plist", "Library/Preferences/x.plist", true),
        ("Documents/*.jpg", "Documents/history.plist", false),
        ("defaults:*", "defaults:ratings", true),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(PathPattern(pattern).matches(path) == expected)
    }
}
