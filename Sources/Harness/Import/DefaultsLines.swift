import Foundation
import Sandbox

/// A preferences file as `defaults set` lines: each value as a typed literal when the language reads
/// the literal back as the same value, else through a `plist` fixture.
struct DefaultsLines {
    var steps: [String] = []
    /// The fixtures the `plist` lines name: name and property-list bytes.
    var fixtures: [(name: String, data: Data)] = []

    init(_ values: [String: PlistValue], prefix: String, plugins: PluginRegistry) throws(ImportError) {
        for (index, key) in values.keys.sorted().enumerated() {
            guard let word = ScenarioWord.written(key) else {
                throw ImportError("preference key '\(ControlCharacters.escaped(key))' cannot be written in a scenario")
            }
            let value = values[key]!
            if let literal = Self.literal(value), Self.reads(literal, as: value, plugins: plugins) {
                steps.append("defaults set \(word) \(literal)")
                continue
            }
            let name = "\(prefix)\(index + 1).plist"
            guard let data = try? value.binaryData() else {
                throw ImportError("preference '\(ControlCharacters.escaped(key))' cannot be stored as a property list")
            }
            steps.append("defaults set \(word) plist \(name)")
            fixtures.append((name, data))
        }
    }

    /// `TYPE VALUE` as a scenario writes it, or nil for a value no literal holds.
    private static func literal(_ value: PlistValue) -> String? {
        switch value {
        case .string(let text): return ScenarioWord.written(text).map { "string " + $0 }
        case .integer(let number): return "int \(number)"
        case .real(let number): return "real \(number)"
        case .bool(let flag): return "bool \(flag)"
        case .date(let date):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return "date " + formatter.string(from: date)
        case .data(let bytes):
            return "data " + (bytes.isEmpty ? "\"\"" : bytes.map { String(format: "%02x", $0) }.joined())
        case .array, .dictionary: return nil
        }
    }

    /// Whether the scenario language reads `literal` back as `value` (a real printed as `inf`, a
    /// date finer than a millisecond, do not).
    private static func reads(_ literal: String, as value: PlistValue, plugins: PluginRegistry) -> Bool {
        let line = "defaults set key " + literal
        guard let tokens = try? LineTokenizer.tokenize(line, file: "", number: 1) else { return false }
        var step = StepReader(file: "", line: 1, plugins: plugins, app: nil, words: tokens.words)
        return (try? step.defaults()) == .setDefault(key: "key", value: .literal(value))
    }
}
