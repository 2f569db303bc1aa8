import Foundation

/// The name the user ran this program by (`harness`, or their own `FacesCLI`): a message that names the
/// program names this one, since `harness` does not know a user's editions.
package enum ProgramName {
    /// The running executable's file name.
    package static let current = IsolatedRunner.currentExecutable.lastPathComponent

    /// `FacesCLI: message`, the way every line the command line writes to standard error begins.
    static func line(_ message: String) -> String { current + ": " + message }
}
