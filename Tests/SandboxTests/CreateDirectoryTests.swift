import Foundation
import Sandbox
import Testing

/// `createDirectory(at:withIntermediateDirectories:)`: the simulated phone answers as Foundation does on disk,
/// and its faults apply.
@Suite struct CreateDirectoryTests {
    /// Each call, in order, on a container whose Documents holds the file `f`: what each returns or throws.
    static let calls: [(path: String, intermediates: Bool)] = [
        ("people", false), ("people", false), ("people", true), ("a/b", false), ("a/b", true), ("f", true),
        ("f/x", true),
    ]

    static func outcomes(_ files: any FileSystem) throws -> [String] {
        let documents = try #require(files.urls(for: .documents).first)
        try files.write(Data("x".utf8), to: documents.appendingPathComponent("f"), mode: .atomic)
        var outcomes = calls.map { call in
            thrownSummary {
                try files.createDirectory(
                    at: documents.appendingPathComponent(call.path), withIntermediateDirectories: call.intermediates)
            } ?? "ok"
        }
        try files.write(Data("y".utf8), to: documents.appendingPathComponent("a/b/c"), mode: .atomic)
        outcomes.append(try files.contentsOfDirectory(at: documents.appendingPathComponent("a/b")).joined())
        return outcomes
    }

    @Test func theSimulatedPhoneAnswersAsTheDiskDoes() throws {
        let live = try withLiveContainer { try Self.outcomes($0) }
        let world = SimulatedWorld()
        let env = world.launch()
        let simulated = try #require(world.perform { try? Self.outcomes(env.files) })
        #expect(simulated == live)
        #expect(live[0] == "ok" && live[2] == "ok" && live[4] == "ok" && live.last == "c")
        #expect(live[1] != "ok" && live[3] != "ok" && live[5] != "ok" && live[6] != "ok")
    }

    @Test(arguments: [Fault.ioError, .permissionDenied, .diskFull])
    func aFaultFailsTheCallAndMakesNoFolder(fault: Fault) throws {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .mkdir, path: PathPattern("Documents/people"), fault: fault))
        let env = world.launch()
        let people = world.fileURL("Documents/people")
        let thrown = world.perform {
            thrownSummary { try env.files.createDirectory(at: people, withIntermediateDirectories: true) }
        }
        #expect(thrown != nil && thrown! != nil)
        #expect(world.operations.last?.kind == .mkdir)
        #expect(world.operations.last?.result.contains("fault") == true)
        let again = world.perform {
            thrownSummary { try env.files.createDirectory(at: people, withIntermediateDirectories: false) }
        }
        #expect(again == .some(nil), "the folder was not made, so making it again succeeds")
    }
}
