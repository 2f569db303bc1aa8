import Foundation

/// What the fork server's template says on its control channel, a line each: `ready`,
/// `prepared`, `forked 4242`, `failed Resource temporarily unavailable`, `exited 4242 signal 4`.
enum ForkServerAnswer: Equatable {
    /// Warmed up and taking requests.
    case ready
    /// Holds the scenario of a job to prepare, and its fault-free run.
    case prepared
    /// The child that serves the request has this process id.
    case forked(pid_t)
    /// No child: why.
    case failed(String)
    /// A child ended so: the parent cannot `waitpid` a grandchild, so the template reports it.
    case exited(pid_t, WorkerExit)

    var line: String {
        switch self {
        case .ready: return "ready"
        case .prepared: return "prepared"
        case .forked(let child): return "forked \(child)"
        case .failed(let why): return "failed \(why.replacingOccurrences(of: "\n", with: " "))"
        case .exited(let child, .status(let status)): return "exited \(child) status \(status)"
        case .exited(let child, .signal(let number)): return "exited \(child) signal \(number)"
        }
    }

    init?(line: String) {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        switch (words.first, words.count) {
        case ("ready", 1): self = .ready
        case ("prepared", 1): self = .prepared
        case ("failed", 2): self = .failed(words[1])
        case ("forked", 2):
            guard let child = pid_t(words[1]), child > 0 else { return nil }
            self = .forked(child)
        case ("exited", 2):
            let fields = words[1].split(separator: " ")
            guard fields.count == 3, let child = pid_t(fields[0]), child > 0, let value = Int32(fields[2]) else {
                return nil
            }
            switch fields[1] {
            case "status": self = .exited(child, .status(value))
            case "signal": self = .exited(child, .signal(value))
            default: return nil
            }
        default: return nil
        }
    }

    /// How a child ended, from `waitpid`'s status word (`WIFEXITED` and `WTERMSIG` are C macros).
    static func exit(waitStatus status: Int32) -> WorkerExit {
        let signal = status & 0x7f
        return signal == 0 ? .status((status >> 8) & 0xff) : .signal(signal)
    }
}
