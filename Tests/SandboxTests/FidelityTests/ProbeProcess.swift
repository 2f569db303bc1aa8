import Foundation
import Sandbox

/// One file call the `FidelityProbe` executable makes on the real disk (see its `main.swift`).
enum ProbeStep: Sendable, CustomStringConvertible {
    case write(String, count: Int, salt: UInt8, WriteMode)
    case read(String)
    case remove(String)
    case list(String)
    case chmod(String, mode: Int)
    /// Write a new file until the disk is full.
    case fill(String)

    /// The step as the probe takes it on its command line.
    var description: String {
        switch self {
        case .write(let path, let count, let salt, let mode):
            return "\(mode == .atomic ? "atomic" : "write"):\(path):\(count):\(salt)"
        case .read(let path): return "read:\(path)"
        case .remove(let path): return "remove:\(path)"
        case .list(let path): return "list:\(path)"
        case .chmod(let path, let mode): return "chmod:\(path):\(String(mode, radix: 8))"
        case .fill(let path): return "fill:\(path)"
        }
    }

    /// The same call through a simulated file system (`chmod` and `fill` have none: faults stand in for them).
    var action: FileAction? {
        switch self {
        case .write(let path, let count, let salt, let mode): return .write(path, bytes(count, salt: salt), mode)
        case .read(let path): return .read(path)
        case .remove(let path): return .remove(path)
        case .list(let path): return .list(path)
        case .chmod, .fill: return nil
        }
    }
}

/// Runs the `FidelityProbe` executable, built next to this test bundle, in a fresh folder it may own.
enum ProbeProcess {
    struct CannotRun: Error, CustomStringConvertible {
        var description: String
    }

    static let executable: URL? = {
        let folders = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() } + [Bundle.main.bundleURL]
        return folders.map { $0.appendingPathComponent("FidelityProbe") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// What each step gave on the real disk, in order.
    static func run(_ steps: [ProbeStep], options: [String] = []) throws -> [Observation] {
        guard let executable else { throw CannotRun(description: "FidelityProbe is not built next to the tests") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-probe-\(UUID().uuidString)")
        try LiveFileSystem(root: root).createContainer()
        defer { try? FileManager.default.removeItem(at: root) }
        let process = Process()
        process.executableURL = executable
        process.arguments = options + [root.path] + steps.map(\.description)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CannotRun(description: text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { observation(String($0)) }
    }

    /// Whether the probe can set up with these options on this machine (its reason when not is in `run`'s error).
    static func works(_ options: [String]) -> Bool { (try? run([], options: options)) != nil }

    private static func observation(_ line: String) -> Observation {
        let (word, rest) =
            line.firstIndex(of: " ").map { (line[..<$0], String(line[line.index(after: $0)...])) }
            ?? (line[...], "")
        switch word {
        case "done": return .done
        case "threw": return .failed(rest)
        case "names": return .names(rest.isEmpty ? [] : rest.split(separator: ",").map(String.init))
        case "bytes":
            let digits = Array(rest.utf8)
            return .bytes(
                Data(
                    stride(from: 0, to: digits.count, by: 2).map {
                        UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0
                    }))
        default: return .text(line)
        }
    }
}
