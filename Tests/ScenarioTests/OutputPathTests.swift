import Foundation
import HarnessTesting
import Testing

/// Every flag that writes a file, onto every kind of path: the writer makes or replaces a regular file whole
/// (keeping its mode and owner), follows a link and keeps it, refuses to split hard links, writes through a device or
/// a named pipe and never replaces it, and on a full disk fails with exit status 3 and the system's reason, leaving
/// the file as it was and no temporary file. Devices are made here with `mknod` and the full disk is a tmpfs mounted
/// in a mount namespace of the harness's own: no test writes to the machine's devices.
@Suite struct OutputPathTests {
    /// A flag that writes a file, and a command that writes it.
    enum Flag: String, CaseIterable, Sendable {
        case runJUnit = "run --junit"
        case exploreJUnit = "explore --junit"
        case exploreHTML = "explore --html"
        case importOutput = "import -o"
        case mergeJUnit = "merge --junit"
        case mergeHTML = "merge --html"
        case update = "run --update"
        case record = "run --record"

        /// The command that writes `path`, run in the cell's folder (which holds `tiny.scenario` and `shard.json`).
        func arguments(_ path: String) -> [String] {
            switch self {
            case .runJUnit: return ["run", "--junit", path, "tiny.scenario"]
            case .exploreJUnit: return ["explore", "--junit", path, "tiny.scenario"]
            case .exploreHTML: return ["explore", "--html", path, "tiny.scenario"]
            case .importOutput: return ["import", Self.container, "-o", path]
            case .mergeJUnit: return ["merge", "shard.json", "--junit", path]
            case .mergeHTML: return ["merge", "shard.json", "--html", path]
            case .update: return ["run", "--update", path]
            case .record: return ["run", "--record", path]
            }
        }

        static let container = Corpus.root.deletingLastPathComponent().appendingPathComponent(
            "Tests/Samples/HIITFit.xcappdata"
        ).path

        /// The flag as messages name it.
        var word: String { String(rawValue.split(separator: " ")[1]) }

        /// Text the written file holds.
        var marker: String {
            switch self {
            case .runJUnit, .exploreJUnit, .mergeJUnit: return "<testsuites name=\"harness "
            case .exploreHTML, .mergeHTML: return "<title>Fault matrix</title>"
            case .importOutput: return "\napp hiitfit\n"
            case .update, .record: return "\nexpect items: [ ] Milk\n"
            }
        }

        /// Whether it writes into the scenario it runs: the path is a scenario, there before.
        var rewritesScenario: Bool { self == .update || self == .record }

        /// What the path holds before the command runs, when there is a file there.
        var before: String {
            let scenario = "app checklists\nlaunch\nitem add Milk\n"
            switch self {
            case .update: return scenario + "expect items: [x] Milk\n"
            case .record: return scenario
            default: return "old text\n"
            }
        }

        /// The kinds of path it can be given: a scenario to rewrite is a file, and is there.
        var kinds: [PathKind] {
            rewritesScenario ? [.file0640, .readOnly, .symbolicLink, .hardLink, .fullDiskFile] : PathKind.allCases
        }
    }

    enum PathKind: String, CaseIterable, Sendable {
        case missing, file0640, readOnly, symbolicLink, danglingLink, hardLink
        case nullDevice, fullDevice, namedPipe, fullDisk, fullDiskFile
    }

    static let cells = Flag.allCases.flatMap { flag in flag.kinds.map { (flag, $0) } }

