import Foundation

/// One status line on standard error, rewritten in place while long work goes on. Shown only
/// when standard error is a terminal, so nothing of it reaches a pipe, a file or `--json` output.
final class TerminalProgress {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var showing = false

    func show(_ text: String) {
        guard isTerminal else { return }
        write("\r\u{1B}[K" + String(ControlCharacters.escaped(text).prefix(Self.columns() - 1)))
        showing = true
    }

    /// Removes the status line: before other output, and when the work is done.
    func clear() {
        guard showing else { return }
        write("\r\u{1B}[K")
        showing = false
    }

    private func write(_ text: String) { StandardError.write(text) }

    /// The terminal's width: a longer line would wrap, and `\r` would rewrite only its last row.
    private static func columns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 1 else { return 80 }
        return Int(size.ws_col)
    }
}
