import Foundation
import Testing

/// The fuzz targets cannot rot: docs/fuzzing.md's command, with -Onone for a few seconds, builds every target of
/// Tests/Fuzz from the code as it is (a target that no longer compiles fails here with the compiler's message), and
/// each target runs inputs and finds nothing.
@Suite struct FuzzTargetTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// How long the test fuzzes each target.
    private static let seconds = 2

    /// The words of docs/fuzzing.md's command, `Tests/Fuzz/fuzz.sh SECONDS`, from its fenced block.
    private static func documentedCommand() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/fuzzing.md"), encoding: .utf8)
        var inBlock = false
        var commands: [[String]] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") {
                inBlock.toggle()
            } else if inBlock, line.hasPrefix("Tests/Fuzz/fuzz.sh") {
                commands.append(line.split(separator: " ").map(String.init))
            }
        }
        return commands.count == 1 ? commands[0] : []
    }

    /// The targets, one a folder of Tests/Fuzz.
    private static func targets() throws -> [String] {
        let folder = root.appendingPathComponent("Tests/Fuzz")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { try $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true }
            .map(\.lastPathComponent).sorted()
    }

    /// Runs `arguments` in the repository's folder: its exit status, and its standard output and error as one text.
    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = root.appendingPathComponent(arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// From libFuzzer's last line of figures after `fuzzing 'TARGET'`: the inputs run, and the findings
    /// (out-of-memory, timeout and crash inputs).
    private static func figures(of target: String, in output: String) -> (inputs: Int, findings: [Int])? {
        guard let start = output.range(of: "fuzzing '\(target)' for ") else { return nil }
        let run = output[start.upperBound...]
        let end = run.range(of: "\nfuzzing '")?.lowerBound ?? run.endIndex
        let lines = run[..<end].split(separator: "\n").filter { $0.hasPrefix("#") && $0.contains(" cov: ") }
        guard let last = lines.last, let inputs = Int(last.dropFirst().prefix { $0.isNumber }),
            let findings = last.split(separator: " ").drop(while: { $0 != "oom/timeout/crash:" }).dropFirst().first
        else { return nil }
        return (inputs, findings.split(separator: "/").compactMap { Int($0) })
    }

    /// No `.timeLimit`: it runs the body in a task of its own, queued behind the other tests, so the build came last.
    @Test(.enabled(if: isLinux, "libFuzzer ships with the Linux toolchains only"))
    func everyTargetBuildsAndRunsCleanByTheDocumentedCommand() throws {
        let documented = try Self.documentedCommand()
        guard documented.count == 2, Int(documented[1]) != nil else {
            Issue.record("docs/fuzzing.md should show one command 'Tests/Fuzz/fuzz.sh SECONDS'; found \(documented)")
            return
        }
        let targets = try Self.targets()
        #expect(!targets.isEmpty)
        let (status, output) = try Self.run([documented[0], "-Onone", String(Self.seconds)])
        // Without libFuzzer's lines for each newly covered function, which would bury a compiler's or a crash's.
        let tail = output.split(separator: "\n").filter { !$0.contains("NEW_FUNC") }.suffix(40).joined(separator: "\n")
        guard status == 0 else {
            Issue.record("\(documented[0]) -Onone \(Self.seconds) ended with status \(status):\n\(tail)")
            return
        }
        for target in targets {
            guard let figures = Self.figures(of: target, in: output) else {
                Issue.record("'\(target)' printed no figures:\n\(tail)")
                continue
            }
            #expect(figures.inputs > 0, "'\(target)' ran no inputs")
            #expect(figures.findings == [0, 0, 0], "'\(target)' found problems: \(figures.findings)\n\(tail)")
        }
    }
}

private let isLinux: Bool = {
    #if os(Linux)
        true
    #else
        false
    #endif
}()
