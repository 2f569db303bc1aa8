import Harness
import Testing

/// A malformed scenario and every message it must produce, in order.
struct Malformed: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var messages: [String]

    init(_ name: String, _ text: String, _ messages: String...) {
        self.name = name
        self.text = text
        self.messages = messages
    }

    var testDescription: String { name }
}

@Suite struct MalformedScenarioTests {
    static let cases: [Malformed] = [
        Malformed(
            "unknown verb with suggestion", "app hiitfit\nlanch",
            "m.scenario:2:1: unknown verb 'lanch' (did you mean 'launch'?)"),
        Malformed(
            "unknown verb without suggestion", "app hiitfit\nfrobnicate now",
            "m.scenario:2:1: unknown verb 'frobnicate'"),
        Malformed(
            "unknown fault kind", "app hiitfit\nfault write Documents/a disk-ful",
            "m.scenario:2:25: unknown fault 'disk-ful' (did you mean 'disk-full'?)"),
        Malformed(
            "unknown operation", "app hiitfit\nfault wrte Documents/a io-error",
            "m.scenario:2:7: unknown operation 'wrte' (did you mean 'write'?)"),
        Malformed(
            "fault not applicable to the operation", "app hiitfit\nfault read Documents/a no-url",
            "m.scenario:2:24: fault 'no-url' does not apply to 'read' operations (applies to: urls)"),
        Malformed(
            "partial write without its end", "app hiitfit\nfault write Documents/a partial 10",
            "m.scenario:2:35: usage: fault OP PATH partial N error|kill|power-loss [every | nth N | from N]"),
        Malformed(
            "misspelled occurrence", "app hiitfit\nfault write ** io-error evry",
            "m.scenario:2:25: unexpected 'evry' after 'fault write ** io-error' (did you mean 'every'?)"),
        Malformed(
            "a flush before a crash is the key-value store's", "app hiitfit\nfault write ** crash-after-flush",
            "m.scenario:2:16: fault 'crash-after-flush' does not apply to 'write' operations (applies to: set)"),
        Malformed(
            "power-loss option misspelled", "app hiitfit\npower-loss drp",
            "m.scenario:2:12: unknown power-loss option 'drp' (did you mean 'drop'?)"),
        Malformed(
            "nth zero", "app hiitfit\nfault write ** io-error nth 0",
            "m.scenario:2:29: 'nth' counts from 1, found '0'"),
        Malformed(
            "fault argument that does not belong", "app hiitfit\nfault write ** io-error kill",
            "m.scenario:2:25: unexpected 'kill' after 'fault write ** io-error' (expected 'every', 'nth N' or 'from N')"
        ),
        Malformed(
            "key fault without defaults:", "app hiitfit\nfault get ratings wrong-type",
            "m.scenario:2:11: 'get' operations are on keys: write 'defaults:KEY', found 'ratings'"),
        Malformed(
            "impossible date", "app hiitfit\nclock 2026-02-30 08:00",
            "m.scenario:2:7: no such date '2026-02-30'"),
        Malformed(
            "malformed time", "app hiitfit\nclock 2026-03-01 8:00",
            "m.scenario:2:18: expected a time like 08:00 or 08:00:30, found '8:00'"),
        Malformed(
            "impossible time", "app hiitfit\nclock 2026-03-01 24:00",
            "m.scenario:2:18: no such time '24:00'"),
        Malformed(
            "clock without a time", "app hiitfit\nclock 2026-03-01",
            "m.scenario:2:17: usage: clock YYYY-MM-DD HH:MM[:SS] [ZONE] | clock +1d2h3m4s"),
        Malformed(
            "offset units out of order", "app hiitfit\nclock +1h2d",
            "m.scenario:2:7: expected a clock offset like +1d, -2h30m or +45s, found '+1h2d'"),
        Malformed(
            "unknown time zone", "app hiitfit\ntimezone Mars/Olympus_Mons",
            "m.scenario:2:10: unknown time zone 'Mars/Olympus_Mons'"),
        Malformed(
            "'!' before a non-expectation", "app hiitfit\n! launch",
            "m.scenario:2:1: '!' negates expectations only"),
        Malformed(
            "'!' glued to expect", "app hiitfit\n!expect crashed",
            "m.scenario:2:1: '!' must be a separate word: '! expect'"),
        Malformed(
            "condition after '!'", "app hiitfit\n! [edition:book] expect crashed",
            "m.scenario:2:3: a condition goes before '!': '[edition:book] ! ...'"),
        Malformed(
            "unknown condition", "app hiitfit\n[edition:bok] launch",
            "m.scenario:2:1: unknown condition 'edition:bok' (did you mean 'edition:book'?)"),
        Malformed(
            "missing app line", "# story\n\nlaunch\nexpect crashed",
            "m.scenario:3:1: the first step must be 'app NAME'"),
        Malformed(
            "empty file", "# only a comment\n",
            "m.scenario:1:1: the first step must be 'app NAME'"),
        Malformed(
            "duplicate app", "app hiitfit\nlaunch\napp checklists",
            "m.scenario:3:1: duplicate 'app' (first at line 1)"),
        Malformed(
            "unknown app", "app hiitfitt",
            "m.scenario:1:5: unknown app 'hiitfitt' (did you mean 'hiitfit'?)"),
        Malformed(
            "action for the wrong app", "app checklists\ndone Squat",
            "m.scenario:2:1: 'done' is a hiitfit action; this scenario is for checklists"),
        Malformed(
            "expectation for the wrong app", "app hiitfit\nexpect people empty",
            "m.scenario:2:8: 'expect people' is a namestofaces expectation; this scenario is for hiitfit"),
        Malformed(
            "unknown exercise with suggestion", "app hiitfit\ndone Sun Salutes",
            "m.scenario:2:6: unknown exercise 'Sun Salutes' (did you mean 'Sun Salute'?)"),
        Malformed(
            "unknown exercise in a history list", "app hiitfit\nexpect history 2026-03-01: Squat, Burpe",
            "m.scenario:2:35: unknown exercise 'Burpe' (did you mean 'Burpee'?)"),
        Malformed(
            "rating out of range", "app hiitfit\nrate Squat 12",
            "m.scenario:2:12: expected a rating from 0 to 9, found '12'"),
        Malformed(
            "unterminated quote", "app checklists\nitem add \"Buy milk",
            "m.scenario:2:10: unterminated quote"),
        Malformed(
            "unknown escape", "app checklists\nitem add \"a\\tb\"",
            "m.scenario:2:12: unknown escape '\\t' in a quoted word (only \\\" and \\\\ are allowed)"),
        Malformed(
            "missing fixture", "app hiitfit\nfile Documents/histry.plist\n-- Documents/history.plist --\nx",
            "m.scenario:2:6: no fixture named 'Documents/histry.plist' (did you mean 'Documents/history.plist'?)",
            "m.scenario:3:4: fixture 'Documents/history.plist' is never used"),
        Malformed(
            "unchanged without a fixture", "app hiitfit\nexpect file Documents/a unchanged",
            "m.scenario:2:13: no fixture named 'Documents/a'"),
        Malformed(
            "unused fixture", "app hiitfit\nlaunch\n-- notes.txt --\nhi",
            "m.scenario:3:4: fixture 'notes.txt' is never used"),
        Malformed(
            "duplicate fixture", "app hiitfit\nfile a\n-- a --\nx\n-- a --\ny",
            "m.scenario:5:4: duplicate fixture 'a' (first at line 3)"),
        Malformed(
            "bad XML fixture",
            "app hiitfit\nfile Documents/history.plist\n-- Documents/history.plist (xml) --\n<plist><array>",
            "m.scenario:3:4: fixture 'Documents/history.plist': not a valid XML property list"),
        Malformed(
            "bad hex digit", "app hiitfit\nfile a\n-- a (hex) --\n00 01\n 0g",
            "m.scenario:5:3: fixture 'a': 'g' is not a hex digit"),
        Malformed(
            "odd hex", "app hiitfit\nfile a\n-- a (hex) --\n00 0",
            "m.scenario:4:4: fixture 'a': odd number of hex digits"),
        Malformed(
            "bad base64 character", "app hiitfit\nfile a\n-- a (base64) --\naGV!",
            "m.scenario:4:4: fixture 'a': '!' is not a base64 character"),
        Malformed(
            "unknown fixture encoding", "app hiitfit\nfile a\n-- a (xlm) --\nx",
            "m.scenario:3:7: unknown fixture encoding 'xlm' (did you mean 'xml'?)"),
        Malformed(
            "empty fixture name", "app hiitfit\nlaunch\n-- (xml) --\nx",
            "m.scenario:3:4: empty fixture name (write '-- NAME --' or '-- NAME (ENCODING) --')"),
        Malformed(
            "plist default from a fixture that is not one",
            "app hiitfit\ndefaults set k plist p\n-- p (hex) --\n00 ff 13",
            "m.scenario:2:22: fixture 'p' does not hold a property list"),
        Malformed(
            "path with '..'", "app hiitfit\nrm Documents/../x",
            "m.scenario:2:4: path 'Documents/../x' must not contain '..'"),
        Malformed(
            "absolute path", "app hiitfit\nexpect file /etc/passwd exists",
            "m.scenario:2:13: path '/etc/passwd' must be relative to the container (no leading '/')"),
        Malformed(
            "extra argument", "app hiitfit\nlaunch now",
            "m.scenario:2:8: unknown launch option 'now' (expected one of: edition, variant, deferred)"),
        Malformed(
            "missing argument", "app hiitfit\ntab",
            "m.scenario:2:4: usage: tab N"),
        Malformed(
            "bad integer", "app hiitfit\ntab two",
            "m.scenario:2:5: expected a whole number, found 'two'"),
        Malformed(
            "bad defaults type", "app hiitfit\ndefaults set k strng x",
            "m.scenario:2:16: unknown type 'strng' (did you mean 'string'?)"),
        Malformed(
            "bad bool", "app hiitfit\nexpect defaults k bool yes",
            "m.scenario:2:24: expected true, false, YES or NO, found 'yes'"),
        Malformed(
            "plist type in an expectation", "app hiitfit\nexpect persisted k plist p",
            "m.scenario:2:20: unknown type 'plist' (expected one of: string, int, real, bool, date, data, absent)"),
        Malformed(
            "bad flush policy", "app hiitfit\ndefaults flush sometimes",
            "m.scenario:2:16: unknown flush policy 'sometimes' "
                + "(expected one of: on-background, on-exit, explicit, never, now)"),
        Malformed(
            "items entry without a box", "app checklists\nexpect items: [x] a, b",
            "m.scenario:2:22: each item must start with '[x]' or '[ ]', found 'b'"),
        Malformed(
            "items without a colon", "app checklists\nexpect items [x] a",
            "m.scenario:2:14: expected 'empty' or a colon right after 'items', found '[x]'"),
        Malformed(
            "empty list entry", "app namestofaces\nexpect people: Ann,, Bob",
            "m.scenario:2:20: empty entry before ','"),
        Malformed(
            "history date without a colon", "app hiitfit\nexpect history 2026-03-01 Squat",
            "m.scenario:2:16: expected a colon after the date: '2026-03-01: NAME, NAME'"),
        Malformed(
            "unknown expectation", "app hiitfit\nexpect crashd",
            "m.scenario:2:8: unknown expectation 'crashd' (did you mean 'crashed'?)"),
        Malformed(
            "unknown plist shape", "app hiitfit\nexpect file a plist arry of 2",
            "m.scenario:2:21: unknown plist shape 'arry' (did you mean 'array'?)"),
        Malformed(
            "whole number too large", "app hiitfit\ntab 99999999999999999999",
            "m.scenario:2:5: number '99999999999999999999' is too large (the range is 0 to 9223372036854775807)"),
        Malformed(
            "seed too large", "app hiitfit\nseed 18446744073709551616",
            "m.scenario:2:6: number '18446744073709551616' is too large "
                + "(the range is 0 to 18446744073709551615)"),
        Malformed(
            "defaults int too small", "app hiitfit\ndefaults set k int -9223372036854775809",
            "m.scenario:2:20: number '-9223372036854775809' is too small "
                + "(the range is -9223372036854775808 to 9223372036854775807)"),
        Malformed(
            "real too large", "app hiitfit\nexpect defaults k real 1e999",
            "m.scenario:2:24: number '1e999' is too large (the range is ±1.7976931348623157e+308)"),
        Malformed(
            "rating too large to be a number", "app hiitfit\nrate Squat 99999999999999999999",
            "m.scenario:2:12: expected a rating from 0 to 9, found '99999999999999999999'"),
        Malformed(
            "clock offset too large", "app hiitfit\nclock +1d1000000000h",
            "m.scenario:2:7: clock offset '+1d1000000000h': number '1000000000' is too large "
                + "(the range is 0 to 999999999 for each unit)"),
        Malformed(
            "local time in a daylight-saving gap", "app hiitfit\nclock 2026-03-29 01:30 Europe/London",
            "m.scenario:2:18: 2026-03-29 01:30 does not exist in Europe/London: "
                + "clocks go forward from 01:00 to 02:00 that day"),
        Malformed(
            "local time in a skipped day", "app hiitfit\nclock 2011-12-30 12:00:05 Pacific/Apia",
            "m.scenario:2:18: 2011-12-30 12:00:05 does not exist in Pacific/Apia: "
                + "clocks go forward from 2011-12-30 00:00 to 2011-12-31 00:00"),
        Malformed(
            "XML fixture nested too deep",
            "app hiitfit\nfile a\n-- a (xml) --\n<plist version=\"1.0\">\n"
                + String(repeating: "<array>", count: 256) + "\n  <dict><key>k</key><array/>\n"
                + String(repeating: "</array>", count: 256) + "</plist>",
            "m.scenario:6:3: fixture 'a': arrays and dictionaries nested deeper than the limit of 256 levels"),
        Malformed(
            "XML fixture nested a thousand deep",
            "app hiitfit\nfile a\n-- a (xml) --\n<plist version=\"1.0\">\n"
                + String(repeating: "<array>", count: 1000) + String(repeating: "</array>", count: 1000)
                + "</plist>",
            "m.scenario:5:1793: fixture 'a': arrays and dictionaries nested deeper than the limit of 256 levels"),
        Malformed(
            "multiple errors in file order",
            "# story\napp hiitfit\nlanch\ndone Squat\ntab -1\n[edition:book] ! launch\n"
                + "file a\n-- a (hex) --\nzz\n-- b --\n",
            "m.scenario:3:1: unknown verb 'lanch' (did you mean 'launch'?)",
            "m.scenario:5:5: expected a whole number, found '-1'",
            "m.scenario:6:16: '!' negates expectations only",
            "m.scenario:9:1: fixture 'a': 'z' is not a hex digit",
            "m.scenario:10:4: fixture 'b' is never used"),
    ]

    @Test(arguments: cases)
    func reportsEveryMistake(_ malformed: Malformed) {
        do {
            let scenario = try ScenarioParser.parse(malformed.text, file: "m.scenario", plugins: .shipped)
            Issue.record("parsed without errors: \(scenario.steps.count) steps")
        } catch {
            #expect(error.errors.map(\.description) == malformed.messages)
        }
    }

    @Test func everyCaseHasAtLeastOneMessage() {
        #expect(Self.cases.count >= 25)
        #expect(Self.cases.allSatisfy { !$0.messages.isEmpty })
    }
}
