import Foundation
import Sandbox
import Testing

@testable import Harness

@Suite struct FixtureTests {
    @Test(arguments: [
        ("-- a --", true), ("-- Documents/history.plist (xml) --", true), ("-- a --  ", true), ("-- --", true),
        ("--a --", false), ("-- a--", false), ("  -- a --", false), ("--", false), ("# -- a --", false),
    ])
    func headers(line: String, isHeader: Bool) {
        #expect(FixtureLoader.isHeader(line) == isHeader)
    }

    @Test func headerNamesAndEncodings() throws {
        func header(_ line: String) throws -> FixtureHeader {
            try FixtureLoader.parseHeader(line, file: "f", number: 1)
        }
        #expect(try header("-- a b.txt --") == FixtureHeader(name: "a b.txt", nameColumn: 4, encoding: .text))
        #expect(try header("--   x (hex)   --") == FixtureHeader(name: "x", nameColumn: 6, encoding: .hex))
        #expect(try header("-- p (xml-text) --").encoding == .xmlText)
        #expect(try header("-- p (text) --").encoding == .text)
        #expect(try header("-- f(1) --") == FixtureHeader(name: "f(1)", nameColumn: 4, encoding: .text))
        #expect(
            throws: ScenarioError(
                ScenarioLocation(file: "f", line: 1, column: 7),
                "unknown fixture encoding 'binary' (expected one of: text, xml, xml-text, hex, base64)")
        ) {
            try header("-- a (binary) --")
        }
        #expect(
            throws: ScenarioError(
                ScenarioLocation(file: "f", line: 1, column: 4),
                "empty fixture name (write '-- NAME --' or '-- NAME (ENCODING) --')")
        ) {
            try header("-- --")
        }
    }

    @Test func textKeepsEveryLineWithItsNewline() {
        let loaded = FixtureLoader.load(
            ["-- a --", "one", "", "  two  ", "-- empty --", "-- last --", "x"], firstLine: 10, file: "f")
        #expect(loaded.errors.isEmpty)
        #expect(loaded.fixtures.map(\.name) == ["a", "empty", "last"])
        #expect(loaded.fixtures.map(\.data) == [Data("one\n\n  two  \n".utf8), Data(), Data("x\n".utf8)])
        #expect(loaded.fixtures.map(\.location.line) == [10, 14, 15])
    }

    @Test func xmlAtTheDepthLimitLoadsAndCommentsDoNotCount() throws {
        // The outer array holds a comment, a string and `limit - 1` more levels of arrays.
        let nested =
            String(repeating: "<array>", count: XMLPlistDepth.limit - 1) + "<array/><dict/>"
            + String(repeating: "</array>", count: XMLPlistDepth.limit - 1)
        let aside = "<!-- " + String(repeating: "<array>", count: 300) + " --><string><![CDATA[<dict>]]></string>"
        let lines = ["-- p (xml) --", "<plist version=\"1.0\">", "<array>", aside, nested, "</array>", "</plist>"]
        let loaded = FixtureLoader.load(lines, firstLine: 1, file: "f")
        #expect(loaded.errors.isEmpty)
        let value = try PlistValue(propertyList: try #require(loaded.fixtures.first).data)
        #expect(value.shape == "array of 2")
    }

    @Test func tooDeepIsPlacedInCharactersAndOnlyWholeTagNamesCount() {
        let deep = String(repeating: "<array>", count: XMLPlistDepth.limit + 1)
        // "é" is two bytes and one character: the column counts characters, as every other column does.
        let found = XMLPlistDepth.firstTooDeep(["<plist>", "<string>é</string>" + deep])
        #expect(found?.line == 2)
        #expect(found?.column == 18 + XMLPlistDepth.limit * 7 + 1)
        let lookalikes = ["<arrays>", "<dictionary>", "<arrayé>"].map { String(repeating: $0, count: 300) }
        #expect(XMLPlistDepth.firstTooDeep(lookalikes) == nil)
    }

    @Test func xmlBecomesBinaryAndXMLTextStaysText() throws {
        let xml = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<plist version=\"1.0\">",
            "<dict><key>ratings</key><string>0400</string><key>n</key><integer>3</integer></dict>", "</plist>",
        ]
        let loaded = FixtureLoader.load(["-- b (xml) --"] + xml + ["-- t (xml-text) --"] + xml, firstLine: 1, file: "f")
        #expect(loaded.errors.isEmpty)
        let expected = PlistValue.dictionary(["ratings": .string("0400"), "n": .integer(3)])
        var format = PropertyListSerialization.PropertyListFormat.xml
        _ = try PropertyListSerialization.propertyList(from: loaded.fixtures[0].data, options: [], format: &format)
        #expect(format == .binary)
        #expect(try PlistValue(propertyList: loaded.fixtures[0].data) == expected)
        #expect(loaded.fixtures[1].data == Data(xml.map { $0 + "\n" }.joined().utf8))
        #expect(try PlistValue(propertyList: loaded.fixtures[1].data) == expected)
    }

    @Test func xmlMustBeAnXMLPropertyList() {
        for body in [["{ a = b; }"], ["not xml"], ["  "]] {
            let loaded = FixtureLoader.load(["-- p (xml-text) --"] + body, firstLine: 3, file: "f")
            #expect(loaded.fixtures.isEmpty)
            #expect(loaded.errors.count == 1)
            #expect(loaded.errors.first?.location == ScenarioLocation(file: "f", line: 3, column: 4))
        }
        let empty = FixtureLoader.load(["-- p (xml) --"], firstLine: 1, file: "f")
        #expect(empty.errors.map(\.message) == ["fixture 'p': empty, expected an XML property list"])
    }

    @Test func hexIgnoresWhiteSpace() {
        let loaded = FixtureLoader.load(["-- h (hex) --", "62 70 6c", "\t69737400  ", ""], firstLine: 1, file: "f")
        #expect(loaded.errors.isEmpty)
        #expect(loaded.fixtures.first?.data == Data("bplist\0".utf8))
    }

    @Test func base64AcrossLines() {
        let loaded = FixtureLoader.load(["-- b (base64) --", "  AAEC", "/w==  "], firstLine: 1, file: "f")
        #expect(loaded.errors.isEmpty)
        #expect(loaded.fixtures.first?.data == Data([0, 1, 2, 0xFF]))
        let bad = FixtureLoader.load(["-- b (base64) --", "AAE"], firstLine: 1, file: "f")
        #expect(
            bad.errors.map(\.description) == ["f:1:4: fixture 'b': not valid base64 (check its length and '=' padding)"]
        )
    }

    @Test func everyFixtureErrorIsKeptAndNamesStayKnown() {
        let loaded = FixtureLoader.load(
            ["-- a (hex) --", "x", "-- a --", "-- (xml) --", "-- c (nope) --", "-- d --"],
            firstLine: 1, file: "f")
        #expect(
            loaded.errors.map(\.description) == [
                "f:2:1: fixture 'a': 'x' is not a hex digit",
                "f:3:4: duplicate fixture 'a' (first at line 1)",
                "f:4:4: empty fixture name (write '-- NAME --' or '-- NAME (ENCODING) --')",
                "f:5:7: unknown fixture encoding 'nope' (expected one of: text, xml, xml-text, hex, base64)",
            ])
        #expect(loaded.names.map(\.name) == ["a", "c", "d"])
        #expect(loaded.fixtures.map(\.name) == ["d"])
    }

    @Test func splitLinesDropsCarriageReturnsAndTheByteOrderMark() {
        #expect(ScenarioParser.splitLines("\u{FEFF}a\r\nb\n\nc") == ["a", "b", "", "c"])
        #expect(ScenarioParser.splitLines("a\n") == ["a"])
        #expect(ScenarioParser.splitLines("") == [])
        // Lines are cut at bytes: characters of several bytes stay whole, and a last "\r" is dropped too.
        let text = "caf\u{E9} \u{1F600}\r\n\u{FEFF}x\r"
        #expect(ScenarioParser.splitLines(text) == ["caf\u{E9} \u{1F600}", "\u{FEFF}x"])
        #expect(ScenarioParser.splitLines("\r\n\r") == [""])
    }
}
