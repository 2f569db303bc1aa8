import Foundation
import Sandbox
import Testing

/// One call and what it must give, on the real disk and in the simulated world alike.
struct Step: Sendable {
    var action: FileAction
    var expected: Observation
}

/// A named sequence of calls run against both file systems.
struct FidelityCase: Sendable, CustomTestStringConvertible {
    var name: String
    var steps: [Step]
    var testDescription: String { name }

    init(_ name: String, _ steps: [Step]) {
        self.name = name
        self.steps = steps
    }
}

extension Step {
    static func write(_ path: String, _ data: Data, _ mode: WriteMode, _ expected: Observation = .done) -> Step {
        Step(action: .write(path, data, mode), expected: expected)
    }
    static func read(_ path: String, _ expected: Observation) -> Step { Step(action: .read(path), expected: expected) }
    static func decode(_ path: String, _ expected: PlistValue) -> Step {
        Step(action: .decode(path), expected: .plist(expected))
    }
    static func remove(_ path: String, _ expected: Observation = .done) -> Step {
        Step(action: .remove(path), expected: expected)
    }
    static func exists(_ path: String, _ expected: Bool) -> Step {
        Step(action: .exists(path), expected: .exists(expected))
    }
    static func list(_ path: String, _ expected: Observation) -> Step { Step(action: .list(path), expected: expected) }
    static func list(_ path: String, _ names: [String]) -> Step { Step(action: .list(path), expected: .names(names)) }
    static func folder(_ directory: ContainerDirectory) -> Step {
        Step(action: .folder(directory), expected: .text(directory.rawValue + " is a folder"))
    }
}

private let sample: PlistValue = .array([
    .string("Squat"), .integer(3), .real(2.5), .bool(true), .bool(false),
    .date(Date(timeIntervalSinceReferenceDate: 794_000_000)), .data(Data([0, 1, 254, 255])),
    .dictionary(["exercises": .array([.string("Burpee"), .string("Sun Salute")]), "empty": .array([])]),
])
private let entries = [Entry(text: "Walk the dog", checked: true), Entry(text: "Brush teeth", checked: false)]

private func plist(_ value: PlistValue, _ format: PropertyListSerialization.PropertyListFormat) -> Data {
    try! PropertyListSerialization.data(fromPropertyList: value.object, format: format, options: 0)
}

// Encoded once: two encodings of one dictionary may order its keys differently (per-instance hash seeds).
private let binarySample = plist(sample, .binary)
private let xmlSample = plist(sample, .xml)

private func encoded(_ format: PropertyListSerialization.PropertyListFormat) -> Data {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format
    return try! encoder.encode(entries)
}

