/// A benchmark that could not be carried out as planned: it gives no figure rather than a wrong one.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
