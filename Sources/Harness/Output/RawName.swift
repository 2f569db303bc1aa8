import Foundation

/// A name as the system gives it, in bytes that need not be UTF-8 (a file name, a word on the command line): Swift
/// would turn each byte that is not part of a UTF-8 character into U+FFFD, and so name another file.
struct RawName {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    init(cString: UnsafePointer<CChar>) {
        bytes = UnsafeBufferPointer(start: cString, count: strlen(cString)).map { UInt8(bitPattern: $0) }
    }

    /// The name of a folder's entry, from `readdir`.
    init(_ entry: UnsafeMutablePointer<dirent>) {
        bytes = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: $0.pointee)) {
                RawName(cString: $0).bytes
            }
        }
    }

    /// The name, or nil when it is not UTF-8.
    var text: String? { String(bytes: bytes, encoding: .utf8) }

    /// The name for a message: each byte that is not part of a UTF-8 character written `\xE9`.
    var shown: String { decoded.shown }

    /// `not UTF-8 text (byte 0xE9)`, naming the first byte that is not part of a UTF-8 character; nil for UTF-8.
    var problem: String? { decoded.firstInvalid.map { String(format: "not UTF-8 text (byte 0x%02X)", $0) } }

    private var decoded: (shown: String, firstInvalid: UInt8?) {
        var shown = ""
        var firstInvalid: UInt8?
        var index = 0
        while index < bytes.count {
            // The shortest run of bytes from here that is UTF-8 is one character.
            let character = (1...4).lazy.compactMap { length in
                index + length <= bytes.count
                    ? String(bytes: self.bytes[index..<(index + length)], encoding: .utf8) : nil
            }.first
            if let character {
                shown += character
                index += character.utf8.count
            } else {
                shown += String(format: "\\x%02X", bytes[index])
                firstInvalid = firstInvalid ?? bytes[index]
                index += 1
            }
        }
        return (shown, firstInvalid)
    }
}
