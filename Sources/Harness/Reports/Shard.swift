/// `--shard I/N`: part I of N of a command's scenario files. The unit is a scenario file, never split (its
/// coverage and its shrunk reproductions need every run of it), dealt out in turn in the order the files
/// are listed: file 1 to part 1, file 2 to part 2, …, file N+1 to part 1 again.
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1 to `count`.
    public var number: Int
    public var count: Int

    /// The most parts a job is split into: more than any CI matrix runs, and each part needs a job of its own.
    public static let largestCount = 1000

    public init(number: Int, count: Int) {
        precondition(1 <= number && number <= count, "a shard is 1 to N of N")
        self.number = number
        self.count = count
    }

    /// `2/3`: nil unless the text is two whole numbers with 1 ≤ I ≤ N ≤ `largestCount`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ Values.isDigits(String($0)) }),
            let number = Int(parts[0]), let count = Int(parts[1]), Self.isPart(number, of: count)
        else { return nil }
        self.init(number: number, count: count)
    }

    /// A shard read from a report: out of range, it is refused rather than dealt from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let number = try container.decode(Int.self, forKey: .number)
        let count = try container.decode(Int.self, forKey: .count)
        guard Self.isPart(number, of: count) else {
            throw DecodingError.dataCorruptedError(
                forKey: .number, in: container,
                debugDescription: "shard \(number)/\(count) is not 1 to N of N (N at most \(Self.largestCount))")
        }
        self.init(number: number, count: count)
    }

    private static func isPart(_ number: Int, of count: Int) -> Bool {
        1 <= number && number <= count && count <= largestCount
    }

    public var description: String { "\(number)/\(count)" }

    /// Whether the file at `position` (0-based) of the whole list is this part's.
    public func holds(position: Int) -> Bool { position % count == number - 1 }

    /// This part's files, in the order of the whole list.
    public func share<Item>(of whole: [Item]) -> [Item] {
        whole.indices.filter(holds(position:)).map { whole[$0] }
    }
}
