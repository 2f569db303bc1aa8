import Foundation

/// A JUnit XML file, so that CI systems list each scenario as a test: one test case per scenario file, at its
/// file and line. No timings or host names: the same report gives the same bytes, and merged shards give
/// the single run's.
struct JUnitReport {
    /// `harness run (hardened)`: the suite's name.
    var name: String
    var cases: [TestCase]

    /// One scenario file.
    struct TestCase {
        var file: String
        /// The line CI points at: the first failure's step, or 1.
        var line: Int
        /// Each way the app failed: a class of explored runs, a failing step.
        var failures: [Problem] = []
        /// Why the scenario could not be run or explored.
        var errors: [Problem] = []
        /// The judge's verdict on the run, as a `verdict` property.
        var verdict: OutcomeClass?
        /// Why a failure is known and expected (a known-failures record's line): a `<skipped>` case.
        var knownFailure: String?
    }

    /// A `<failure>` or `<error>`: its type, a one-line message that names `file:line:column`, and the details.
    struct Problem {
        var type: String
        var message: String
        var details: [String]
    }

    var xml: String {
        let failures = cases.filter { $0.errors.isEmpty && !$0.failures.isEmpty }.count
        let errors = cases.filter { !$0.errors.isEmpty }.count
        let skipped = cases.filter { $0.knownFailure != nil }.count
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"\(MarkupText.escaped(name))\" \(counts)>",
            "  <testsuite name=\"\(MarkupText.escaped(name))\" \(counts) skipped=\"\(skipped)\">",
        ]
        for testCase in cases {
            let file = testCase.file as NSString
            let folder = file.deletingLastPathComponent
            let attributes =
                "name=\"\(MarkupText.escaped(file.lastPathComponent))\" "
                + "classname=\"\(MarkupText.escaped(folder.isEmpty ? "." : folder))\" "
                + "file=\"\(MarkupText.escaped(testCase.file))\" line=\"\(testCase.line)\""
            let problems = testCase.errors.map { ("error", $0) } + testCase.failures.map { ("failure", $0) }
            guard !problems.isEmpty || testCase.verdict != nil || testCase.knownFailure != nil else {
                lines.append("    <testcase \(attributes)/>")
                continue
            }
            lines.append("    <testcase \(attributes)>")
            if let verdict = testCase.verdict {
                let property = "<property name=\"verdict\" value=\"\(verdict.rawValue)\"/>"
                lines.append("      <properties>\(property)</properties>")
            }
            if let known = testCase.knownFailure {
                lines.append("      <skipped message=\"\(MarkupText.escaped("known to fail: " + known))\"/>")
            }
            for (element, problem) in problems {
                let body = problem.details.map(MarkupText.escaped).joined(separator: "\n")
                lines.append(
                    "      <\(element) type=\"\(MarkupText.escaped(problem.type))\" "
                        + "message=\"\(MarkupText.escaped(problem.message))\">\(body)</\(element)>")
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }
}
