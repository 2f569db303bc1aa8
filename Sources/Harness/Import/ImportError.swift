/// Why `harness import` cannot turn what it was given into a scenario: one line naming the file or
/// the flag (an unreadable file, a symbolic link, a file past the size limit, no app).
struct ImportError: Error, Sendable, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