    @Test(arguments: cells)
    func writesEachKindOfPathAsItShould(flag: Flag, kind: PathKind) throws {
        let folder = try Cell.folder(for: flag)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = flag.rewritesScenario ? "out.scenario" : "out"
        switch kind {
        case .fullDisk, .fullDiskFile:
            try Self.checkOnAFullDisk(flag, existing: kind == .fullDiskFile, name: name, in: folder)
            return
        default: break
        }
        let cell = Cell(folder: folder, path: folder.appendingPathComponent(name).path)
        let message = "harness: cannot write '\(flag.word)' file '\(cell.path)': "
        switch kind {
        case .missing:
            let result = try cell.run(flag)
            #expect(result.status == 0, "\(result.errors)")
            #expect(cell.kind(cell.path) == mode_t(S_IFREG) && cell.mode(cell.path) == 0o666 & ~Self.creationMask)
            #expect(try cell.text(cell.path).contains(flag.marker))
        case .file0640, .readOnly:
            let mode: mode_t = kind == .readOnly ? 0o444 : 0o640
            try cell.file(cell.path, flag.before, mode: mode)
            let owner = cell.owner(cell.path)
            let result = try cell.run(flag)
            if kind == .readOnly && geteuid() != 0 {
                #expect(result.status == 2 && result.errors == message + "Permission denied\n")
                #expect(try cell.text(cell.path) == flag.before)
                break
            }
            #expect(result.status == 0, "\(result.errors)")
            #expect(try cell.text(cell.path).contains(flag.marker))
            #expect(cell.mode(cell.path) == mode && cell.owner(cell.path) == owner, "mode and owner kept")
        case .symbolicLink, .danglingLink:
            let name = flag.rewritesScenario ? "target.scenario" : "target"
            let target = folder.appendingPathComponent(name).path
            if kind == .symbolicLink { try cell.file(target, flag.before, mode: 0o640) }
            try FileManager.default.createSymbolicLink(atPath: cell.path, withDestinationPath: name)
            let result = try cell.run(flag)
            #expect(result.status == 0, "\(result.errors)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: cell.path) == name, "the link stays")
            #expect(try cell.text(target).contains(flag.marker))
            #expect(cell.mode(target) == (kind == .symbolicLink ? 0o640 : 0o666 & ~Self.creationMask))
        case .hardLink:
            let other = folder.appendingPathComponent("other").path
            try cell.file(cell.path, flag.before, mode: 0o644)
            #expect(link(cell.path, other) == 0)
            let result = try cell.run(flag)
            #expect(result.status == 2)
            #expect(result.errors == message + "it has 2 hard links, which replacing it would split\n")
            #expect(result.output.isEmpty, "refused before any work")
            #expect(try cell.text(cell.path) == flag.before && cell.text(other) == flag.before)
        case .nullDevice, .fullDevice:
            let device = kind == .nullDevice ? Cell.nullDevice : Cell.fullDevice
            try cell.device(cell.path, device)
            let result = try cell.run(flag)
            if kind == .nullDevice {
                #expect(result.status == 0, "\(result.errors)")
            } else {
                #expect(result.status == 3)
                #expect(result.errors == message + "No space left on device\n")
            }
            #expect(cell.kind(cell.path) == mode_t(S_IFCHR) && cell.deviceNumber(cell.path) == device, "never replaced")
        case .namedPipe:
            #expect(mkfifo(cell.path, 0o644) == 0)
            let reader = PipeReader(cell.path)
            let result = try cell.run(flag)
            #expect(result.status == 0, "\(result.errors)")
            #expect(String(decoding: reader.finish(), as: UTF8.self).contains(flag.marker))
            #expect(cell.kind(cell.path) == mode_t(S_IFIFO))
        case .fullDisk, .fullDiskFile: break
        }
        #expect(try cell.temporaryFiles() == [])
    }

    /// The mode bits a new file goes without.
    static let creationMask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    /// The command with its output on a full tmpfs (a new file, or one there before): status 3, the system's reason,
    /// the file as it was, and nothing else left on the disk.
    static func checkOnAFullDisk(_ flag: Flag, existing: Bool, name: String, in folder: URL) throws {
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
        let path = disk.appendingPathComponent(name).path
        let result = try FullDisk.run(
            flag.arguments(path), on: disk, in: folder, existing: existing ? (name, flag.before) : nil)
        let left = try String(contentsOf: folder.appendingPathComponent("left.txt"), encoding: .utf8)
        #expect(result.status == 3, "\(result.errors)")
        let kept = existing ? "; the file is left as it was" : ""
        #expect(result.errors.hasSuffix("cannot write '\(flag.word)' file '\(path)': No space left on device\(kept)\n"))
        #expect(left == (existing ? "./fill\n./\(name)\n" : "./fill\n"), "nothing but what was there")
        if existing {
            #expect(try String(contentsOf: folder.appendingPathComponent("kept.txt"), encoding: .utf8) == flag.before)
        }
    }
}

/// One cell's fresh folder, with the inputs every command reads, and what the test looks at.
struct Cell {
    let folder: URL
    let path: String

