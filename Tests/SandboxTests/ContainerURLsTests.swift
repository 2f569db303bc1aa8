import Foundation
import Testing

@testable import Sandbox

/// `relativePath` reads plain seam URLs from their text; every URL must resolve exactly as Foundation's
/// standardizing resolves it (`standardizedRelativePath`, the general way).
@Suite struct ContainerURLsTests {
    static let urls = ContainerURLs()
    static let root = "simulated://" + ContainerURLs.rootPath

    /// URLs as app code makes them, and as it could: dot segments, escapes, empty names, other schemes.
    static let cases: [URL] = {
        let documents = urls.url("Documents", isDirectory: true)
        var cases: [URL] = [
            urls.root, documents, urls.url("Library/Preferences/com.example.app.plist"),
            documents.appendingPathComponent("Checklists.plist"), documents.appending(path: "My File.plist"),
            documents.appendingPathComponent("../tmp/a.plist"), documents.appendingPathComponent("./a.plist"),
            documents.appendingPathComponent("sub/").appendingPathComponent(".."),
            documents.appendingPathComponent("héllo.plist"), documents.appendingPathComponent("a%2Fb"),
            URL(string: "a.plist", relativeTo: documents)!, URL(string: "../..", relativeTo: documents)!,
            URL(fileURLWithPath: ContainerURLs.rootPath + "/Documents/a.plist", isDirectory: false),
            URL(fileURLWithPath: "/var/mobile/a.plist", isDirectory: false),
        ]
        let texts = [
            root, root + "/", root + "//", root + "/.", root + "/..", root + "/../SIMULATED/Documents",
            root + "X/Documents", root + "/Documents?x=1", root + "/Documents#part", root + "/Documents;p",
            root + "/%44ocuments/a.plist", root + "/Documents/%2E%2E/tmp", root + "/Documents//a.plist",
            root + "/Documents/a.plist/", root + "/Documents/a.plist//", root + "/.../a", root + "/..a/b..",
            root + "/.dat.nosync1F", root + "/~a/b-c_d.e", root + "/a+b/c@d/e:f/g!h",
            "SIMULATED://" + ContainerURLs.rootPath + "/Documents", "simulated://host" + ContainerURLs.rootPath + "/a",
            "http://" + ContainerURLs.rootPath + "/a", "file://" + ContainerURLs.rootPath + "/Documents/../a",
            "file:///var/mobile/Containers/Data/Application/SIMULATEDX/a",
        ]
        cases += texts.compactMap { URL(string: $0) }
        // Every path of up to three names from a set with the awkward ones, with and without a trailing slash.
        let names = ["a", ".", "..", "", "b.plist", "%2E", "%2F", "c%20d", "~"]
        var paths = [""]
        for _ in 1...3 { paths += paths.flatMap { path in names.map { path + "/" + $0 } } }
        cases += Set(paths).sorted().flatMap { [URL(string: root + $0), URL(string: root + $0 + "/")] }
            .compactMap { $0 }
        return cases
    }()

    @Test("Every URL resolves as Foundation's standardizing resolves it")
    func sameAsStandardized() {
        #expect(Self.cases.count > 1000)
        let plain = Self.cases.filter { ContainerURLs.plainRelativePath($0) != nil }
        #expect(plain.count > 100, "the short way is compared on many URLs, not only on the long way's")
        for url in Self.cases {
            #expect(Self.urls.relativePath(url) == Self.urls.standardizedRelativePath(url), "\(url)")
        }
    }

    @Test("The seam's own URLs are read from their text, and resolve as before")
    func seamURLsTakeTheShortWay() {
        let expected: [(URL, String)] = [
            (Self.urls.root, ""),
            (Self.urls.url("Documents", isDirectory: true), "Documents"),
            (
                Self.urls.url("Documents", isDirectory: true).appendingPathComponent("Checklists.plist"),
                "Documents/Checklists.plist"
            ),
            (Self.urls.url("Library/Preferences/com.example.app.plist"), "Library/Preferences/com.example.app.plist"),
            (Self.urls.url("Documents/.dat.nosync3F2A"), "Documents/.dat.nosync3F2A"),
        ]
        for (url, path) in expected {
            #expect(ContainerURLs.plainRelativePath(url) == path, "\(url)")
            #expect(Self.urls.standardizedRelativePath(url) == path, "\(url)")
        }
    }
}

/// `url(of:)`, iOS 16's `URL.documentsDirectory`: the folder `urls(for:)` gives, never failing, and no operation.
@Suite struct ContainerFolderTests {
    @Test func theFolderCannotFailAndIsNoOperation() {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .urls, path: PathPattern("**"), fault: .noURL))
        let env = world.launch()
        let before = world.operationCount
        let folder = world.perform { env.files.url(of: .documents) }
        #expect(folder == world.containerURL.appendingPathComponent("Documents", isDirectory: true))
        #expect(world.operationCount == before)
        #expect(world.perform { env.files.urls(for: .documents) } == [])
        #expect(world.operations.dropFirst(before).map(\.kind) == [.urls])
    }

    @Test func theLiveFolderIsTheOneUrlsGives() throws {
        try withLiveContainer { files in
            #expect(files.urls(for: .caches) == [files.url(of: .caches)])
        }
    }
}
