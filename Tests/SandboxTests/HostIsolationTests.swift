import Foundation
import Sandbox
import Testing

/// The simulated file system's URLs keep every Foundation call app code makes on them off the
/// host's disk (`Tests/ScenarioTests/HostIsolationTests` watches a corpus run with strace).
@Suite struct HostIsolationTests {
    /// What ported app code does with a folder URL from the seam, each way giving `Documents/history.plist`.
    static let derivations: [(name: String, derive: @Sendable (URL) -> URL)] = [
        ("appendingPathComponent", { $0.appendingPathComponent("history.plist") }),
        ("appendingPathComponent(isDirectory:)", { $0.appendingPathComponent("history.plist", isDirectory: false) }),
        ("appending(path:)", { $0.appending(path: "history.plist") }),
        ("appending(component:)", { $0.appending(component: "history.plist") }),
        ("through a subfolder and ..", { $0.appendingPathComponent("old").appendingPathComponent("../history.plist") }),
        (
            "a sibling of a file",
            {
                $0.appendingPathComponent("other.plist").deletingLastPathComponent().appendingPathComponent(
                    "history.plist")
            }
        ),
        ("resolvingSymlinksInPath", { $0.appendingPathComponent("history.plist").resolvingSymlinksInPath() }),
        ("standardizedFileURL", { $0.appendingPathComponent("./history.plist").standardizedFileURL }),
        ("absoluteURL", { URL(string: "history.plist", relativeTo: $0)!.absoluteURL }),
    ]

    @Test("The seam's URLs are not file URLs, so Foundation never asks the host about them")
    func seamURLsAreNotFileURLs() throws {
        let world = SimulatedWorld()
        let files = world.launch().files
        for directory in ContainerDirectory.allCases {
            let folder = try #require(files.urls(for: directory).first)
            #expect(!folder.isFileURL, "\(directory): \(folder)")
            #expect(folder.hasDirectoryPath, "a folder URL ends with / as on the real disk: \(folder)")
            #expect(folder.path == "/var/mobile/Containers/Data/Application/SIMULATED/" + directory.rawValue)
        }
        #expect(!world.containerURL.isFileURL)
    }

    @Test("Every way app code derives a file URL keeps it off the host and finds the same file")
    func derivedURLsStaySimulated() throws {
        let world = SimulatedWorld()
        let files = world.launch().files
        let documents = try #require(files.urls(for: .documents).first)
        try files.write(bytes(12), to: documents.appendingPathComponent("history.plist"), mode: .atomic)
        for (name, derive) in Self.derivations {
            let url = derive(documents)
            #expect(!url.isFileURL, "\(name): \(url)")
            #expect(url.lastPathComponent == "history.plist", "\(name)")
            #expect(url.standardized.path == documents.path + "/history.plist", "\(name)")
            #expect(files.fileExists(at: url), "\(name)")
            #expect(try files.contents(of: url) == bytes(12), "\(name)")
        }
        #expect(documents.appendingPathComponent("a.plist") == documents.appending(path: "a.plist"))
    }

    @Test("Foundation's own file calls refuse the seam's URLs instead of reaching the host")
    func foundationRefusesSeamURLs() throws {
        let world = SimulatedWorld()
        let documents = try #require(world.launch().files.urls(for: .documents).first)
        let file = documents.appendingPathComponent("history.plist")
        #expect(thrownSummary { _ = try Data(contentsOf: file) } == "NSCocoaErrorDomain 262")
        #expect(thrownSummary { try bytes(3).write(to: file) } == "NSCocoaErrorDomain 518")
        #expect(thrownSummary { try bytes(3).write(to: file, options: .atomic) } == "NSCocoaErrorDomain 518")
    }

    @Test("A file URL of a path inside the container reaches the same simulated file")
    func fileURLOfAContainerPathIsAccepted() throws {
        let world = SimulatedWorld()
        world.putFile("Documents/a.plist", bytes(4))
        let files = world.launch().files
        let documents = try #require(files.urls(for: .documents).first)
        let rebuilt = URL(fileURLWithPath: documents.path + "/a.plist", isDirectory: false)
        #expect(try files.contents(of: rebuilt) == bytes(4))
        #expect(
            thrownSummary { _ = try files.contents(of: URL(string: "https://example.com/a.plist")!) }
                == "NSCocoaErrorDomain 257 (EACCES)")
    }
}
