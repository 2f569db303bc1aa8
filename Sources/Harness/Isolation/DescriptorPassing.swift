import Foundation

/// Open file descriptors sent from one process to another over a Unix socket (`SCM_RIGHTS`),
/// with one byte of payload that says what they are for, as the fork server's requests carry a
/// worker's three pipe ends, or the pipe a job to prepare comes through.
enum DescriptorPassing {
    /// What a fork server request asks for: its payload byte.
    enum Request: UInt8 {
        /// Fork a worker on these three pipe ends (`F`).
        case fork = 70
        /// Read a job from this pipe and prepare its scenario (`P`; see `ForkServer.prepare`).
        case prepare = 80
    }

    /// `CMSG_LEN` / `CMSG_SPACE`, which Swift does not import (they are C macros): the data follows the header,
    /// aligned as the header's first field is (glibc's `size_t`, Darwin's 32-bit `socklen_t`).
    private static let headerSize = MemoryLayout<cmsghdr>.stride
    private static func space(_ count: Int) -> Int {
        let alignment = MemoryLayout<cmsghdr>.alignment
        return headerSize + (count * MemoryLayout<Int32>.size + alignment - 1) / alignment * alignment
    }

    /// Sends `descriptors` for `request`; false when the socket is closed or the send failed (the sender
    /// ignores SIGPIPE: Darwin has no `MSG_NOSIGNAL`).
    static func send(_ descriptors: [Int32], for request: Request, over socket: Int32) -> Bool {
        var control = [UInt8](repeating: 0, count: space(descriptors.count))
        var byte = request.rawValue
        return control.withUnsafeMutableBytes { controlBytes in
            var header = cmsghdr()
            header.cmsg_len = .init(headerSize + descriptors.count * MemoryLayout<Int32>.size)
            header.cmsg_level = SOL_SOCKET
            header.cmsg_type = Int32(SCM_RIGHTS)
            controlBytes.storeBytes(of: header, as: cmsghdr.self)
            for (index, descriptor) in descriptors.enumerated() {
                controlBytes.storeBytes(
                    of: descriptor, toByteOffset: headerSize + index * MemoryLayout<Int32>.size, as: Int32.self)
            }
            let sent = transfer(&byte, control: controlBytes) { sendmsg(socket, &$0, 0) }
            return sent == 1
        }
    }

    /// Receives a request and its descriptors (close-on-exec); nil at end of input, on an error,
    /// or when the message was not a request with as many descriptors as its kind takes.
    static func receive(from socket: Int32) -> (request: Request, descriptors: [Int32])? {
        let most = 3
        var control = [UInt8](repeating: 0, count: space(most))
        var byte: UInt8 = 0
        return control.withUnsafeMutableBytes { controlBytes -> (Request, [Int32])? in
            let received = transfer(&byte, control: controlBytes) { recvmsg(socket, &$0, 0) }
            guard received == 1 else { return nil }
            let header = controlBytes.load(as: cmsghdr.self)
            let carried = max(0, Int(header.cmsg_len) - headerSize) / MemoryLayout<Int32>.size
            guard header.cmsg_level == SOL_SOCKET, header.cmsg_type == Int32(SCM_RIGHTS) else { return nil }
            let descriptors = (0..<carried).map {
                controlBytes.load(fromByteOffset: headerSize + $0 * MemoryLayout<Int32>.size, as: Int32.self)
            }
            // Close-on-exec as glibc's MSG_CMSG_CLOEXEC would make them; the template never execs meanwhile.
            for descriptor in descriptors { SystemCall.closeOnExec(descriptor) }
            guard let request = Request(rawValue: byte), descriptors.count == request.descriptorCount else {
                for descriptor in descriptors { close(descriptor) }
                return nil
            }
            return (request, descriptors)
        }
    }

    /// `call` (`sendmsg` or `recvmsg`) on a message of one byte, `byte`, and the control data in
    /// `control`, again while a signal interrupts it.
    private static func transfer(
        _ byte: inout UInt8, control: UnsafeMutableRawBufferPointer, _ call: (inout msghdr) -> Int
    ) -> Int {
        withUnsafeMutableBytes(of: &byte) { payload in
            var vector = iovec(iov_base: payload.baseAddress, iov_len: 1)
            return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                var message = msghdr()
                message.msg_iov = vectorPointer
                message.msg_iovlen = 1
                message.msg_control = control.baseAddress
                message.msg_controllen = .init(control.count)
                while true {
                    let count = call(&message)
                    if count < 0 && errno == EINTR { continue }
                    return count
                }
            }
        }
    }
}

extension DescriptorPassing.Request {
    /// How many descriptors a request of this kind carries.
    var descriptorCount: Int { self == .fork ? 3 : 1 }
}
