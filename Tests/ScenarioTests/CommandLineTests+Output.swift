import Foundation
import Testing

/// What reaches a terminal, a JSON reader, a browser or a reproduction: no raw control characters,
/// and progress only on a terminal.
extension CommandLineTests {
    /// The raw characters a terminal acts on (C0 but the line feed, DEL, C1) or that reorder text.
    static func rawControls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value)
        }
    }

    @Test func appTextWithEscapeSequencesIsPrintedEscapedInFailuresAndTraces() throws {
        let file = try Self.temporaryScenario(
            """
            app checklists
            launch
            item add "\u{1B}]0;pwned\u{07}\u{1B}[31mred"
            expect items: [x] "\u{9B}2J"
            """)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try Self.harness(["run", "--trace", file.path])
        #expect(result.status == 1)
        #expect(Self.rawControls(result.output).isEmpty)
        let shown = "\\u{1B}]0;pwned\\u{07}\\u{1B}[31mred"
        #expect(result.output.contains("\n    expected: [x] \\u{9B}2J\n    found:    [ ] \(shown)\n"))
        #expect(result.output.contains("\n> 3: item add \"\(shown)\"\n"))
        #expect(result.output.contains("\n  FAILED: expected [x] \\u{9B}2J; found [ ] \(shown)\n"))
    }

    @Test func aFileNameWithControlCharactersIsEscapedInTheSummaryJSONPageAndReproduction() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "first\u{1B}]0;x\u{07}\u{9B}31m\u{202E}launch.scenario"
        let file = folder.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: Corpus.path("checklists/first-launch.scenario"), toPath: file)
        let page = folder.appendingPathComponent("matrix.html").path
        let repros = folder.appendingPathComponent("repros")
        let result = try Self.harness([
            "explore", "--edition", "book", "--json", "--html", page,
            "--write-repros", repros.path, file,
        ])
        #expect(result.status == 1)
        #expect(Self.rawControls(result.output).isEmpty)
        // The JSON still decodes to the real name.
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let scenarios = json?["scenarios"] as? [[String: Any]]
        #expect(scenarios?.first?["scenario"] as? String == file)
        let shownName = "first\\u{1B}]0;x\\u{07}\\u{9B}31m\\u{202E}launch.scenario"
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(Self.rawControls(html).isEmpty)
        #expect(html.contains(shownName))
        let reproduction = try #require(json?["reproductions"] as? [String]).first ?? ""
        let text = try String(contentsOfFile: reproduction, encoding: .utf8)
        #expect(Self.rawControls(text).isEmpty)
        #expect(text.contains("\n# Shrunk from \(folder.path)/\(shownName)."))
        let summary = try Self.harness(["explore", "--edition", "book", file])
        #expect(Self.rawControls(summary.output).isEmpty)
        #expect(summary.output.hasPrefix("\(folder.path)/\(shownName): "))
    }

    @Test func progressGoesToATerminalAndNeverToAPipe() throws {
        let arguments = ["explore", "--json", "Scenarios/hiitfit/first-launch.scenario"]
        let piped = try Self.harness(arguments)
        #expect(piped.errors.isEmpty)
        let atTerminal = try Self.harnessAtTerminal(arguments)
        #expect(atTerminal.status == piped.status)
        #expect(atTerminal.output == piped.output, "the JSON is the same with or without a terminal")
        #expect(atTerminal.errors.contains("[1/1] Scenarios/hiitfit/first-launch.scenario: 1/"))
        #expect(atTerminal.errors.contains(" schedules"))
        let run = try Self.harnessAtTerminal(["run", "Scenarios/hiitfit/first-launch.scenario"])
        #expect(run.errors.contains("\r\u{1B}[K[1/1] running Scenarios/hiitfit/first-launch.scenario"))
        #expect(run.output == "PASS [passed] Scenarios/hiitfit/first-launch.scenario\n1 passed, 0 failed\n")
    }

    /// Runs `harness` with standard error on a pseudo-terminal, as a person at a terminal sees it.
    static func harnessAtTerminal(_ arguments: [String]) throws -> Outcome {
        guard let (controller, name) = TerminalScreen.openPair() else { throw POSIXError(.ENOTTY) }
        let terminal = open(name, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw POSIXError(.ENOTTY) }
        let process = Process()
        process.executableURL = Corpus.harness
        process.arguments = arguments
        process.currentDirectoryURL = Corpus.root.deletingLastPathComponent()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        try process.run()
        close(terminal)
        // Read the terminal while standard output is read, so that neither fills and blocks the harness.
        let screen = TerminalScreen(controller)
        let reader = Thread { screen.readUntilClosed() }
        reader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let err = screen.waitForEnd()
        close(controller)
        return Outcome(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }
}

/// What a pseudo-terminal's controlling side reads, gathered on a thread of its own.
private final class TerminalScreen: @unchecked Sendable {
    private let descriptor: Int32
    private let done = DispatchSemaphore(value: 0)
    private var bytes = Data()

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    /// A new pseudo-terminal: its controlling side, and the path of the side a program writes to.
    static func openPair() -> (Int32, String)? {
        #if os(Linux)
            // Glibc declares posix_openpt and its friends only under feature macros Swift does not set:
            // the kernel's calls.
            let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var locked: Int32 = 0
            var number: UInt32 = 0
            guard controller >= 0, ioctl(controller, 0x4004_5431, &locked) == 0,  // TIOCSPTLCK: unlock
                ioctl(controller, 0x8004_5430, &number) == 0
            else { return nil }  // TIOCGPTN: its number
            return (controller, "/dev/pts/\(number)")
        #else
            let controller = posix_openpt(O_RDWR | O_NOCTTY)
            guard controller >= 0, grantpt(controller) == 0, unlockpt(controller) == 0,
                let name = ptsname(controller)
            else { return nil }
            return (controller, String(cString: name))
        #endif
    }

    /// Reads until the terminal's last writer closes it (EIO on Linux, end of file elsewhere).
    func readUntilClosed() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        done.signal()
    }

    func waitForEnd() -> Data {
        done.wait()
        return bytes
    }
}
