import Foundation
import Sandbox
import Testing

/// A full disk and a failing device, against real ones: a small tmpfs filled up (in a mount
/// namespace of the probe's own, so nothing outside it sees the mount), `/dev/full`, and
/// `/proc/self/mem` (whose first page is never mapped, so reading or writing it is EIO).
@Suite struct DiskFaultFidelityTests {
    /// On a real full disk: a plain write over a file lands what fits in the 4 KB block that
    /// truncating the file gave back, and throws 640; a new file stays empty; an atomic write
    /// leaves the old file and no temporary file; a plain write that fits in the freed block succeeds.
    static let diskFull = Observation.failed("NSCocoaErrorDomain 640 (ENOSPC)")
    static let fullDisk: [(step: ProbeStep, expected: Observation)] = [
        (.write("Documents/a.plist", count: 300, salt: 1, .plain), .done),
        (.fill("Documents/filler"), .done),
        (.write("Documents/a.plist", count: 10_000, salt: 2, .plain), diskFull),
        (.read("Documents/a.plist"), .bytes(bytes(10_000, salt: 2).prefix(4096))),
        (.write("Documents/new.plist", count: 10_000, salt: 2, .plain), diskFull),
        (.read("Documents/new.plist"), .bytes(Data())),
        (.write("Documents/a.plist", count: 10, salt: 3, .atomic), diskFull),
        (.read("Documents/a.plist"), .bytes(bytes(10_000, salt: 2).prefix(4096))),
        (.write("Documents/a.plist", count: 300, salt: 4, .plain), .done),
        (.read("Documents/a.plist"), .bytes(bytes(300, salt: 4))),
        (.write("Documents/a.plist", count: 5000, salt: 5, .plain), diskFull),
        (.read("Documents/a.plist"), .bytes(bytes(5000, salt: 5).prefix(4096))),
        (.list("Documents"), .names(["a.plist", "filler", "new.plist"])),
    ]

    @Test(
        "A full disk keeps what fits and throws 640, on a real tmpfs and in the simulated world",
        .enabled(if: ProbeProcess.works(["--tmpfs", "64k"]), "cannot mount a private tmpfs (Linux, CAP_SYS_ADMIN)"))
    func fullDiskKeepsWhatFits() throws {
        let live = try ProbeProcess.run(Self.fullDisk.map(\.step), options: ["--tmpfs", "64k"])

        let world = SimulatedWorld()
        let files = world.launch().files
        let simulated = Self.fullDisk.map { step, _ -> Observation in
            guard case .fill(let path) = step else {
                return step.action.map { observe($0, on: files, root: world.containerURL) } ?? .text("no call")
            }
            // Filling the disk is a file, then a disk-full fault on every write from then on.
            let filled = observe(.write(path, bytes(1), .plain), on: files, root: world.containerURL)
            world.arm(FaultRule(kind: .write, path: PathPattern("**"), occurrence: .every, fault: .diskFull))
            return filled
        }

        for (index, (step, expected)) in Self.fullDisk.enumerated() {
            #expect(live[index] == expected, "real tmpfs, step \(index + 1): \(step)")
            #expect(simulated[index] == expected, "simulated, step \(index + 1): \(step)")
        }
    }

    /// A call on a real device that fails, and the simulated fault that stands for it on a container file.
    static let devices: [(name: String, real: ProbeStep, fault: Fault, simulated: ProbeStep, expected: String)] = [
        (
            "a plain write to a full device (/dev/full)", .write("/dev/full", count: 10_000, salt: 0, .plain),
            .diskFull,
            .write("Documents/new.plist", count: 10_000, salt: 0, .plain), "NSCocoaErrorDomain 640 (ENOSPC)"
        ),
        (
            "a read from a device that fails (/proc/self/mem)", .read("/proc/self/mem"), .ioError,
            .read("Documents/a.plist"), "NSCocoaErrorDomain 256 (EIO)"
        ),
        (
            "a plain write to a device that fails (/proc/self/mem)",
            .write("/proc/self/mem", count: 10, salt: 0, .plain),
            .ioError, .write("Documents/a.plist", count: 10, salt: 0, .plain), "NSCocoaErrorDomain 512 (EIO)"
        ),
    ]

    @Test(
        "A failing device throws what the simulated fault throws",
        .enabled(
            if: ["/dev/full", "/proc/self/mem"].allSatisfy(FileManager.default.fileExists),
            "needs /dev/full and /proc/self/mem (Linux)"),
        arguments: devices.indices)
    func failingDevice(_ index: Int) throws {
        let device = Self.devices[index]
        let live = try ProbeProcess.run([device.real])

        let world = SimulatedWorld()
        world.putFile("Documents/a.plist", bytes(300))
        let kind: OperationKind = if case .read = device.simulated { .read } else { .write }
        world.arm(FaultRule(kind: kind, path: PathPattern("Documents/*"), fault: device.fault))
        let files = world.launch().files
        let action = try #require(device.simulated.action)
        let simulated = observe(action, on: files, root: world.containerURL)

        #expect(live == [.failed(device.expected)], "real: \(device.name)")
        #expect(simulated == .failed(device.expected), "simulated: \(device.name)")
    }
}
