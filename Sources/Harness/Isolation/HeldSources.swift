/// The last scenario texts one worker was sent, each under the number the harness gave it (never reused
/// in that worker): the worker keeps each parsed, the harness keeps each text. Both sides hold and drop
/// alike (past `capacity`, the oldest goes), so the harness knows which texts a job may leave out.
struct HeldSources<Value> {
    /// An exploration sends one text to a worker for all of its schedules; a few cover the reproducer's too.
    static var capacity: Int { 2 }

    private var entries: [(number: Int, value: Value)] = []

    /// What is held under `number`; nil when it was never held or has been dropped.
    subscript(number: Int) -> Value? {
        get { entries.first { $0.number == number }?.value }
        set {
            guard let newValue, let index = entries.firstIndex(where: { $0.number == number }) else { return }
            entries[index].value = newValue
        }
    }

    mutating func hold(_ value: Value, as number: Int) {
        entries.removeAll { $0.number == number }
        entries.append((number, value))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    /// The number of the first value held that `matches` accepts.
    func number(where matches: (Value) -> Bool) -> Int? {
        entries.first { matches($0.value) }?.number
    }
}
