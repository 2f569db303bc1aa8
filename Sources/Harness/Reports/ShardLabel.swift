/// What a shard's report records so that `harness merge` can put the shards back together and refuse
/// parts of different jobs: the command, which part it is, and what the whole job was given.
public struct ShardLabel: Sendable, Hashable, Codable {
    /// `run` or `explore`.
    public var command: String
    public var part: Shard
    public var seed: UInt64
    /// The other options that change the report, as typed: `--verify-determinism`, `--write-repros repros`.
    public var options: [String]
    /// Every scenario file of the whole job, in order: the merge puts each shard's back in its place.
    public var scenarios: [String]

    public init(command: String, part: Shard, seed: UInt64, options: [String], scenarios: [String]) {
        self.command = command
        self.part = part
        self.seed = seed
        self.options = options
        self.scenarios = scenarios
    }
}
