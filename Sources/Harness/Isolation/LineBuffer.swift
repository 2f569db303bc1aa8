import Foundation

/// Bytes read from a pipe, handed out a line at a time.
///
/// Each byte is searched for a newline once and moved at most once more, so a long
/// answer arriving in many small chunks costs its length, not its length squared.
struct LineBuffer {
    private var bytes: [UInt8] = []
    /// Where the next line starts.
    private var start = 0
    /// Bytes before this offset hold no newline after `start`.
    private var searched = 0
    /// Bytes looked at for a newline so far (each once).
    private(set) var bytesSearched = 0

    mutating func append(_ chunk: some Collection<UInt8>) {
        // Consumed bytes are dropped only once they are most of the buffer.
        if start > 0 && start >= bytes.count / 2 {
            bytes.removeFirst(start)
            searched -= start
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    /// The next complete line, without its newline; nil until one has arrived.
    mutating func nextLine() -> String? {
        let newline = bytes[searched...].firstIndex(of: UInt8(ascii: "\n"))
        bytesSearched += (newline.map { $0 + 1 } ?? bytes.count) - searched
        guard let newline else {
            searched = bytes.count
            return nil
        }
        let line = String(decoding: bytes[start..<newline], as: UTF8.self)
        start = newline + 1
        searched = start
        return line
    }
}
