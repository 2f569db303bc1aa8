// libFuzzer entry for the scenario parser and every fixture loader. Not a package target: Tests/Fuzz/fuzz.sh
// compiles the module Harness with testing on, so that it sees the internal loaders.
import ChecklistsPlugin
import Foundation
import HIITFitPlugin
import NamesToFacesPlugin
import Sandbox

@testable import Harness

/// The three shipped apps, so that every verb and check of the corpus parses.
let plugins = try! PluginRegistry([.hiitfit, .checklists, .namesToFaces])

/// One input: the whole parser, each fixture decoder on the raw lines, the property-list reader, path patterns.
@_cdecl("LLVMFuzzerTestOneInput")
public func scenarioFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Data(bytes: start, count: count)
    let text = String(decoding: bytes, as: UTF8.self)
    _ = try? ScenarioParser.parse(text, file: "fuzz.scenario", plugins: plugins)

    let lines = ScenarioParser.splitLines(text)
    let location = ScenarioLocation(file: "fuzz.scenario", line: 1, column: 4)
    for encoding in FixtureEncoding.allCases {
        let header = FixtureHeader(name: "fuzz", nameColumn: 4, encoding: encoding)
        // The decoded bytes too: hex and base64 text is how mutations reach the binary plist reader.
        if let data = try? FixtureDecoder.decode(lines, firstLine: 2, header: header, location: location) {
            _ = try? PlistValue(propertyList: data.data)
        }
    }
    _ = try? PlistValue(propertyList: bytes)

    // Fault and `expect files` patterns: the first line is the pattern, the rest the path it is matched against.
    if let newline = text.firstIndex(of: "\n") {
        _ = PathPattern(String(text[..<newline])).matches(String(text[text.index(after: newline)...]))
    }
    return 0
}
