/// A benchmark that could not be carried out as planned: it gives no figure rather than a wrong one.
public struct BenchError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
