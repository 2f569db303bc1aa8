import Foundation
import Sandbox
import Testing

/// The seam's text helpers behave as Foundation's own calls do on the real disk.
@Suite struct TextFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("text-\(UUID().uuidString)")

    @Test func readingAndWritingTextMatchesFoundation() throws {
        let live = LiveFileSystem(root: folder)
        try live.createContainer()
        defer { try? FileManager.default.removeItem(at: folder) }
        let world = SimulatedWorld()
        let simulated = world.launch().files
        for files in [live, simulated] as [any FileSystem] {
            let url = files.urls(for: .documents)[0].appendingPathComponent("notes.txt")
            try files.write("Ünïcode\nline 2", to: url, atomically: true, encoding: .utf8)
            #expect(try files.string(contentsOf: url, encoding: .utf8) == "Ünïcode\nline 2")
        }
        let realURL = folder.appendingPathComponent("Documents/notes.txt")
        #expect(try String(contentsOf: realURL, encoding: .utf8) == "Ünïcode\nline 2")
        #expect(world.fileData("Documents/notes.txt") == Data("Ünïcode\nline 2".utf8))
    }

    @Test func bytesThatAreNotTextThrowWhatFoundationThrows() throws {
        let live = LiveFileSystem(root: folder)
        try live.createContainer()
        defer { try? FileManager.default.removeItem(at: folder) }
        let realURL = folder.appendingPathComponent("Documents/bad.txt")
        try Data([0xFF, 0xFE, 0xC3]).write(to: realURL)
        let foundation = try #require(throws: CocoaError.self) { try String(contentsOf: realURL, encoding: .utf8) }
        let seam = try #require(throws: CocoaError.self) { try live.string(contentsOf: realURL, encoding: .utf8) }
        #expect(seam.code == foundation.code)
        let world = SimulatedWorld()
        world.putFile("Documents/bad.txt", Data([0xFF, 0xFE, 0xC3]))
        let files = world.launch().files
        let simulated = try #require(throws: CocoaError.self) {
            let url = files.urls(for: .documents)[0].appendingPathComponent("bad.txt")
            return try files.string(contentsOf: url, encoding: .utf8)
        }
        #expect(simulated.code == foundation.code)
    }

    @Test func textAnEncodingCannotHoldThrowsWhatFoundationThrows() throws {
        let live = LiveFileSystem(root: folder)
        try live.createContainer()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Documents/ascii.txt")
        let foundation = try #require(throws: CocoaError.self) {
            try "snow ☃".write(to: url, atomically: true, encoding: .ascii)
        }
        let seam = try #require(throws: CocoaError.self) {
            try live.write("snow ☃", to: url, atomically: true, encoding: .ascii)
        }
        #expect(seam.code == foundation.code)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
