import Foundation

/// Runs numbered pieces of work on several threads at once, each thread a lane with its own
/// worker: the positions are taken in order, and each answer lands at its own index, so the
/// order in which they finish never shows in what is returned.
enum Lanes {
    /// `body(position, lane)` for every position in `0..<count`, on at most `lanes` threads
    /// (lane 0 is the calling thread); `finished(position)` is told, one call at a time, after each.
    /// `start(lane)` is called first on each lane's thread.
    static func map<Answer>(
        _ count: Int, lanes: Int, start: @escaping (Int) -> Void = { _ in },
        finished: @escaping (Int) -> Void = { _ in }, _ body: @escaping (Int, Int) -> Answer
    ) -> [Answer] {
        let width = max(1, min(lanes, count))
        if width == 1 {
            if count > 0 { start(0) }
            return (0..<count).map { position in
                defer { finished(position) }
                return body(position, 0)
            }
        }
        let shared = SharedLanes(count: count, start: start, body: body, finished: finished)
        let ended = DispatchSemaphore(value: 0)
        for lane in 1..<width {
            Thread.detachNewThread { [shared] in
                shared.serve(lane: lane)
                ended.signal()
            }
        }
        shared.serve(lane: 0)
        for _ in 1..<width { ended.wait() }
        return shared.answers()
    }
}

/// The state the lanes share: the next position to take and the answers so far, under one lock.
/// Unchecked: `start`, `body` and `finished` are called only by lanes, and each lane ends before `Lanes.map`
/// returns.
private final class SharedLanes<Answer>: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private let start: (Int) -> Void
    private let body: (Int, Int) -> Answer
    private let finished: (Int) -> Void
    private var next = 0
    private var results: [Answer?]

    init(
        count: Int, start: @escaping (Int) -> Void, body: @escaping (Int, Int) -> Answer,
        finished: @escaping (Int) -> Void
    ) {
        self.count = count
        self.start = start
        self.body = body
        self.finished = finished
        results = Array(repeating: nil, count: count)
    }

    func serve(lane: Int) {
        start(lane)
        while let position = take() {
            let answer = body(position, lane)
            lock.withLock {
                results[position] = answer
                finished(position)
            }
        }
    }

    private func take() -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Every answer, by position; call once every lane has ended.
    func answers() -> [Answer] { lock.withLock { results.map { $0! } } }
}
