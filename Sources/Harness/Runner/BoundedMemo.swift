import Foundation

/// Answers of a pure function, remembered by its whole input (found by hash, kept only when equal) and at
/// most `capacity` of them: a full memo forgets everything and starts again, so its memory stays bounded.
final class BoundedMemo<Input: Hashable & Sendable, Answer: Sendable>: @unchecked Sendable {
    let capacity: Int
    /// Guarded by `lock`: in-process runs (tests, `HarnessTesting`) may share the memo across threads.
    private var answers: [Input: Answer] = [:]
    private let lock = NSLock()

    init(capacity: Int) { self.capacity = capacity }

    /// How many answers are held now.
    var count: Int { lock.withLock { answers.count } }

    /// The answer for `input`: remembered, or `compute`d (outside the lock) and remembered.
    func answer(for input: Input, compute: (Input) -> Answer) -> Answer {
        if let known = lock.withLock({ answers[input] }) { return known }
        let answer = compute(input)
        lock.withLock {
            if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            answers[input] = answer
        }
        return answer
    }
}

/// Bytes as a memo's input: hashed whole (`Data` hashes only a prefix, and stored files share theirs).
struct HashedBytes: Hashable, Sendable {
    let data: Data

    func hash(into hasher: inout Hasher) {
        hasher.combine(data.count)
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
