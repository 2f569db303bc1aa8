/// Which version of an app's persistence code runs.
public enum Edition: String, Sendable, CaseIterable, Codable {
    /// The code as the tutorial leaves it, flaws included.
    case book
    /// The same API and file formats, changed only where data can be lost.
    case hardened
}
