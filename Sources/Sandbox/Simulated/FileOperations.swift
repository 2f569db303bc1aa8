import Foundation

/// The file-system seam of a simulated world.
public struct SimulatedFileSystem: FileSystem {
    let world: SimulatedWorld
    let process: Int

    public func urls(for directory: ContainerDirectory) -> [URL] {
        (try? world.urlsOperation(process, directory)) ?? []
    }
    public func url(of directory: ContainerDirectory) -> URL {
        world.urls.url(directory.rawValue, isDirectory: true)
    }
    public func contents(of url: URL) throws -> Data {
        try world.readOperation(process, url)
    }
    public func write(_ data: Data, to url: URL, mode: WriteMode) throws {
        try world.writeOperation(process, data, url, mode: mode)
    }
    public func removeItem(at url: URL) throws {
        try world.removeOperation(process, url)
    }
    public func fileExists(at url: URL) -> Bool {
        (try? world.existsOperation(process, url)) ?? false
    }
    public func contentsOfDirectory(at url: URL) throws -> [String] {
        try world.listOperation(process, url)
    }
    public func createDirectory(at url: URL, withIntermediateDirectories: Bool) throws {
        try world.mkdirOperation(process, url, intermediates: withIntermediateDirectories)
    }
}

extension SimulatedWorld {
    func urlsOperation(_ caller: Int, _ directory: ContainerDirectory) throws -> [URL] {
        try operate(caller, .urls, directory.rawValue) { fault in
            if fault == .noURL { return .ok([], "no URL (fault)", faulted: true) }
            return .ok([urls.url(directory.rawValue, isDirectory: true)], "1 URL")
        }
    }

    /// Why `path` cannot be opened as a file: the errno of the first missing or non-folder ancestor.
    func ancestorProblem(_ path: String) -> POSIXErrorCode? {
        var parent = FileTree.parent(of: path)
        var missing = false
        while true {
            if tree.file(parent) != nil { return .ENOTDIR }
            if !tree.isDirectory(parent) { missing = true }
            if parent.isEmpty { break }
            parent = FileTree.parent(of: parent)
        }
        return missing ? .ENOENT : nil
    }

    func readOperation(_ caller: Int, _ url: URL, platform: Bool = false) throws -> Data {
        let path = urls.relativePath(url)
        return try operate(caller, .read, path ?? url.path, platform: platform) { fault in
            guard let path else { return .failed(FoundationErrors.read(.EACCES, url: url)) }
            // Remembered so the explorer can tell when an app replaced a file it never got to read.
            func hide(seenAs: Data? = nil) {
                if let stored = tree.file(path)?.data { hiddenFiles.hide(path, stored, seenAs: seenAs) }
            }
            switch fault {
            case .missing?:
                hide()
                return .failed(FoundationErrors.read(.ENOENT, url: url), faulted: true)
            case .permissionDenied?:
                hide()
                return .failed(FoundationErrors.read(.EACCES, url: url), faulted: true)
            case .ioError?:
                hide()
                return .failed(FoundationErrors.read(.EIO, url: url), faulted: true)
            default: break
            }
            if tree.isDirectory(path) { return .failed(FoundationErrors.read(.EISDIR, url: url)) }
            if ancestorProblem(path) == .ENOTDIR { return .failed(FoundationErrors.read(.ENOTDIR, url: url)) }
            guard let file = tree.file(path) else { return .failed(FoundationErrors.read(.ENOENT, url: url)) }
            switch fault {
            case .wrongType?:
                let other = Self.wrongShape(of: file.data)
                hide(seenAs: other)
                return .ok(other, "wrong type (fault)", bytes: other.count, faulted: true)
            case .corruptRead?:
                var bytes = file.data
                if bytes.isEmpty {
                    bytes = Data([0xFF])
                } else {
                    let offset = rng.below(bytes.count)
                    bytes[bytes.startIndex + offset] ^= 0xFF
                }
                hide(seenAs: bytes)
                return .ok(bytes, "corrupted (fault)", bytes: bytes.count, faulted: true)
            default:
                // The app has now seen these bytes: replacing them later is its own business.
                hiddenFiles.shown(path, file.data)
                return .ok(file.data, bytes: file.data.count)
            }
        }
    }

    /// A valid binary property list of another shape than `data` holds.
    static func wrongShape(of data: Data) -> Data {
        if case .dictionary? = try? PlistValue(propertyList: data) { return unexpectedArray }
        return unexpectedDictionary
    }

