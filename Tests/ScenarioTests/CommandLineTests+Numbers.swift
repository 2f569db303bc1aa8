import Foundation
import Testing

/// Numbers on the command line: a value out of range for a numeric flag, and a flag that takes one value given
/// twice, each stop with one line that names the flag, before any work.
extension CommandLineTests {
    static let seconds = "expected a number of seconds from 0.001 to 86400, found "
    static let seedRange = "(the range is 0 to 18446744073709551615)"

    /// Each numeric flag with values past its range (or no number at all), and what is said.
    @Test(arguments: [
        (["run", "--timeout", "99999999999999999999"], "'--timeout': \(seconds)'99999999999999999999'"),
        (["run", "--timeout", "9223372036854775807"], "'--timeout': \(seconds)'9223372036854775807'"),
        (["run", "--timeout", "1e300"], "'--timeout': \(seconds)'1e300'"),
        (["run", "--timeout", "86400.5"], "'--timeout': \(seconds)'86400.5'"),
        (["run", "--timeout", "0"], "'--timeout': \(seconds)'0'"),
        (["explore", "Scenarios", "--timeout", "soon"], "'--timeout': \(seconds)'soon'"),
        (["explore", "Scenarios", "--timeout", "inf"], "'--timeout': \(seconds)'inf'"),
        (["explore", "Scenarios", "--timeout", "nan"], "'--timeout': \(seconds)'nan'"),
        (["import", "x", "--timeout", "1e300"], "'--timeout': \(seconds)'1e300'"),
        (["run", "--record", "x.scenario", "--timeout", "1e999"], "'--timeout': \(seconds)'1e999'"),
        (
            ["run", "--seed", "99999999999999999999"],
            "'--seed': number '99999999999999999999' is too large \(seedRange)"
        ),
        (["explore", "Scenarios", "--seed", "-1"], "'--seed': expected a whole number, found '-1'"),
        (
            ["explore", "Scenarios", "--jobs", "99999999999999999999"],
            "'--jobs': expected a number of workers from 1 to 64, found '99999999999999999999'"
        ),
        (["explore", "Scenarios", "--jobs", "65"], "'--jobs': expected a number of workers from 1 to 64, found '65'"),
        (["bench", "--rounds", "0"], "'--rounds': expected a number of rounds from 1 to 1000, found '0'"),
        (
            ["bench", "--rounds", "9223372036854775808"],
            "'--rounds': expected a number of rounds from 1 to 1000, found '9223372036854775808'"
        ),
        (
            ["explore", "Scenarios", "--shard", "1/9223372036854775807"],
            "'--shard': expected I/N, part I of N parts (1 ≤ I ≤ N ≤ 1000), found '1/9223372036854775807'"
        ),
        (
            ["crash-state", "x", "--dir", "d", "--exit-after", "18446744073709551615"],
            "'--exit-after': expected a number of file calls from 1 to 2147483647, found '18446744073709551615'"
        ),
    ])
    func aNumberOutOfRangeNamesTheFlagAndTheRange(arguments: [String], message: String) throws {
        let result = try Self.harness(arguments)
        #expect(result.status == 2, "\(result.errors)")
        #expect(result.errors == "harness: invalid value for \(message)\(Self.help)\n")
        #expect(result.output.isEmpty, "nothing ran")
    }

    /// Every flag that takes one value, given twice: refused, even with the same value, rather than one taken.
    @Test(arguments: [
        ["run", "--edition", "book", "--edition", "hardened"],
        ["run", "--seed", "1", "--seed", "1"],
        ["run", "--timeout", "5", "--timeout", "9"],
        ["run", "--junit", "a.xml", "--junit", "b.xml"],
        ["run", "--shard", "1/2", "--shard", "2/2"],
        ["run", "--known-failures", "a", "--known-failures", "b"],
        ["explore", "Scenarios", "--edition", "book", "--edition", "book"],
        ["explore", "Scenarios", "--seed", "1", "--seed", "2"],
        ["explore", "Scenarios", "--write-repros", "a", "--write-repros", "b"],
        ["explore", "Scenarios", "--html", "a.html", "--html", "b.html"],
        ["explore", "Scenarios", "--junit", "a.xml", "--junit", "b.xml"],
        ["explore", "Scenarios", "--timeout", "5", "--timeout", "9"],
        ["explore", "Scenarios", "--shard", "1/2", "--shard", "1/2"],
        ["explore", "Scenarios", "--jobs", "1", "--jobs", "2"],
        ["import", "x", "-o", "a.scenario", "-o", "b.scenario"],
        ["import", "x", "--app", "hiitfit", "--app", "checklists"],
        ["import", "x", "--edition", "book", "--edition", "book"],
        ["merge", "a.json", "--html", "a.html", "--html", "b.html"],
        ["merge", "a.json", "--junit", "a.xml", "--junit", "b.xml"],
        ["bench", "--rounds", "1", "--rounds", "2"],
        ["crash-state", "x", "--dir", "a", "--dir", "b"],
    ])
    func aSingleValuedFlagGivenTwiceIsRefused(arguments: [String]) throws {
        let flag = arguments[arguments.lastIndex { $0.hasPrefix("-") }!]
        let result = try Self.harness(arguments)
        #expect(result.status == 2)
        #expect(result.errors == "harness: '\(flag)' is given more than once (it takes one value)\(Self.help)\n")
        #expect(result.output.isEmpty, "nothing ran")
    }

    @Test func repeatableFlagsStayRepeatable() throws {
        let result = try Self.harness([
            "run", "--app", "hiitfit", "--app", "checklists", "Scenarios/hiitfit/first-launch.scenario",
            "Scenarios/checklists/first-launch.scenario", "Scenarios/namestofaces/first-launch.scenario",
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasSuffix("\n2 passed, 0 failed\n"))
        let bench = try Self.harness(["bench", "--only", "scale", "--only", "bogus"])
        #expect(bench.status == 2)
        #expect(bench.errors.hasPrefix("harness: unknown group 'bogus' for '--only'"), "the second --only was read")
    }
}
