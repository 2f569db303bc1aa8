import Foundation
import Harness
import HarnessTesting
import Testing

/// `harness import`: a user's container or files become a scenario that reproduces what the app showed.
@Suite struct ImportTests {
    static let day = Date(timeIntervalSince1970: 1_772_265_600)  // 2026-02-28 08:00 UTC

    /// HIITFit's history as the app writes it: a binary property list.
    static let history = try! PropertyListSerialization.data(
        fromPropertyList: [["5D1A1F3E-8C1B-4E8A-9F00-000000000001", day, ["Squat", "Burpee"]]] as [Any],
        format: .binary, options: 0)

    static let preferences = try! PropertyListSerialization.data(
        fromPropertyList: [
            "ratings": "4030", "selectedTab": 2, "note": "two  spaces",
            "layout": ["columns": 2],
        ] as [String: Any],
        format: .binary, options: 0)

    /// A container folder under `root`: Documents/history.plist and HIITFit's preferences.
    static func container(at root: URL, extra: [String: Data] = [:]) throws -> URL {
        let files = ["Documents/history.plist": history, "Library/Preferences/com.example.HIITFit.plist": preferences]
        for (path, data) in files.merging(extra, uniquingKeysWith: { $1 }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    static func importing(_ arguments: [String]) throws -> ExecutableRun {
        try CommandLineTests.harness(["import"] + arguments)
    }

    @Test func aContainerBecomesAScenarioThatPassesAndShowsTheSameState() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = try Self.container(at: folder.appendingPathComponent("container"))
        let output = folder.appendingPathComponent("imported.scenario")
        let result = try Self.importing([root.path, "-o", output.path])
        #expect(result.status == 0, "\(result.errors)")
        let text = try String(contentsOf: output, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        for expected in [
            "app hiitfit", "file Documents/history.plist", "defaults set note string \"two  spaces\"",
            "defaults set ratings string 4030", "defaults set selectedTab int 2", "launch",
            "expect history days 1", "expect history 2026-02-28: Squat, Burpee", "expect ratings 4030",
            "expect tab 2", "-- Documents/history.plist (xml) --",
        ] {
            #expect(lines.contains(expected), "missing '\(expected)' in:\n\(text)")
        }
        // Faithful: the fixture is the file's own bytes, and the dictionary value went through a plist fixture.
        let scenario = try ScenarioParser.parse(text, file: output.path, plugins: Corpus.plugins)
        #expect(scenario.fixture(named: "Documents/history.plist")?.data == Self.history)
        #expect(lines.contains { $0.hasPrefix("defaults set layout plist ") })
        let run = try CommandLineTests.harness(["run", "--edition", "hardened", output.path])
        #expect(run.status == 0, "\(run.output)")
    }

    @Test func anXcappdataPackageImportsItsAppDataAndSkipsThePackagesOwnFiles() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try Self.container(at: folder.appendingPathComponent("plain"))
        let package = folder.appendingPathComponent("HIITFit.xcappdata")
        _ = try Self.container(at: package.appendingPathComponent("AppData"))
        try Data("<plist/>".utf8).write(to: package.appendingPathComponent("AppDataInfo.plist"))
        let metadata = "AppData/.com.apple.mobile_container_manager.metadata.plist"
        try Data().write(to: package.appendingPathComponent(metadata))
        let fromPackage = try Self.importing([package.path])
        let fromFolder = try Self.importing([plain.path])
        #expect(fromPackage.status == 0, "\(fromPackage.errors)")
        // The same scenario but for the first line, which names what was imported.
        let packageLines = fromPackage.output.split(separator: "\n").dropFirst()
        #expect(packageLines == fromFolder.output.split(separator: "\n").dropFirst())
        #expect(!fromPackage.output.contains("AppDataInfo"))
    }

    @Test func eachFileGetsTheMostReadableEncodingThatGivesBackItsBytes() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = Data(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"
                + "<string>hi</string>\n</plist>\n").utf8)
        let files = [
            "Documents/notes.txt": Data("first line\nsecond line\n".utf8),
            "Documents/raw.bin": Data([0, 1, 2, 255, 254]), "Documents/list.plist": xml,
            "Documents/no-newline.txt": Data("no newline".utf8),
        ]
        let root = try Self.container(at: folder.appendingPathComponent("c"), extra: files)
        let result = try Self.importing([root.path])
        #expect(result.status == 0, "\(result.errors)")
        for header in [
            "-- Documents/notes.txt (text) --", "-- Documents/raw.bin (base64) --",
            "-- Documents/list.plist (xml-text) --", "-- Documents/no-newline.txt (base64) --",
        ] {
            #expect(result.output.contains(header + "\n"), "missing '\(header)'")
        }
        let scenario = try ScenarioParser.parse(result.output, file: "x.scenario", plugins: Corpus.plugins)
        for (path, data) in files { #expect(scenario.fixture(named: path)?.data == data, "\(path)") }
    }