    // Encoded once: every wrong-type fault on a file returns one of the two.
    private static let unexpectedArray = (try? PlistValue.array([.string("unexpected")]).binaryData()) ?? Data()
    private static let unexpectedDictionary =
        (try? PlistValue.dictionary(["unexpected": .integer(1)]).binaryData()) ?? Data()

    func writeOperation(_ caller: Int, _ data: Data, _ url: URL, mode: WriteMode, platform: Bool = false) throws {
        guard let path = urls.relativePath(url) else {
            try operate(caller, .write, url.path, platform: platform) { _ in
                OperationOutcome<Void>.failed(FoundationErrors.write(.EACCES, url: url))
            }
            return
        }
        let (problem, atomicTemp): (POSIXErrorCode?, String?) = lock.withLock {
            if tree.isDirectory(path) { return (.EISDIR, nil) }
            if let problem = ancestorProblem(path) {
                // `.atomic` checks the folder first: a file in the way is "no such folder" (4 ENOENT).
                return (mode == .atomic ? .ENOENT : problem, nil)
            }
            guard mode == .atomic else { return (nil, nil) }
            tempCounter += 1
            let parent = FileTree.parent(of: path)
            let name = ".dat.nosync" + String(tempCounter, radix: 16, uppercase: true)
            return (nil, parent.isEmpty ? name : parent + "/" + name)
        }
        guard let temp = atomicTemp else {
            try operate(caller, .write, path, platform: platform) { (fault: Fault?) -> OperationOutcome<Void> in
                if let problem { return .failed(FoundationErrors.write(problem, url: url)) }
                return writeBytes(path, data, url: url, fault: fault, clearOnError: false)
            }
            return
        }
        try operate(caller, .write, temp, target: path, platform: platform) {
            (fault: Fault?) -> OperationOutcome<Void> in
            writeBytes(temp, data, url: url, fault: fault, clearOnError: true)
        }
        try operate(caller, .sync, temp, target: path, platform: platform) {
            (fault: Fault?) -> OperationOutcome<Void> in
            switch fault {
            case .ioError?: return abandon(temp, FoundationErrors.write(.EIO, url: url))
            case .diskFull?: return abandon(temp, FoundationErrors.write(.ENOSPC, url: url))
            default:
                tree.sync(temp)
                return .ok(())
            }
        }
        try operate(caller, .rename, temp, target: path, platform: platform) {
            (fault: Fault?) -> OperationOutcome<Void> in
            switch fault {
            case .ioError?: return abandon(temp, FoundationErrors.write(.EIO, url: url))
            case .permissionDenied?: return abandon(temp, FoundationErrors.write(.EACCES, url: url))
            default:
                let replaced = tree.file(path) != nil
                tree.rename(temp, path)
                return .ok((), (replaced ? "ok, replaced " : "ok, created ") + path)
            }
        }
    }

    /// The unit a disk allocates files in: an APFS block, and a tmpfs page.
    static let blockSize = 4096

    static func blocksHolding(_ bytes: Int) -> Int { (bytes + blockSize - 1) / blockSize }

    /// An atomic write gives up: its temporary file is removed and the error thrown.
    private func abandon(_ temp: String, _ error: CocoaError) -> OperationOutcome<Void> {
        tree.remove(temp)
        return .failed(error, faulted: true)
    }

    /// Writes bytes to one file, as `write(2)` after `open(O_TRUNC)`, with the fault's effect.
    private func writeBytes(
        _ path: String, _ data: Data, url: URL, fault: Fault?,
        clearOnError: Bool
    ) -> OperationOutcome<Void> {
        func fail(_ errno: POSIXErrorCode, landed: Data) -> OperationOutcome<Void> {
            if clearOnError { tree.remove(path) } else { tree.write(path, landed) }
            return .failed(FoundationErrors.write(errno, url: url), bytes: landed.count, faulted: true)
        }
        switch fault {
        case .permissionDenied?:
            return .failed(FoundationErrors.write(.EACCES, url: url), bytes: 0, faulted: true)
        case .diskFull?:
            // Truncating the file gives its blocks back, and a full disk still has those: a plain
            // write lands what fits in them, all of it without an error (measured on tmpfs).
            let room = clearOnError ? 0 : Self.blocksHolding(tree.file(path)?.data.count ?? 0) * Self.blockSize
            guard data.count > room else {
                tree.write(path, data)
                return .ok(
                    (), "ok, fits in the blocks the old contents freed (disk full fault)", bytes: data.count,
                    faulted: true)
            }
            return fail(.ENOSPC, landed: Data(data.prefix(room)))
        case .ioError?:
            return fail(.EIO, landed: Data())
        case .partialWrite(let bytes, let end)?:
            let landed = Data(data.prefix(max(0, bytes)))
            switch end {
            case .error:
                return fail(.EIO, landed: landed)
            case .crash(let kind):
                tree.write(path, landed)
                var outcome = OperationOutcome<Void>.ok(
                    (), "torn at \(landed.count) of \(data.count) (fault)", bytes: landed.count, faulted: true)
                outcome.crash = kind
                return outcome
            }
        default:
            tree.write(path, data)
            return .ok((), bytes: data.count)
        }
    }

