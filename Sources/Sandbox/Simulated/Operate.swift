import Foundation

/// What one operation did, decided under the world's lock.
struct OperationOutcome<Value> {
    var value: Result<Value, any Error>
    var result: String
    var bytes: Int?
    /// The operation itself kills the process (a partial write that ends in a crash).
    var crash: CrashKind?
    /// The fault that fired changed what the operation did (its result says so too).
    var faulted = false

    static func ok(_ value: Value, _ result: String = "ok", bytes: Int? = nil, faulted: Bool = false) -> Self {
        Self(value: .success(value), result: result, bytes: bytes, faulted: faulted)
    }

    /// The error thrown, after `fault, ` when the fault threw it.
    static func failed(_ error: any Error, bytes: Int? = nil, faulted: Bool = false) -> Self {
        Self(
            value: .failure(error), result: (faulted ? "fault, " : "") + "threw " + error.harnessSummary,
            bytes: bytes, faulted: faulted)
    }
}

extension SimulatedWorld {
    /// The single seam through which every simulated operation passes: it checks the
    /// caller is alive, picks the fault, logs the operation and applies crashes.
    func operate<Value>(
        _ caller: Int, _ kind: OperationKind, _ path: String, target: String? = nil,
        platform: Bool = false,
        _ body: (Fault?) -> OperationOutcome<Value>
    ) throws -> Value {
        lock.lock()
        guard isLive(caller) else {
            lock.unlock()
            try die()
        }
        if peeking {
            let outcome = body(nil)
            lock.unlock()
            return try outcome.value.get()
        }
        var fault = armed.firing(kind: kind, path: path, target: target)
        if fault?.killsTheProcess == true, crashRecords.count + 1 == sparedCrash {
            fault = nil
            sparedCrash = nil
        }
        if case .crashBefore(let crash) = fault {
            let number = record(
                caller, kind, path, target: target, result: "crash before (\(crash.rawValue))", fault: fault,
                platform: platform)
            crashLocked(crash, operation: number)
            lock.unlock()
            try die()
        }
        let outcome = body(fault)
        var result = outcome.result
        let afterward = fault?.crashAfterward
        if let afterward {
            let then = afterward.flushingFirst ? "then flush and crash" : "then crash"
            result += ", \(then) (\(afterward.kind.rawValue))"
        }
        let number = record(
            caller, kind, path, target: target, bytes: outcome.bytes, result: result,
            fault: outcome.faulted || afterward != nil ? fault : nil, platform: platform)
        if let crash = outcome.crash {
            crashLocked(crash, operation: number)
            lock.unlock()
            try die()
        }
        if let afterward {
            if afterward.flushingFirst {
                // The flush is an operation of its own, logged as the platform's, so it runs outside the lock.
                lock.unlock()
                _ = flushDefaults(caller: caller)
                lock.lock()
            }
            crashLocked(afterward.kind, operation: number)
            lock.unlock()
            try die()
        }
        lock.unlock()
        return try outcome.value.get()
    }
}
