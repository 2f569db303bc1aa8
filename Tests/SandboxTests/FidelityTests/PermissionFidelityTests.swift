import Foundation
import Sandbox
import Testing

/// Permission errors against the real disk, as a user file permissions apply to: the probe
/// runs as `nobody` when the tests run as root (root ignores permissions).
@Suite struct PermissionFidelityTests {
    @Test(
        "An unreadable file and a read-only folder throw EACCES on both",
        .enabled(if: ProbeProcess.works(["--unprivileged"]), "cannot become an unprivileged user on this machine"))
    func permissionDenied() throws {
        let live = try ProbeProcess.run(
            [
                .write("Documents/a.plist", count: 5, salt: 0, .plain),
                .chmod("Documents/a.plist", mode: 0),
                .read("Documents/a.plist"),
                .write("Documents/a.plist", count: 3, salt: 0, .plain),
                .chmod("Documents/a.plist", mode: 0o644),
                .chmod("Documents", mode: 0o555),
                .write("Documents/b", count: 3, salt: 0, .atomic),
                .remove("Documents/a.plist"),
                .chmod("Documents", mode: 0),
                .list("Documents"),
                .chmod("Documents", mode: 0o755),
                .read("Documents/a.plist"),
            ], options: ["--unprivileged"])

        let world = SimulatedWorld()
        world.putFile("Documents/a.plist", bytes(5))
        for kind in [OperationKind.read, .write, .remove, .list] {
            world.arm(
                FaultRule(
                    kind: kind, path: PathPattern("Documents**"), occurrence: .every,
                    fault: .permissionDenied))
        }
        let files = world.launch().files
        let calls: [ProbeStep] = [
            .read("Documents/a.plist"), .write("Documents/a.plist", count: 3, salt: 0, .plain),
            .write("Documents/b", count: 3, salt: 0, .atomic), .remove("Documents/a.plist"),
            .list("Documents"),
        ]
        let simulated = calls.compactMap(\.action).map { observe($0, on: files, root: world.containerURL) }

        let (readDenied, writeDenied) = (
            Observation.failed("NSCocoaErrorDomain 257 (EACCES)"),
            Observation.failed("NSCocoaErrorDomain 513 (EACCES)")
        )
        let expected = [readDenied, writeDenied, writeDenied, writeDenied, readDenied]
        #expect([live[2], live[3], live[6], live[7], live[9]] == expected)
        #expect(simulated == expected)
        // Neither the refused overwrite nor the refused removal touched the file.
        #expect(live[11] == .bytes(bytes(5)))
        #expect(world.fileData("Documents/a.plist") == bytes(5))
    }
}
