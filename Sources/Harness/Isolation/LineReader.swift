import Foundation

/// Lines read from a descriptor with a deadline: a worker's standard output, the fork server's answers.
struct LineReader {
    let descriptor: Int32
    private var buffered = LineBuffer()

    init(descriptor: Int32) { self.descriptor = descriptor }

    enum Read {
        case line(String)
        /// The writer closed its end: it has ended.
        case closed
        /// Nothing came before the deadline.
        case overdue
    }

    /// The next line, waiting no later than `deadline`.
    mutating func readLine(before deadline: ContinuousClock.Instant) -> Read {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let line = buffered.nextLine() { return .line(line) }
            let remaining = deadline - .now
            guard remaining > .zero else { return .overdue }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Self.milliseconds(remaining))
            if polled == 0 || (polled < 0 && errno == EINTR) { continue }
            let count = polled < 0 ? -1 : read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .closed }
            buffered.append(chunk[..<count])
        }
    }

    /// `poll`'s timeout: whole milliseconds, rounded up so a wait never ends early.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }
}
