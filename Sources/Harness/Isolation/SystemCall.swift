import Foundation

/// The system calls that start, watch and pass descriptors to worker processes, where Linux and Darwin spell
/// them differently or only one has them: the rest of Isolation is the same code on both.
enum SystemCall {
    #if os(Linux)
        /// `RTLD_DEFAULT`'s address, a C macro Swift does not import: 0 in glibc.
        private static let everyLibrary = 0
        /// Glibc imports these as enums of their own.
        private static let streamSocket = Int32(SOCK_STREAM.rawValue)
        private static let coreFileSize = __rlimit_resource_t(RLIMIT_CORE.rawValue)
    #else
        /// `RTLD_DEFAULT`'s address, a C macro Swift does not import: -2 in Darwin's dlfcn.h.
        private static let everyLibrary = -2
        private static let streamSocket = SOCK_STREAM
        private static let coreFileSize = RLIMIT_CORE
    #endif

    /// A C function looked up by name at run time, nil where this system has none: glibc's extensions
    /// (`pipe2`, `malloc_trim`, `sched_setaffinity`), and `fork`, which Swift marks unavailable on Darwin.
    static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(UnsafeMutableRawPointer(bitPattern: everyLibrary), name).map { unsafeBitCast($0, to: type) }
    }

    /// `fork()`; -1 (errno ENOSYS) where it cannot be found.
    static func fork() -> pid_t {
        typealias Fork = @convention(c) () -> pid_t
        guard let call = function("fork", as: Fork.self) else {
            errno = ENOSYS
            return -1
        }
        return call()
    }

    /// A pipe, close-on-exec and optionally non-blocking: the reading end, then the writing end; nil when
    /// there is none. `pipe2` sets both flags at once where it exists (glibc); elsewhere `fcntl` sets them
    /// after, which is as good here: `Process` closes every descriptor but the standard three in its children.
    static func pipe(nonBlocking: Bool = false) -> [Int32]? {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        var ends: [Int32] = [-1, -1]
        if let pipe2 = function("pipe2", as: Pipe2.self) {
            return pipe2(&ends, O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)) == 0 ? ends : nil
        }
        guard systemPipe(&ends) == 0 else { return nil }
        for end in ends { closeOnExec(end) }
        if nonBlocking { for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) } }
        return ends
    }

    /// A connected pair of Unix stream sockets, each close-on-exec; nil when there is none.
    static func socketPair() -> [Int32]? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, streamSocket, 0, &ends) == 0 else { return nil }
        for end in ends { closeOnExec(end) }
        return ends
    }

    static func closeOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    /// `close(descriptor)`, for types whose own `close` method hides the C function.
    static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// A trapping app must not leave a core file behind or spend time writing one.
    static func disableCoreDumps() {
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(coreFileSize, &limit)
    }
}

/// The C functions themselves, out here where `SystemCall`'s methods of the same name do not hide them.
private func systemPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { pipe(ends) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
