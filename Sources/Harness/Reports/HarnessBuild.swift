import Foundation

/// Which build of the harness made a report: its configuration and the build id its linker wrote into the executable
/// (`release 0174ca81…`). Parts of one job made by different builds may not agree (a release build prints no message
/// for an index-out-of-range trap; other code may judge otherwise), so `merge` refuses them.
public enum HarnessBuild {
    /// The running harness's build.
    public static let current = configuration + (linkerID(of: IsolatedRunner.currentExecutable).map { " " + $0 } ?? "")

    private static var configuration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    /// The build id in the executable at `url`, in hex: an ELF file's GNU build-id note or a Mach-O file's UUID,
    /// both near the start of the file; nil when it has none.
    static func linkerID(of url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 16) else { return nil }
        let bytes = [UInt8](head)
        let id = elfBuildID(bytes) ?? machOUUID(bytes)
        return id.map { $0.map { String(format: "%02x", $0) }.joined() }
    }

    /// A little-endian number of `size` bytes at `offset`; nil past the end.
    private static func number(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> Int? {
        guard offset >= 0, offset + size <= bytes.count else { return nil }
        return (0..<size).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    /// The descriptor of the `NT_GNU_BUILD_ID` note of a 64-bit little-endian ELF file.
    private static func elfBuildID(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]),
            let headers = number(bytes, 0x20, 8), let size = number(bytes, 0x36, 2), let count = number(bytes, 0x38, 2)
        else { return nil }
        for header in (0..<count).map({ headers + $0 * size }) where number(bytes, header, 4) == 4 {  // PT_NOTE
            guard let start = number(bytes, header + 8, 8), let length = number(bytes, header + 32, 8) else { continue }
            var note = start
            while let nameSize = number(bytes, note, 4), let descriptorSize = number(bytes, note + 4, 4),
                let type = number(bytes, note + 8, 4), note + 12 <= start + length
            {
                let descriptor = note + 12 + (nameSize + 3) / 4 * 4
                if type == 3, nameSize == 4, bytes[(note + 12)...].starts(with: Array("GNU\0".utf8)),
                    descriptor + descriptorSize <= bytes.count
                {
                    return Array(bytes[descriptor..<(descriptor + descriptorSize)])
                }
                note = descriptor + (descriptorSize + 3) / 4 * 4
            }
        }
        return nil
    }

    /// The `LC_UUID` of a 64-bit Mach-O file.
    private static func machOUUID(_ bytes: [UInt8]) -> [UInt8]? {
        guard number(bytes, 0, 4) == 0xFEED_FACF, let count = number(bytes, 16, 4) else { return nil }
        var command = 32
        for _ in 0..<count {
            guard let kind = number(bytes, command, 4), let size = number(bytes, command + 4, 4), size > 0 else {
                return nil
            }
            if kind == 0x1B, command + 24 <= bytes.count { return Array(bytes[(command + 8)..<(command + 24)]) }
            command += size
        }
        return nil
    }
}
