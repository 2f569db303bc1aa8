/// Why an output was not written: the output as messages name it, and the reason, in the system's own words for an
/// error number where there is one (`No space left on device`). Found before any work starts, it is a path the
/// command cannot use (exit status 2); found while writing, the harness failed to finish what it was asked (3).
package struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `'--junit' file 'junit.xml'`, `'--write-repros' folder 'repros'`, `standard output`.
    var output: String
    /// `No space left on device`, `it is a folder`.
    var reason: String
    /// Whether it was found while writing, after the work, rather than by the check before it.
    var whileWriting: Bool

    package var description: String { "cannot write \(output): \(reason)" }
}