let fidelityCases: [FidelityCase] = [
    FidelityCase(
        "read a missing file",
        [
            .read("Documents/history.plist", .failed("NSCocoaErrorDomain 260 (ENOENT)"))
        ]),
    FidelityCase(
        "read a folder",
        [
            .read("Documents", .failed("NSCocoaErrorDomain 256 (EISDIR)"))
        ]),
    FidelityCase(
        "read through a missing folder",
        [
            .read("Documents/old/history.plist", .failed("NSCocoaErrorDomain 260 (ENOENT)"))
        ]),
    FidelityCase(
        "plain write into a missing folder",
        [
            .write("Documents/new/history.plist", bytes(10), .plain, .failed("NSCocoaErrorDomain 4 (ENOENT)")),
            .exists("Documents/new", false),
        ]),
    FidelityCase(
        "atomic write into a missing folder",
        [
            .write("Documents/new/history.plist", bytes(10), .atomic, .failed("NSCocoaErrorDomain 4 (ENOENT)")),
            .list("Documents", []),
        ]),
    FidelityCase(
        "plain write over an existing file",
        [
            .write("Documents/a.plist", bytes(300, salt: 1), .plain),
            .write("Documents/a.plist", bytes(20, salt: 2), .plain),
            .read("Documents/a.plist", .bytes(bytes(20, salt: 2))),
            .list("Documents", ["a.plist"]),
        ]),
    FidelityCase(
        "atomic write over an existing file",
        [
            .write("Documents/a.plist", bytes(300, salt: 1), .atomic),
            .write("Documents/a.plist", bytes(20, salt: 2), .atomic),
            .read("Documents/a.plist", .bytes(bytes(20, salt: 2))),
            .list("Documents", ["a.plist"]),
        ]),
    FidelityCase(
        "plain write onto a folder",
        [
            .write("Library/Caches", bytes(10), .plain, .failed("NSCocoaErrorDomain 512 (EISDIR)")),
            .list("Library/Caches", []),
        ]),
    FidelityCase(
        "atomic write onto a folder",
        [
            .write("Library/Caches", bytes(10), .atomic, .failed("NSCocoaErrorDomain 512 (EISDIR)")),
            .list("Library", ["Caches", "Preferences"]),
        ]),
    FidelityCase(
        "plain write through a file component",
        [
            .write("Documents/a", bytes(5), .plain),
            .write("Documents/a/b.plist", bytes(5), .plain, .failed("NSCocoaErrorDomain 512 (ENOTDIR)")),
            .read("Documents/a", .bytes(bytes(5))),
        ]),
    FidelityCase(
        "atomic write through a file component",
        [
            .write("Documents/a", bytes(5), .plain),
            .write("Documents/a/b.plist", bytes(5), .atomic, .failed("NSCocoaErrorDomain 4 (ENOENT)")),
            .list("Documents", ["a"]),
        ]),
    FidelityCase(
        "remove a missing file",
        [
            .remove("Documents/history.plist", .failed("NSCocoaErrorDomain 4 (ENOENT)"))
        ]),
    FidelityCase(
        "remove through a file component",
        [
            .write("Documents/a", bytes(5), .plain),
            .remove("Documents/a/b", .failed("NSCocoaErrorDomain 512 (ENOTDIR)")),
            .exists("Documents/a", true),
        ]),
    FidelityCase(
        "remove a file, then read it",
        [
            .write("Documents/a.jpg", bytes(64), .plain),
            .remove("Documents/a.jpg"),
            .exists("Documents/a.jpg", false),
            .read("Documents/a.jpg", .failed("NSCocoaErrorDomain 260 (ENOENT)")),
        ]),
    FidelityCase(
        "remove a folder with contents",
        [
            .write("Library/Caches/a", bytes(5), .plain),
            .write("Library/Caches/b", bytes(6), .atomic),
            .remove("Library/Caches"),
            .exists("Library/Caches", false),
            .exists("Library/Caches/a", false),
            .list("Library", ["Preferences"]),
        ]),
    FidelityCase(
        "list a folder, sorted",
        [
            .write("Documents/c.plist", bytes(1), .plain),
            .write("Documents/a.jpg", bytes(2), .atomic),
            .write("Documents/B.txt", bytes(3), .plain),
            .list("Documents", ["B.txt", "a.jpg", "c.plist"]),
            .list("", ["Documents", "Library", "tmp"]),
        ]),
    FidelityCase(
        "list a missing folder",
        [
            .list("Documents/Inbox", .failed("NSCocoaErrorDomain 260 (ENOENT)"))
        ]),
    FidelityCase(
        "list a file",
        [
            .write("Documents/a.plist", bytes(5), .plain),
            .list("Documents/a.plist", .failed("NSCocoaErrorDomain 256 (ENOTDIR)")),
        ]),
    FidelityCase(
        "list through a file component",
        [
            .write("Documents/a", bytes(5), .plain),
            .list("Documents/a/b", .failed("NSCocoaErrorDomain 256 (ENOTDIR)")),
        ]),
    FidelityCase(
        "read through a file component",
        [
            .write("Documents/a", bytes(5), .plain),
            .read("Documents/a/b.plist", .failed("NSCocoaErrorDomain 256 (ENOTDIR)")),
        ]),
    FidelityCase(
        "exists for a file, a folder and a missing path",
        [
            .write("Documents/a.plist", bytes(5), .plain),
            .exists("Documents/a.plist", true),
            .exists("Documents", true),
            .exists("Library/Caches", true),
            .exists("Documents/b.plist", false),
            .exists("Documents/a.plist/b", false),
        ]),
    FidelityCase(
        "binary plist round trip (PropertyListSerialization)",
        [
            .write("Documents/history.plist", binarySample, .atomic),
            .read("Documents/history.plist", .bytes(binarySample)),
            .decode("Documents/history.plist", sample),
        ]),
    FidelityCase(
        "XML plist round trip (PropertyListSerialization)",
        [
            .write("Documents/history.plist", xmlSample, .plain),
            .read("Documents/history.plist", .bytes(xmlSample)),
            .decode("Documents/history.plist", sample),
        ]),
    FidelityCase(
        "binary PropertyListEncoder round trip",
        [
            .write("Documents/Checklists.plist", encoded(.binary), .atomic),
            Step(action: .decodeEntries("Documents/Checklists.plist"), expected: .entries(entries)),
        ]),
    FidelityCase(
        "XML PropertyListEncoder round trip",
        [
            .write("Documents/Checklists.plist", encoded(.xml), .atomic),
            Step(action: .decodeEntries("Documents/Checklists.plist"), expected: .entries(entries)),
        ]),
    FidelityCase(
        "empty file",
        [
            .write("Documents/empty", Data(), .atomic),
            .exists("Documents/empty", true),
            .read("Documents/empty", .bytes(Data())),
            Step(action: .decode("Documents/empty"), expected: .failed("NSCocoaErrorDomain 3840")),
            .list("Documents", ["empty"]),
        ]),
    FidelityCase(
        "1 MB file, plain and atomic",
        [
            .write("Documents/big.bin", bytes(1 << 20, salt: 7), .plain),
            .read("Documents/big.bin", .bytes(bytes(1 << 20, salt: 7))),
            .write("Documents/big.bin", bytes(1 << 20, salt: 9), .atomic),
            .read("Documents/big.bin", .bytes(bytes(1 << 20, salt: 9))),
            .list("Documents", ["big.bin"]),
        ]),
    FidelityCase("urls(for: .documents)", [.folder(.documents), .list("Documents", [])]),
    FidelityCase("urls(for: .library)", [.folder(.library), .list("Library", ["Caches", "Preferences"])]),
    FidelityCase("urls(for: .caches)", [.folder(.caches), .list("Library/Caches", [])]),
    FidelityCase("urls(for: .temporary)", [.folder(.temporary), .list("tmp", [])]),
    FidelityCase(
        "write and read in every container folder",
        [
            .write("tmp/upload", bytes(3), .atomic),
            .write("Library/Caches/thumb", bytes(4), .plain),
            .write(
                "Library/Preferences/com.example.app.plist", plist(.dictionary(["ratings": .string("0000")]), .binary),
                .atomic),
            .read("tmp/upload", .bytes(bytes(3))),
            .read("Library/Caches/thumb", .bytes(bytes(4))),
            .decode("Library/Preferences/com.example.app.plist", .dictionary(["ratings": .string("0000")])),
        ]),
]

@Suite struct FidelityTests {
    @Test("The simulated file system answers as the real one", arguments: fidelityCases)
    func pairedRun(_ fidelityCase: FidelityCase) throws {
        let live = try withLiveContainer { files in
            fidelityCase.steps.map { observe($0.action, on: files, root: files.root) }
        }
        let world = SimulatedWorld()
        let env = world.launch()
        let simulated = fidelityCase.steps.map { observe($0.action, on: env.files, root: world.containerURL) }

        for (index, step) in fidelityCase.steps.enumerated() {
            #expect(live[index] == step.expected, "real disk, step \(index + 1): \(step.action)")
            #expect(simulated[index] == step.expected, "simulated, step \(index + 1): \(step.action)")
            #expect(simulated[index] == live[index], "step \(index + 1): \(step.action)")
        }
    }
}
