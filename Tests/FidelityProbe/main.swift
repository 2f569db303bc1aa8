// `FidelityProbe [--unprivileged] [--tmpfs SIZE] ROOT STEP...`: file calls through
// `LiveFileSystem` on the real disk, one output line per step, for the fidelity tests.
//
// --unprivileged  as root, hand ROOT to `nobody` and become `nobody` first, so file
//                 permissions apply (root ignores them)
// --tmpfs SIZE    mount a tmpfs of SIZE on ROOT first, in a mount namespace of this process
//                 alone (it is gone when the probe exits), and make the container's folders
//
// Steps (a PATH is relative to ROOT unless it starts with /):
//   read:PATH  write:PATH:COUNT:SALT  atomic:PATH:COUNT:SALT  remove:PATH  list:PATH
//   chmod:PATH:OCTAL  fill:PATH (write to a new file until the disk is full)
// Each prints `done`, `bytes HEX`, `names A,B` or `threw SUMMARY`. A setup the machine
// cannot do prints `cannot: WHY` and exits with status 3.
import Foundation
import Sandbox

#if canImport(Glibc)
    import Glibc
#endif

func cannot(_ why: String) -> Never {
    print("cannot: \(why)")
    exit(3)
}

/// `count` bytes of the pattern `Tests/SandboxTests` calls `bytes(_:salt:)`.
func pattern(_ count: Int, salt: UInt8) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(salt)) })
}

func becomeNobody(owning root: String) {
    guard getuid() == 0 else { return }
    guard let entry = getpwnam("nobody") else { cannot("no user named nobody") }
    let (uid, gid) = (entry.pointee.pw_uid, entry.pointee.pw_gid)
    let tree = [""] + (FileManager.default.subpaths(atPath: root) ?? [])
    for path in tree where chown(root + "/" + path, uid, gid) != 0 { cannot("chown \(path): errno \(errno)") }
    guard setgroups(0, nil) == 0, setgid(gid) == 0, setuid(uid) == 0 else { cannot("setuid: errno \(errno)") }
    guard getuid() == uid, setuid(0) != 0 else { cannot("still privileged after setuid") }
}

func mountTmpfs(on root: String, size: String) {
    #if os(Linux)
        // `unshare` needs _GNU_SOURCE, which the Glibc module does not define.
        typealias Unshare = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(nil, "unshare") else { cannot("no unshare()") }
        let newMountNamespace: Int32 = 0x0002_0000  // CLONE_NEWNS
        guard unsafeBitCast(symbol, to: Unshare.self)(newMountNamespace) == 0 else { cannot("unshare: errno \(errno)") }
        // Private, so that the tmpfs is never seen outside this process.
        guard mount("none", "/", nil, UInt(MS_REC | MS_PRIVATE), nil) == 0 else {
            cannot("private mounts: errno \(errno)")
        }
        guard mount("tmpfs", root, "tmpfs", 0, "size=\(size)") == 0 else { cannot("mount tmpfs: errno \(errno)") }
    #else
        cannot("a private tmpfs needs Linux mount namespaces")
    #endif
}

func fill(_ url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    while (try? handle.write(contentsOf: Data(count: 512))) != nil {}
}

func run(_ step: String, on files: LiveFileSystem) -> String {
    let parts = step.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2 else { return "cannot: unreadable step '\(step)'" }
    let url = parts[1].hasPrefix("/") ? URL(fileURLWithPath: parts[1]) : files.root.appendingPathComponent(parts[1])
    let number = { (index: Int) -> Int in parts.count > index ? Int(parts[index], radix: 10) ?? 0 : 0 }
    do {
        switch parts[0] {
        case "read":
            return "bytes " + (try files.contents(of: url)).map { String(format: "%02x", $0) }.joined()
        case "write", "atomic":
            // An atomic write's temporary file goes beside its target: never beside a device.
            if parts[0] == "atomic" && parts[1].hasPrefix("/") { return "cannot: atomic write outside ROOT" }
            let data = pattern(number(2), salt: UInt8(truncatingIfNeeded: number(3)))
            try files.write(data, to: url, mode: parts[0] == "atomic" ? .atomic : .plain)
        case "remove": try files.removeItem(at: url)
        case "list": return "names " + (try files.contentsOfDirectory(at: url)).sorted().joined(separator: ",")
        case "chmod": guard chmod(url.path, mode_t(Int(parts[2], radix: 8) ?? 0)) == 0 else { return "threw chmod" }
        case "fill": try fill(url)
        default: return "cannot: unknown step '\(step)'"
        }
        return "done"
    } catch {
        return "threw " + error.harnessSummary
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var unprivileged = false
var tmpfsSize: String?
while let first = arguments.first, first.hasPrefix("--") {
    arguments.removeFirst()
    switch first {
    case "--unprivileged": unprivileged = true
    case "--tmpfs" where !arguments.isEmpty: tmpfsSize = arguments.removeFirst()
    default: cannot("unknown option \(first)")
    }
}
guard let root = arguments.first else { cannot("no ROOT folder given") }
if let tmpfsSize {
    mountTmpfs(on: root, size: tmpfsSize)
    do { try LiveFileSystem(root: URL(fileURLWithPath: root)).createContainer() } catch { cannot("folders: \(error)") }
}
if unprivileged { becomeNobody(owning: root) }
let files = LiveFileSystem(root: URL(fileURLWithPath: root, isDirectory: true))
for step in arguments.dropFirst() { print(run(step, on: files)) }
