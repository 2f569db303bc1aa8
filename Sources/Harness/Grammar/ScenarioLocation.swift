/// A place in a scenario file; lines and columns count from 1 (line 0: the file as a whole).
public struct ScenarioLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { line > 0 ? "\(file):\(line):\(column)" : file }
}
