import Foundation

/// Text files on the seam: `String(contentsOf:encoding:)` and `String.write(to:atomically:encoding:)`,
/// so that ported code that reads and writes text changes by one word.
extension FileSystem {
    /// `String(contentsOf: url, encoding: encoding)`: bytes that are not text in `encoding` throw
    /// what Foundation throws on this platform (261 on Darwin, 259 in swift-corelibs-foundation).
    public func string(contentsOf url: URL, encoding: String.Encoding) throws -> String {
        guard let text = String(data: try contents(of: url), encoding: encoding) else {
            #if canImport(Darwin)
                let code = CocoaError.Code.fileReadInapplicableStringEncoding
            #else
                let code = CocoaError.Code.fileReadCorruptFile
            #endif
            throw CocoaError(code, userInfo: [NSFilePathErrorKey: url.path, NSURLErrorKey: url])
        }
        return text
    }

    /// `text.write(to: url, atomically: atomically, encoding: encoding)`; for `write(toFile: path, ...)`
    /// pass `URL(fileURLWithPath: path)`. Text that `encoding` cannot hold throws
    /// `CocoaError(.fileWriteInapplicableStringEncoding)`, as Foundation does.
    public func write(_ text: String, to url: URL, atomically: Bool, encoding: String.Encoding) throws {
        guard let data = text.data(using: encoding) else {
            throw CocoaError(
                .fileWriteInapplicableStringEncoding,
                userInfo: [NSFilePathErrorKey: url.path, NSURLErrorKey: url])
        }
        try write(data, to: url, mode: atomically ? .atomic : .plain)
    }
}