    /// A fresh folder with a tiny scenario and a shard report of it (for `merge`).
    static func folder(for flag: OutputPathTests.Flag) throws -> URL {
        let folder = try CommandLineTests.temporaryFolder()
        try "app checklists\nlaunch\nitem add Milk\n".write(
            to: folder.appendingPathComponent("tiny.scenario"), atomically: false, encoding: .utf8)
        if flag == .mergeJUnit || flag == .mergeHTML {
            let shard = try CommandLineTests.harness(
                ["explore", "tiny.scenario", "--shard", "1/1", "--json"], in: folder)
            try Data(shard.output.utf8).write(to: folder.appendingPathComponent("shard.json"))
        }
        return folder
    }

    func run(_ flag: OutputPathTests.Flag) throws -> ExecutableRun {
        try CommandLineTests.harness(flag.arguments(path), in: folder)
    }

    func file(_ path: String, _ text: String, mode: mode_t) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, mode) == 0)
        // Root can give it to another owner, whom the write must keep.
        if geteuid() == 0 { #expect(chown(path, 65534, 65534) == 0) }
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    private func status(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    func kind(_ path: String) -> mode_t? { status(path).map { $0.st_mode & mode_t(S_IFMT) } }
    func mode(_ path: String) -> mode_t? { status(path).map { $0.st_mode & 0o7777 } }
    func owner(_ path: String) -> uid_t? { status(path)?.st_uid }
    func deviceNumber(_ path: String) -> dev_t? { status(path)?.st_rdev }

    /// Character devices like /dev/null and /dev/full (major 1, minors 3 and 7).
    #if os(Linux)
        static let nullDevice = dev_t(1 << 8 | 3)
        static let fullDevice = dev_t(1 << 8 | 7)
    #else
        static let nullDevice = dev_t(1 << 24 | 3)
        static let fullDevice = dev_t(1 << 24 | 7)
    #endif

    /// A character device made here: the premise of the test, which fails where devices cannot be made.
    func device(_ path: String, _ number: dev_t) throws {
        try #require(mknod(path, mode_t(S_IFCHR) | 0o666, number) == 0, "cannot make a device node here (needs root)")
    }

    /// The writer's temporary files left in the folder.
    func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".harness") }
    }
}

/// Reads a named pipe to its end on a thread of its own, as a program at the other end of it would.
final class PipeReader: @unchecked Sendable {
    private let path: String
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String) {
        self.path = path
        Thread.detachNewThread { [self] in
            data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }
    }

    /// What came through; opening the writing end once releases a reader still waiting for a writer.
    func finish() -> Data {
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        done.wait()
        return data
    }
}

/// A command run with a tmpfs mounted on a folder and filled, in a mount namespace of its own (Linux, as root):
/// nothing outside it sees the mount.
enum FullDisk {
    /// Runs `harness arguments` (then `redirect`) in `folder` with `disk` full, the temporary folder on it when
    /// `temporaryFolderOnDisk`; `existing` is a file put on the disk before it is filled. Leaves `left.txt` (the
    /// paths on the disk after, `./fill` first) and `kept.txt` (that file's text) in `folder`.
    static func run(
        _ arguments: [String], on disk: URL, in folder: URL, existing: (name: String, text: String)? = nil,
        redirect: String = "", temporaryFolderOnDisk: Bool = false
    ) throws -> ExecutableRun {
        let script = """
            mount -t tmpfs -o size=64k tmpfs "$DISK" || exit 97
            if [ -n "$ON_DISK" ]; then export TMPDIR="$DISK"; fi
            if [ -n "$NAME" ]; then printf '%s' "$TEXT" > "$DISK/$NAME"; fi
            yes > "$DISK/fill" 2> fill-errors.txt
            "$HARNESS" "$@" \(redirect)
            status=$?
            (cd "$DISK" && find . -mindepth 1 | sort) > left.txt
            if [ -n "$NAME" ]; then cat "$DISK/$NAME" > kept.txt; fi
            exit $status
            """
        let unshare = try #require(
            ["/usr/bin/unshare", "/bin/unshare"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "no unshare here: a private tmpfs needs Linux mount namespaces")
        let environment = [
            "DISK": disk.path, "HARNESS": Corpus.harness.path, "NAME": existing?.name ?? "",
            "TEXT": existing?.text ?? "", "ON_DISK": temporaryFolderOnDisk ? "yes" : "",
        ]
        let result = try ExecutableRun(
            URL(fileURLWithPath: "/usr/bin/env"),
            environment.map { "\($0)=\($1)" } + [unshare, "--mount", "/bin/sh", "-c", script, "sh"] + arguments,
            in: folder)
        try #require(result.status != 97, "cannot mount a tmpfs here (needs Linux and root): \(result.errors)")
        return result
    }
}
