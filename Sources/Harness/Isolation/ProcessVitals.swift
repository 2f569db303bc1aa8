import Foundation

/// This process's live thread count and resident memory, as the kernel counts them.
struct ProcessVitals: Sendable, Equatable {
    var threads: Int
    var residentMegabytes: Double

    /// Now; nil when the system would not say.
    static func current() -> ProcessVitals? {
        #if os(Linux)
            // /proc/self/stat holds both on one line, cheaper to make and read than /proc/self/status:
            // after the command's closing parenthesis, field 20 is the thread count and 24 the resident pages.
            let descriptor = open("/proc/self/stat", O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var line = [UInt8](repeating: 0, count: 1024)
            let count = read(descriptor, &line, line.count)
            guard count > 0, let end = line[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
            let fields = line[(end + 1)..<count].split(separator: UInt8(ascii: " "))  // fields[0] is field 3
            guard fields.count > 21, let threads = Int(String(decoding: fields[17], as: UTF8.self)),
                let pages = Double(String(decoding: fields[21], as: UTF8.self))
            else { return nil }
            let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
            return ProcessVitals(threads: threads, residentMegabytes: pages * pageSize / 1_048_576)
        #elseif canImport(Darwin)
            var info = proc_taskinfo()
            let size = Int32(MemoryLayout<proc_taskinfo>.size)
            guard proc_pidinfo(getpid(), PROC_PIDTASKINFO, 0, &info, size) == size else { return nil }
            return ProcessVitals(
                threads: Int(info.pti_threadnum),
                residentMegabytes: Double(info.pti_resident_size) / 1_048_576)
        #else
            return nil
        #endif
    }
}