    @Test func singleFilesArePlacedByNameOnceTheAppIsKnown() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = folder.appendingPathComponent("history.plist")
        try Self.history.write(to: history)
        let withoutApp = try Self.importing([history.path])
        #expect(withoutApp.status == 2)
        #expect(
            withoutApp.errors == "harness: no preferences file names the bundle identifier of an app: pass "
                + "'--app NAME' (apps: hiitfit (com.example.HIITFit), checklists (com.example.Checklists), "
                + "namestofaces (com.example.NamesToFaces))\n")
        let withApp = try Self.importing([history.path, "--app", "hiitfit"])
        #expect(withApp.status == 0, "\(withApp.errors)")
        #expect(withApp.output.contains("file Documents/history.plist\nlaunch\nexpect history days 1\n"))
        let preferences = folder.appendingPathComponent("com.example.HIITFit.plist")
        try Self.preferences.write(to: preferences)
        let both = try Self.importing([history.path, preferences.path])
        #expect(both.status == 0, "\(both.errors)")
        #expect(both.output.contains("expect ratings 4030\n"))
    }

    /// Each odd input, and the one line it gets.
    @Test func oddInputsGetAClearMessageAndStatusTwo() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let empty = folder.appendingPathComponent("empty")
        try manager.createDirectory(at: empty, withIntermediateDirectories: true)
        let linked = try Self.container(at: folder.appendingPathComponent("linked"))
        try manager.createSymbolicLink(
            atPath: linked.appendingPathComponent("Documents/outside").path,
            withDestinationPath: "/etc/hostname")
        let huge = try Self.container(
            at: folder.appendingPathComponent("huge"),
            extra: ["Documents/huge.bin": Data(count: (1 << 20) + 1)])
        let spaced = try Self.container(
            at: folder.appendingPathComponent("spaced"),
            extra: ["Documents/my notes.txt": Data("x\n".utf8)])
        let plain = try Self.container(at: folder.appendingPathComponent("c"))
        let pipe = folder.appendingPathComponent("pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        let cases: [([String], String)] = [
            ([empty.path], "harness: '\(empty.path)': no files to import (an empty folder)"),
            (
                [linked.path],
                "harness: '\(linked.path)/Documents/outside' is a symbolic link: import reads only "
                    + "the files themselves, never a link"
            ),
            (
                [huge.path],
                "harness: '\(huge.path)/Documents/huge.bin' is 1048577 bytes, past the limit of "
                    + "1048576 bytes (1 MiB) for an imported file"
            ),
            (
                [spaced.path],
                "harness: '\(spaced.path)/Documents/my notes.txt' cannot be a scenario path "
                    + "('Documents/my notes.txt'): a scenario path is one word with no quote or '#'"
            ),
            ([pipe.path], "harness: '\(pipe.path)' is not a regular file (a device, pipe or socket)"),
            (
                [folder.appendingPathComponent("missing").path],
                "harness: cannot read '\(folder.path)/missing': no such file"
            ),
            (
                [plain.path, "--app", "notes"],
                "harness: unknown app 'notes' for '--app' (apps: hiitfit (com.example.HIITFit), checklists "
                    + "(com.example.Checklists), namestofaces (com.example.NamesToFaces))"
            ),
            ([], "harness: 'import' needs a container folder or files to import; see 'harness --help'"),
        ]
        for (arguments, message) in cases {
            let result = try Self.importing(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors == message + "\n")
            #expect(result.output.isEmpty)
        }
    }

    /// A name that is not UTF-8 cannot be named in a scenario: said so, with its bytes, not "no such file".
    @Test func aFileNameThatIsNotUTF8IsSaidToBeOne() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = try Self.container(at: folder.appendingPathComponent("c"))
        let path = Array(root.path.utf8) + Array("/Documents/caf".utf8) + [0xE9] + Array(".plist\0".utf8)
        let descriptor = path.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer {
            open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let inFolder = try Self.importing([root.path])
        #expect(inFolder.status == 2)
        #expect(
            inFolder.errors == "harness: cannot import '\(root.path)/Documents/caf\\xE9.plist': its name is not UTF-8 "
                + "text (byte 0xE9), and a scenario names each file in UTF-8\n")
        // Given on the command line, through a shell that passes its bytes as they are.
        let given = try ExecutableRun(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "exec \"$0\" import \"$(printf \"$1\")\"", Corpus.harness.path, "caf\\351.plist"],
            in: folder)
        #expect(given.status == 2)
        #expect(
            given.errors == "harness: the word 'caf\\xE9.plist' is not UTF-8 text (byte 0xE9), which every path and "
                + "value must be\n")
    }
}
