import Foundation
import Sandbox
import Testing

private let old = bytes(200, salt: 1)
private let new = bytes(120, salt: 2)

/// A fault armed on one call against `Documents/data.plist` (which holds `old`),
/// the error or value the app sees, and what the file holds afterwards (its folder holds nothing else).
struct FaultCase: Sendable, CustomTestStringConvertible {
    var name: String
    var rule: FaultRule
    var action: FileAction
    var sees: Observation
    var fileAfter: Data?
    var testDescription: String { name }
}

private func rule(_ kind: OperationKind, _ fault: Fault) -> FaultRule {
    FaultRule(kind: kind, path: PathPattern("Documents/**"), fault: fault)
}

private let target = "Documents/data.plist"

let faultCases: [FaultCase] = [
    FaultCase(
        name: "missing on read", rule: rule(.read, .missing), action: .read(target),
        sees: .failed("NSCocoaErrorDomain 260 (ENOENT)"), fileAfter: old),
    FaultCase(
        name: "missing on exists", rule: rule(.exists, .missing), action: .exists(target),
        sees: .exists(false), fileAfter: old),
    FaultCase(
        name: "missing on remove", rule: rule(.remove, .missing), action: .remove(target),
        sees: .failed("NSCocoaErrorDomain 4 (ENOENT)"), fileAfter: old),
    FaultCase(
        name: "missing on list", rule: FaultRule(kind: .list, path: PathPattern("Documents"), fault: .missing),
        action: .list("Documents"), sees: .failed("NSCocoaErrorDomain 260 (ENOENT)"), fileAfter: old),
    FaultCase(
        name: "partial write then error, plain", rule: rule(.write, .partialWrite(bytes: 10, then: .error)),
        action: .write(target, new, .plain), sees: .failed("NSCocoaErrorDomain 512 (EIO)"), fileAfter: new.prefix(10)),
    FaultCase(
        name: "partial write then error, atomic", rule: rule(.write, .partialWrite(bytes: 10, then: .error)),
        action: .write(target, new, .atomic), sees: .failed("NSCocoaErrorDomain 512 (EIO)"), fileAfter: old),
    FaultCase(
        name: "disk full, plain write that fits in the old file's block", rule: rule(.write, .diskFull),
        action: .write(target, new, .plain), sees: .done, fileAfter: new),
    FaultCase(
        name: "disk full, plain write bigger than the old file's block", rule: rule(.write, .diskFull),
        action: .write(target, bytes(5000, salt: 3), .plain), sees: .failed("NSCocoaErrorDomain 640 (ENOSPC)"),
        fileAfter: bytes(5000, salt: 3).prefix(4096)),
    FaultCase(
        name: "disk full, atomic write", rule: rule(.write, .diskFull), action: .write(target, new, .atomic),
        sees: .failed("NSCocoaErrorDomain 640 (ENOSPC)"), fileAfter: old),
    FaultCase(
        name: "disk full on the sync of an atomic write", rule: rule(.sync, .diskFull),
        action: .write(target, new, .atomic), sees: .failed("NSCocoaErrorDomain 640 (ENOSPC)"), fileAfter: old),
    FaultCase(
        name: "disk full, atomic write of a new file", rule: rule(.write, .diskFull),
        action: .write("Documents/other.plist", new, .atomic), sees: .failed("NSCocoaErrorDomain 640 (ENOSPC)"),
        fileAfter: old),
    FaultCase(
        name: "permission denied on read", rule: rule(.read, .permissionDenied), action: .read(target),
        sees: .failed("NSCocoaErrorDomain 257 (EACCES)"), fileAfter: old),
    FaultCase(
        name: "permission denied on plain write", rule: rule(.write, .permissionDenied),
        action: .write(target, new, .plain), sees: .failed("NSCocoaErrorDomain 513 (EACCES)"), fileAfter: old),
    FaultCase(
        name: "permission denied on atomic write", rule: rule(.write, .permissionDenied),
        action: .write(target, new, .atomic), sees: .failed("NSCocoaErrorDomain 513 (EACCES)"), fileAfter: old),
    FaultCase(
        name: "permission denied on the rename of an atomic write", rule: rule(.rename, .permissionDenied),
        action: .write(target, new, .atomic), sees: .failed("NSCocoaErrorDomain 513 (EACCES)"), fileAfter: old),
    FaultCase(
        name: "permission denied on remove", rule: rule(.remove, .permissionDenied), action: .remove(target),
        sees: .failed("NSCocoaErrorDomain 513 (EACCES)"), fileAfter: old),
    FaultCase(
        name: "permission denied on list",
        rule: FaultRule(kind: .list, path: PathPattern("Documents"), fault: .permissionDenied),
        action: .list("Documents"), sees: .failed("NSCocoaErrorDomain 257 (EACCES)"), fileAfter: old),
    FaultCase(
        name: "I/O error on read", rule: rule(.read, .ioError), action: .read(target),
        sees: .failed("NSCocoaErrorDomain 256 (EIO)"), fileAfter: old),
    FaultCase(
        name: "I/O error on plain write", rule: rule(.write, .ioError), action: .write(target, new, .plain),
        sees: .failed("NSCocoaErrorDomain 512 (EIO)"), fileAfter: Data()),
    FaultCase(
        name: "I/O error on atomic write", rule: rule(.write, .ioError), action: .write(target, new, .atomic),
        sees: .failed("NSCocoaErrorDomain 512 (EIO)"), fileAfter: old),
    FaultCase(
        name: "I/O error on the sync of an atomic write", rule: rule(.sync, .ioError),
        action: .write(target, new, .atomic), sees: .failed("NSCocoaErrorDomain 512 (EIO)"), fileAfter: old),
    FaultCase(
        name: "I/O error on the rename of an atomic write", rule: rule(.rename, .ioError),
        action: .write(target, new, .atomic), sees: .failed("NSCocoaErrorDomain 512 (EIO)"), fileAfter: old),
    FaultCase(
        name: "I/O error on remove", rule: rule(.remove, .ioError), action: .remove(target),
        sees: .failed("NSCocoaErrorDomain 512 (EIO)"), fileAfter: old),
    FaultCase(
        name: "I/O error on list", rule: FaultRule(kind: .list, path: PathPattern("Documents"), fault: .ioError),
        action: .list("Documents"), sees: .failed("NSCocoaErrorDomain 256 (EIO)"), fileAfter: old),
    FaultCase(
        name: "a fault on a kind it cannot apply to never fires", rule: rule(.read, .diskFull),
        action: .read(target), sees: .bytes(old), fileAfter: old),
    FaultCase(
        name: "a fault on another path never fires",
        rule: FaultRule(kind: .read, path: PathPattern("Documents/*.jpg"), fault: .ioError),
        action: .read(target), sees: .bytes(old), fileAfter: old),
]

