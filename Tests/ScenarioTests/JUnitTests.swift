import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--junit FILE`: XML that parses, a test case per scenario at its file and line, failures at their steps.
@Suite struct JUnitTests {
    /// What an XML parser found in a JUnit file.
    final class JUnitFile: NSObject, XMLParserDelegate {
        struct TestCase {
            var attributes: [String: String]
            var problems: [(element: String, attributes: [String: String])] = []
        }

        var cases: [TestCase] = []
        var suites: [[String: String]] = []
        var parseErrors: [String] = []

        init(_ data: Data) {
            super.init()
            let parser = XMLParser(data: data)
            parser.delegate = self
            // On Linux parse() can return true after an error: the errors are the verdict.
            if !parser.parse() || parser.parserError != nil {
                parseErrors.append("\(parser.parserError.map { "\($0)" } ?? "parse() failed")")
            }
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "testsuite": suites.append(attributes)
            case "testcase": cases.append(TestCase(attributes: attributes))
            case "failure", "error": cases[cases.count - 1].problems.append((name, attributes))
            default: break
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            parseErrors.append("\(parseError)")
        }

        func testCase(_ file: String) -> TestCase? { cases.first { $0.attributes["file"] == file } }
    }

    static let files = [
        "corpus/a/documents-url-fails-once.scenario", "corpus/a/first-launch.scenario",
        "corpus/b/broken.scenario", "corpus/b/first-launch.scenario", "corpus/b/milk.scenario",
        "corpus/c/load-io-error.scenario", "corpus/c/quote\"<&>\\u{1B}[31m.scenario",
    ]

    static func junit(_ arguments: [String], in folder: URL) throws -> JUnitFile {
        let result = try CommandLineTests.harness(arguments + ["--junit", "junit.xml"], in: folder)
        #expect(result.status == 1)
        let data = try Data(contentsOf: folder.appendingPathComponent("junit.xml"))
        #expect(CommandLineTests.rawControls(String(decoding: data, as: UTF8.self)).isEmpty)
        let parsed = JUnitFile(data)
        #expect(parsed.parseErrors.isEmpty)
        #expect(parsed.cases.map { $0.attributes["file"] ?? "" } == Self.files, "every scenario, in order")
        #expect(parsed.suites.first?["tests"] == "\(Self.files.count)")
        return parsed
    }

    @Test func aRunListsEveryScenarioWithItsFailingStepAtItsLine() throws {
        let folder = try ShardMergeTests.smallCorpus()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = try Self.junit(["run", "corpus", "--edition", "book"], in: folder)
        let milk = try #require(junit.testCase("corpus/b/milk.scenario"))
        #expect(milk.attributes["line"] == "4")
        #expect(milk.attributes["name"] == "milk.scenario" && milk.attributes["classname"] == "corpus/b")
        #expect(milk.problems.map(\.element) == ["failure"])
        #expect(
            milk.problems.first?.attributes["message"]
                == "corpus/b/milk.scenario:4:1: expect items: [x] Milk: expected [x] Milk; found [ ] Milk")
        let broken = try #require(junit.testCase("corpus/b/broken.scenario"))
        #expect(broken.attributes["line"] == "2")
        #expect(broken.problems.map(\.element) == ["error"])
        let mistake = broken.problems.first?.attributes["message"] ?? ""
        #expect(mistake.hasPrefix("corpus/b/broken.scenario:2:1: unknown verb 'lanch'"))
        #expect(junit.cases.filter { $0.problems.isEmpty }.count == Self.files.count - 2)
        #expect(junit.suites.first?["failures"] == "1" && junit.suites.first?["errors"] == "1")
    }

    @Test func anExplorationListsEveryScenarioWithAFailurePerFailingClass() throws {
        let folder = try ShardMergeTests.smallCorpus()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = try Self.junit(["explore", "corpus", "--edition", "book"], in: folder)
        let trapping = try #require(junit.testCase("corpus/a/first-launch.scenario"))
        #expect(trapping.attributes["line"] == "3", "the launch whose Documents lookup the fault emptied")
        #expect(trapping.problems.map(\.element) == ["failure"])
        #expect(trapping.problems.first?.attributes["type"] == "trap")
        let message = trapping.problems.first?.attributes["message"] ?? ""
        #expect(
            message.hasPrefix(
                "corpus/a/first-launch.scenario:3:1: 2 of 32 schedules trap; first: "
                    + "#2 p1 urls Documents: 1 URL with 'fault urls Documents no-url'"))
        let broken = try #require(junit.testCase("corpus/b/broken.scenario"))
        #expect(broken.problems.map(\.element) == ["error"])
        let mistake = broken.problems.first?.attributes["message"] ?? ""
        #expect(mistake.contains("corpus/b/broken.scenario:2:1: unknown verb 'lanch'"))
        let hiding = try #require(junit.testCase("corpus/c/load-io-error.scenario"))
        let classes = hiding.problems.map { $0.attributes["type"] }
        #expect(classes == ["dataLoss", "trap"], "dataLoss in the fault-free run, traps in the book's saves")
        #expect(
            hiding.problems.first?.attributes["message"]?.hasPrefix(
                "corpus/c/load-io-error.scenario:12:1: 76 of 249 schedules dataLoss; first: the fault-free run "
                    + "(seed 0): relaunch at line 12: history 2026-02-28: Squat acknowledged at line 6 is missing")
                == true)
        let passing = try #require(junit.testCase("corpus/b/first-launch.scenario"))
        #expect(passing.problems.isEmpty, "no failing run, no failure")
    }
}
