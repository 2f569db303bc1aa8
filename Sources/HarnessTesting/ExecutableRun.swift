import Foundation

/// One run of an executable, such as your harness's command line: its exit status and what it
/// printed, for tests of messages and exit statuses.
public struct ExecutableRun: Sendable {
    public var status: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var errors: String

    public init(status: Int32, output: String, errors: String) {
        self.status = status
        self.output = output
        self.errors = errors
    }

    /// Runs `executable` with `arguments` in `folder` (nil: this process's folder) and waits for it.
    public init(_ executable: URL, _ arguments: [String], in folder: URL? = nil) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        self.output = String(decoding: out, as: UTF8.self)
        self.errors = String(decoding: err, as: UTF8.self)
    }
}
