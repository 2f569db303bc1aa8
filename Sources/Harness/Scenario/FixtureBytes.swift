import Foundation

/// A fixture's bytes. An XML property list's binary form is made on first use: converting a long
/// history costs as much as the app saving it, and the harness process, which sends workers the
/// scenario's text, never stores a fixture.
final class FixtureBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Data?
    /// The parsed XML property list (immutable Foundation objects) until its binary form is made.
    private var plist: Any?

    init(_ data: Data) { made = data }

    /// `plist` came from parsing XML within the depth limit, so it holds only property list types
    /// and always has a binary form.
    init(binaryOf plist: Any) { self.plist = plist }

    var data: Data {
        lock.withLock {
            if let made { return made }
            let binary =
                plist.flatMap { try? PropertyListSerialization.data(fromPropertyList: $0, format: .binary, options: 0) }
                ?? Data()
            (made, plist) = (binary, nil)
            return binary
        }
    }
}
