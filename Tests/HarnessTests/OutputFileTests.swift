import Foundation
import Testing

@testable import Harness

/// The output writer's failure paths, each system call failed in turn through its seam: the file is whole (the
/// old text or the new), the error says the system's reason, and no temporary file is left.
@Suite struct OutputFileTests {
    /// The calls a write makes, and the one it fails.
    final class Script: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var made: [OutputCalls.Call] = []
        let failing: Int?

        init(failing: Int? = nil) { self.failing = failing }

        var calls: OutputCalls {
            OutputCalls { call in
                self.lock.withLock {
                    self.made.append(call)
                    return self.made.count - 1 == self.failing ? EIO : nil
                }
            }
        }
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-output-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
    }

    static func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".harness") }
    }

    /// A new file, and a 0640 file replaced: every call of the write failed in turn.
    @Test(arguments: [nil, 0o640] as [mode_t?])
    func everyFailingCallLeavesTheFileWholeAndNoTemporaryFile(existingMode: mode_t?) throws {
        func prepare(_ folder: URL) throws -> String {
            let path = folder.appendingPathComponent("out.txt").path
            if let existingMode {
                try "old".write(toFile: path, atomically: false, encoding: .utf8)
                #expect(chmod(path, existingMode) == 0)
            }
            return path
        }
        let twin = try Self.folder()
        defer { try? FileManager.default.removeItem(at: twin) }
        let succeeding = Script()
        var file = OutputFile(try prepare(twin), for: "--junit")
        file.calls = succeeding.calls
        try file.write("new")
        #expect(succeeding.made.contains(.rename) && succeeding.made.contains(.fsync))
        for index in succeeding.made.indices {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = try prepare(folder)
            let script = Script(failing: index)
            file = OutputFile(path, for: "--junit")
            file.calls = script.calls
            let failed = succeeding.made[index]
            let written = Result { () throws(OutputError) in try file.write("new") }
            let contents = try? String(contentsOfFile: path, encoding: .utf8)
            switch written {
            case .success:
                // Only the owner and the listing of leftovers may fail without failing the write.
                #expect([.fchown, .listFolder].contains(failed), "\(failed) failed, yet the write succeeded")
                #expect(contents == "new")
            case .failure(let error):
                #expect(error.whileWriting)
                #expect(error.description.hasPrefix("cannot write '--junit' file '\(path)': Input/output error"))
                #expect(contents == (existingMode == nil ? nil : "old"), "after \(failed) failed")
            }
            #expect(try Self.leftovers(in: folder) == [], "after \(failed) failed")
            if let existingMode, FileManager.default.fileExists(atPath: path) {
                var info = stat()
                #expect(stat(path, &info) == 0 && mode_t(info.st_mode) & 0o7777 == existingMode)
            }
        }
    }

    @Test func theTemporaryFilesOfHarnessesThatAreGoneAreRemovedAndNoOtherFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "exit 0"]
        try ended.run()
        ended.waitUntilExit()
        let gone = ".harness-output-\(ended.processIdentifier)-1"
        // Process 1 never ends; the other names are not the writer's.
        let kept = [".harness-output-1-1", ".harness-output-x-1", "harness-output-\(ended.processIdentifier)-1"]
        for name in [gone] + kept {
            try "partial".write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        try OutputFile(folder.appendingPathComponent("out.txt").path, for: "-o").write("new")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == (kept + ["out.txt"]).sorted())
    }
}