    func removeOperation(_ caller: Int, _ url: URL) throws {
        let path = urls.relativePath(url)
        try operate(caller, .remove, path ?? url.path) { (fault: Fault?) -> OperationOutcome<Void> in
            guard let path else { return .failed(FoundationErrors.remove(.EACCES, url: url)) }
            switch fault {
            case .missing?: return .failed(FoundationErrors.remove(.ENOENT, url: url), faulted: true)
            case .permissionDenied?: return .failed(FoundationErrors.remove(.EACCES, url: url), faulted: true)
            case .ioError?: return .failed(FoundationErrors.remove(.EIO, url: url), faulted: true)
            default: break
            }
            guard tree.exists(path) else {
                let errno: POSIXErrorCode = ancestorProblem(path) == .ENOTDIR ? .ENOTDIR : .ENOENT
                return .failed(FoundationErrors.remove(errno, url: url))
            }
            tree.remove(path)
            if process?.id == caller, process?.unflushed == true { process?.removedBeforeFlush = true }
            return .ok(())
        }
    }

    func existsOperation(_ caller: Int, _ url: URL) throws -> Bool {
        let path = urls.relativePath(url)
        return try operate(caller, .exists, path ?? url.path) { fault in
            guard let path else { return .ok(false, "false") }
            if fault == .missing { return .ok(false, "false (fault)", faulted: true) }
            let exists = tree.exists(path)
            return .ok(exists, exists ? "true" : "false")
        }
    }

    func listOperation(_ caller: Int, _ url: URL) throws -> [String] {
        let path = urls.relativePath(url)
        return try operate(caller, .list, path ?? url.path) { fault in
            guard let path else { return .failed(FoundationErrors.list(.EACCES, url: url)) }
            switch fault {
            case .missing?: return .failed(FoundationErrors.list(.ENOENT, url: url), faulted: true)
            case .permissionDenied?: return .failed(FoundationErrors.list(.EACCES, url: url), faulted: true)
            case .ioError?: return .failed(FoundationErrors.list(.EIO, url: url), faulted: true)
            default: break
            }
            if tree.file(path) != nil || ancestorProblem(path) == .ENOTDIR {
                return .failed(FoundationErrors.list(.ENOTDIR, url: url))
            }
            guard tree.isDirectory(path) else { return .failed(FoundationErrors.list(.ENOENT, url: url)) }
            let names = tree.children(of: path)
            return .ok(names, "\(names.count) names")
        }
    }

    func mkdirOperation(_ caller: Int, _ url: URL, intermediates: Bool) throws {
        let path = urls.relativePath(url)
        try operate(caller, .mkdir, path ?? url.path) { (fault: Fault?) -> OperationOutcome<Void> in
            guard let path else { return .failed(FoundationErrors.write(.EACCES, url: url)) }
            switch fault {
            case .permissionDenied?: return .failed(FoundationErrors.write(.EACCES, url: url), faulted: true)
            case .ioError?: return .failed(FoundationErrors.write(.EIO, url: url), faulted: true)
            case .diskFull?: return .failed(FoundationErrors.write(.ENOSPC, url: url), faulted: true)
            default: break
            }
            if tree.file(path) != nil || (tree.isDirectory(path) && !intermediates) {
                return .failed(FoundationErrors.file(.fileWriteFileExists, .EEXIST, url: url))
            }
            if tree.isDirectory(path) { return .ok((), "ok, already a folder") }
            switch ancestorProblem(path) {
            case .ENOTDIR?: return .failed(FoundationErrors.write(.ENOTDIR, url: url))
            case .ENOENT? where !intermediates: return .failed(FoundationErrors.write(.ENOENT, url: url))
            default: break
            }
            tree.makeDirectory(path)
            return .ok(())
        }
    }
}