@Suite struct FaultTests {
    @Test("What the app sees and what the file holds", arguments: faultCases)
    func fault(_ faultCase: FaultCase) {
        let world = SimulatedWorld()
        world.putFile(target, old)
        world.arm(faultCase.rule)
        let env = world.launch()

        #expect(observe(faultCase.action, on: env.files, root: world.containerURL) == faultCase.sees)
        #expect(world.fileData(target) == faultCase.fileAfter)
        #expect(world.names(in: "Documents") == ["data.plist"])
        #expect(world.isRunning)
        // The log names the fault on the call it changed, the call whose line says so.
        let faulted = world.operations.filter { $0.fault != nil }
        #expect(faulted.allSatisfy { $0.fault == faultCase.rule.fault && $0.result.contains("fault") })
        #expect(world.operations.filter { $0.result.contains("fault") } == faulted)
        #expect(faulted.isEmpty == (world.firedCounts == [0]))
    }

    /// A fault that fires on a call it cannot change (there is no file to show in another shape) is not on its
    /// record; one that ends the process is.
    @Test func aRecordCarriesTheFaultThatChangedItsCall() {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .read, path: PathPattern("Documents/a"), fault: .wrongType))
        world.arm(FaultRule(kind: .write, path: PathPattern("Documents/a"), fault: .crashAfter(.powerLoss)))
        let files = world.launch().files
        #expect(thrownSummary { _ = try files.contents(of: world.fileURL("Documents/a")) } != nil)
        _ = world.perform { try? files.write(new, to: world.fileURL("Documents/a"), mode: .plain) }
        #expect(world.firedCounts == [1, 1])
        let calls = world.operations.filter { !$0.platform }
        #expect(calls.map(\.kind) == [.read, .write])
        #expect(calls.map(\.fault) == [nil, .crashAfter(.powerLoss)])
        #expect(!world.isRunning)
    }

    @Test func faultErrorsNameTheFile() throws {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .write, path: PathPattern("Documents/history.plist"), fault: .diskFull))
        let env = world.launch()
        let url = world.fileURL("Documents/history.plist")
        do {
            try env.files.write(new, to: url, mode: .plain)
            Issue.record("the write did not throw")
        } catch let error as CocoaError {
            #expect(error.code == .fileWriteOutOfSpace)
            #expect(error.userInfo[NSFilePathErrorKey] as? String == url.path)
            #expect((error.userInfo[NSUnderlyingErrorKey] as? POSIXError)?.code == .ENOSPC)
        }
    }

    @Test func noURLEmptiesTheLookupOnce() {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .urls, path: PathPattern("Documents"), fault: .noURL))
        let files = world.launch().files
        #expect(files.urls(for: .documents) == [])
        #expect(files.urls(for: .library) == [world.fileURL("Library/")])
        #expect(files.urls(for: .documents) == [world.fileURL("Documents/")])
    }

    @Test func noURLOnEveryLookup() {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .urls, path: PathPattern("**"), occurrence: .every, fault: .noURL))
        let files = world.launch().files
        for directory in ContainerDirectory.allCases {
            #expect(files.urls(for: directory).isEmpty)
        }
        #expect(world.firedCounts == [ContainerDirectory.allCases.count])
    }

    @Test func occurrenceSelectsTheNthCall() {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .write, path: PathPattern("Documents/a"), occurrence: .nth(2), fault: .ioError))
        let files = world.launch().files
        let url = world.fileURL("Documents/a")
        let results = (0..<3).map { _ in thrownSummary { try files.write(new, to: url, mode: .plain) } }
        #expect(results == [nil, "NSCocoaErrorDomain 512 (EIO)", nil])
        #expect(world.firedCounts == [1])
    }

    @Test func everyOccurrenceIsAPersistentFault() throws {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .read, path: PathPattern("Documents/a"), occurrence: .every, fault: .ioError))
        world.putFile("Documents/a", old)
        let files = world.launch().files
        let results = (0..<3).map { _ in thrownSummary { _ = try files.contents(of: world.fileURL("Documents/a")) } }
        #expect(results == Array(repeating: "NSCocoaErrorDomain 256 (EIO)", count: 3))
        world.disarmAll()
        #expect(try files.contents(of: world.fileURL("Documents/a")) == old)
    }

    @Test(arguments: [
        (PlistValue.array([.string("Squat")]), PlistValue.dictionary(["unexpected": .integer(1)])),
        (PlistValue.dictionary(["ratings": .string("1234")]), PlistValue.array([.string("unexpected")])),
        (PlistValue.string("plain"), PlistValue.dictionary(["unexpected": .integer(1)])),
    ])
    func wrongTypeOnFileRead(stored: PlistValue, sees: PlistValue) throws {
        let world = SimulatedWorld()
        let data = try stored.binaryData()
        world.putFile("Documents/history.plist", data)
        world.arm(FaultRule(kind: .read, path: PathPattern("Documents/history.plist"), fault: .wrongType))
        let env = world.launch()
        let read = observe(.decode("Documents/history.plist"), on: env.files, root: world.containerURL)
        #expect(read == .plist(sees))
        #expect(world.fileData("Documents/history.plist") == data)
        #expect(observe(.decode("Documents/history.plist"), on: env.files, root: world.containerURL) == .plist(stored))
    }

    @Test func wrongTypeOnKeyValueGet() {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .get, path: PathPattern("defaults:*"), occurrence: .every, fault: .wrongType))
        let defaults = world.launch().defaults
        defaults.set("3500", forKey: "ratings")
        defaults.set(9, forKey: "selectedTab")

        #expect(defaults.object(forKey: "ratings") as? String == nil)
        #expect(defaults.object(forKey: "ratings") as? Int == 7)
        #expect(defaults.string(forKey: "ratings") == "7")
        #expect(defaults.object(forKey: "selectedTab") as? String == "7")
        #expect(defaults.integer(forKey: "selectedTab") == 7)
        #expect(defaults.object(forKey: "never-set") as? Int == 7)
        #expect(world.defaultsValue(forKey: "ratings") == .string("3500"))
    }

    @Test func missingOnKeyValueGet() {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .get, path: PathPattern("defaults:ratings"), fault: .missing))
        let defaults = world.launch().defaults
        defaults.set("3500", forKey: "ratings")
        #expect(defaults.object(forKey: "ratings") == nil)
        #expect(defaults.string(forKey: "ratings") == "3500")
    }

    @Test(arguments: [UInt64(0), 1, 2, 3])
    func corruptReadFlipsOneByte(seed: UInt64) throws {
        let world = SimulatedWorld(seed: seed)
        world.putFile("Documents/history.plist", old)
        world.arm(FaultRule(kind: .read, path: PathPattern("Documents/history.plist"), fault: .corruptRead))
        let files = world.launch().files
        let url = world.fileURL("Documents/history.plist")

        let corrupted = try files.contents(of: url)
        #expect(corrupted.count == old.count)
        let differing = zip(corrupted, old).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(differing.count == 1)
        #expect(differing.allSatisfy { $0.element.0 == $0.element.1 ^ 0xFF })
        #expect(world.fileData("Documents/history.plist") == old)
        #expect(try files.contents(of: url) == old)
    }

    @Test func corruptReadOfAnEmptyFileReturnsOneByte() throws {
        let world = SimulatedWorld()
        world.putFile("Documents/empty", Data())
        world.arm(FaultRule(kind: .read, path: PathPattern("Documents/empty"), fault: .corruptRead))
        let files = world.launch().files
        #expect(try files.contents(of: world.fileURL("Documents/empty")) == Data([0xFF]))
    }
}
