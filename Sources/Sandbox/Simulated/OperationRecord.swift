/// One numbered entry in a simulated world's operation log.
public struct OperationRecord: Sendable, Hashable, Codable {
    /// 1-based, in the order the operations ran, across every launch of the app.
    public var number: Int
    /// Which launch of the app made the call (1 for the first launch).
    public var process: Int
    public var kind: OperationKind
    /// Container-relative path (`Documents/history.plist`), folder name for `urls`,
    /// `defaults:<key>` for key-value calls, empty for the clock.
    public var path: String
    /// The path the app asked for, where it differs from `path` (an atomic write's target).
    public var target: String?
    /// Bytes read or written.
    public var bytes: Int?
    /// `ok`, the error thrown, or what the fault did: for people to read (decisions read `fault`).
    public var result: String
    /// The armed fault that changed what the call did, a crash fault included; nil when none fired or it
    /// changed nothing (`wrong-type` on a file that is not there).
    public var fault: Fault?
    /// Whether the call came from the platform (the key-value store's own file), not the app.
    public var platform: Bool

    /// `#7 p1 write Documents/.dat.nosync3F2A (atomic Documents/history.plist) 120 bytes: ok`
    public var line: String {
        var text = ""
        writeLine(to: &text)
        return text
    }

    /// Writes `line` piece by piece, so that a trace can be hashed without being built.
    func writeLine<Target: TextOutputStream>(to text: inout Target) {
        text.write("#")
        text.write(String(number))
        text.write(" p")
        text.write(String(process))
        text.write(" ")
        text.write(kind.rawValue)
        if !path.isEmpty {
            text.write(" ")
            text.write(path)
        }
        if let target, target != path {
            text.write(" (atomic ")
            text.write(target)
            text.write(")")
        }
        if let bytes {
            text.write(" ")
            text.write(String(bytes))
            text.write(" bytes")
        }
        if platform { text.write(" [platform]") }
        text.write(": ")
        text.write(result)
    }
}

/// What happened to the files when a process died.
public struct CrashRecord: Sendable, Hashable, Codable {
    public var kind: CrashKind
    /// The process that died.
    public var process: Int
    /// The operation the crash landed on, when a fault caused it.
    public var operation: Int?
    /// Each unsynced file and its fate (`kept`, `dropped`, `torn at 17`), on power loss.
    public var fates: [String]
    /// Key-value changes were still only in memory, and died with the process.
    public var lostUnflushedDefaults: Bool = false
    /// Before they died, the app removed a file (as a migration into the key-value store removes the file it
    /// moved): the loss is then the app's, which gave up the lasting copy before its new one lasted.
    public var removedFileBeforeFlush: Bool = false

    /// The platform may be blamed for what the key-value store lost in this crash.
    public var platformLostDefaults: Bool { lostUnflushedDefaults && !removedFileBeforeFlush }

    public var line: String {
        var text = "crash \(kind.rawValue) p\(process)"
        if let operation { text += " at #\(operation)" }
        if !fates.isEmpty { text += ": " + fates.joined(separator: ", ") }
        if lostUnflushedDefaults { text += " (unflushed key-value changes lost)" }
        if removedFileBeforeFlush { text += " (a file removed before they were flushed)" }
        return text
    }
}
