import Foundation
import Harness
import Sandbox
import Testing

/// `expect plist SOURCE KEYPATH ...`: a value inside a property list in a file or under a defaults key.
@Suite struct PlistExpectationTests {
    private static let people = """
        -- Documents/people.plist (xml) --
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>people</key><array>
            <dict><key>name</key><string>Ann</string><key>age</key><integer>41</integer></dict>
          </array>
          <key>a/b</key><string>slash</string>
          <key>7</key><true/>
        </dict></plist>
        """

    private func failure(_ expectation: String, encoding: String = "xml") throws -> StepFailure? {
        let fixtures = Self.people.replacingOccurrences(of: "(xml)", with: "(\(encoding))")
        let text = "app hiitfit\nfile Documents/people.plist\n\(expectation)\n\(fixtures)"
        let scenario = try ScenarioParser.parse(text, file: "p.scenario", plugins: .shipped)
        return ScenarioRunner(edition: "hardened").run(scenario).failure
    }

    private func messages(_ line: String) -> [String] {
        parseMessages("app hiitfit\n" + line, file: "p.scenario", plugins: .shipped)
    }

    @Test(arguments: ["xml", "xml-text"]) func valuesCountsAndAbsentKeysHoldInBinaryAndXMLFiles(encoding: String) throws
    {
        for holding in [
            "expect plist Documents/people.plist people/0/name string Ann",
            "expect plist Documents/people.plist people/0/age int 41",
            "expect plist Documents/people.plist a~1b string slash",
            "expect plist Documents/people.plist 7 bool true", "expect plist Documents/people.plist people count 1",
            "expect plist Documents/people.plist / count 3", "expect plist Documents/people.plist people/1 absent",
            "! expect plist Documents/people.plist people/0/name string Bob",
            "! expect plist Documents/people.plist people/0/name absent",
        ] {
            #expect(try failure(holding, encoding: encoding) == nil, "\(holding)")
        }
    }

    @Test func eachWayOfNotFindingTheValueSaysWhereItStopped() throws {
        let cases = [
            (
                "people/0/nmae string Ann",
                "Documents/people.plist: at people/0: a dictionary without 'nmae' (keys: age, name)"
            ),
            ("people/3 count 1", "Documents/people.plist: at people: an array of 1, no index 3"),
            ("people/first count 1", "Documents/people.plist: at people: an array of 1, and 'first' is not an index"),
            (
                "people/0/name/x string Ann",
                "Documents/people.plist: at people/0/name: string \"Ann\", not an array or dictionary"
            ),
            ("people/0/age string 41", "Documents/people.plist: people/0/age = int 41"),
            ("people/0 count 3", "Documents/people.plist: people/0 = dictionary of 2"),
            ("people/0/name absent", "Documents/people.plist: people/0/name = string \"Ann\""),
        ]
        for (words, found) in cases {
            let failure = try #require(try failure("expect plist Documents/people.plist " + words))
            #expect(failure.found == found)
        }
        let expected = try #require(try failure("expect plist Documents/people.plist people/0/age string 41"))
        #expect(expected.expected == "Documents/people.plist: people/0/age = string \"41\"")
    }

    /// `!` cannot pass for want of a value: no file, or nothing at the key path for a value or a count.
    @Test func aNegatedCheckWithNothingToCheckFails() throws {
        for line in [
            "! expect plist Documents/none.plist x string a", "! expect plist Documents/none.plist x absent",
            "! expect plist Documents/people.plist people/9 string a",
            "! expect plist Documents/people.plist x count 1",
        ] {
            #expect(try failure(line)?.expected.hasPrefix("not: ") == true, "\(line)")
        }
    }

    @Test func aMissingOrUnreadableFileIsFoundAsSuchEvenForAbsent() throws {
        let text = """
            app hiitfit
            file Documents/people.plist
            file Documents/notes.txt
            expect plist Documents/none.plist x absent
            -- Documents/people.plist (xml) --
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array/></plist>
            -- Documents/notes.txt --
            not a plist
            """
        let scenario = try ScenarioParser.parse(text, file: "p.scenario", plugins: .shipped)
        #expect(ScenarioRunner().run(scenario).failure?.found == "Documents/none.plist is absent")
        var unreadable = scenario
        unreadable.steps[2].command = .expect(.plist(.file(path: "Documents/notes.txt"), PlistKeyPath(["x"]), .absent))
        #expect(ScenarioRunner().run(unreadable).failure?.found == "Documents/notes.txt: 12 bytes, not a property list")
    }

    /// `@ratings` is a key-value store: the value under its key, as the preferences file holds it.
    @Test func aDefaultsStoreOrKeyIsTheValueUnderIt() throws {
        let text = """
            app hiitfit
            defaults set @ratings plist list
            defaults set other string x
            expect plist @ratings 1 string b
            expect plist defaults:ratings / count 2
            expect plist defaults:missing / absent
            -- list (xml) --
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><string>a</string><string>b</string></array></plist>
            """
        let scenario = try ScenarioParser.parse(text, file: "p.scenario", plugins: .shipped)
        #expect(
            scenario.steps[2].command
                == .expect(.plist(.persisted(key: "ratings"), PlistKeyPath(["1"]), .equals(.string("b")))))
        let result = ScenarioRunner().run(scenario)
        #expect(result.failure?.location.line == 6)
        #expect(result.failure?.found == "persisted missing absent")
    }

    @Test func mistakesAreErrorsAtTheirWord() {
        #expect(
            messages("expect plist a.plist") == [
                "p.scenario:2:21: usage: expect plist FILE|@STORE|defaults:KEY KEYPATH TYPE VALUE "
                    + "| ... KEYPATH count N | ... KEYPATH absent (TYPE: string, int, real, bool, date, data)"
            ])
        #expect(
            messages("expect plist a.plist x//y absent") == [
                "p.scenario:2:22: key path 'x//y' has an empty component (write '/' alone for the whole list)"
            ])
        #expect(
            messages("expect plist a.plist x~2 absent") == [
                "p.scenario:2:22: in key path 'x~2', '~' must be '~0' (a '~') or '~1' (a '/')"
            ])
        #expect(
            messages("expect plist @histroy x absent") == [
                "p.scenario:2:14: unknown hiitfit store 'histroy' (did you mean 'history'?)"
            ])
        #expect(
            messages("expect plist /a.plist x absent") == [
                "p.scenario:2:14: path '/a.plist' must be relative to the container (no leading '/')"
            ])
        #expect(
            messages("expect plist a.plist x strin y") == [
                "p.scenario:2:24: unknown plist check 'strin' (did you mean 'string'?)"
            ])
        #expect(
            messages("expect plist a.plist x count two") == [
                "p.scenario:2:30: expected a whole number, found 'two'"
            ])
        #expect(
            messages("expect plist a.plist x int 1 2") == [
                "p.scenario:2:30: unexpected '2' after 'expect plist a.plist x int 1'"
            ])
        #expect(messages("expect plist defaults: x absent") == ["p.scenario:2:14: expected a key after 'defaults:'"])
    }
}
