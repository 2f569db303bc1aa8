/// What a shard's report records so that `harness merge` can put the shards back together and refuse
/// parts of different jobs: the command, which part it is, what the whole job was given, and which build made it.
public struct ShardLabel: Sendable, Hashable, Codable {
    /// `run` or `explore`.
    public var command: String
    public var part: Shard
    public var seed: UInt64
    /// The other options that change the report, as typed: `--verify-determinism`, `--write-repros repros`.
    public var options: [String]
    /// Every scenario file of the whole job, in order: the merge puts each shard's back in its place.
    public var scenarios: [String]
    /// The harness build that made the report (`release 0174ca81…`, see `HarnessBuild`).
    public var build: String

    public init(
        command: String, part: Shard, seed: UInt64, options: [String], scenarios: [String],
        build: String = HarnessBuild.current
    ) {
        self.command = command
        self.part = part
        self.seed = seed
        self.options = options
        self.scenarios = scenarios
        self.build = build
    }
}
