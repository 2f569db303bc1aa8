import Foundation
import Harness
import Sandbox
import Testing

/// What parsing `text` reports, or nil when it parses.
private func messages(_ text: String) -> [String]? {
    do {
        _ = try ScenarioParser.parse(text, file: "f.scenario", plugins: .shipped)
        return nil
    } catch {
        return error.errors.map(\.description)
    }
}

private func bytes(_ hex: String) -> Data {
    let digits = Array(hex.filter(\.isHexDigit))
    return Data(stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...($0 + 1)]), radix: 16)! })
}

/// A binary plist holding a set (marker 0xC1): swift-corelibs-foundation crashed (SEGV) bridging it.
private let setPlist = "62706c6973743030c1011005080a000000000000010100000000000000020000000000000000000000000000000c"

/// 40 arrays, each holding the next one twice: 212 bytes that Foundation copied out to 2^41 objects (it hung).
private let sharedSubtreesPlist = """
    62706c6973743030a20101a20202a20303a20404a20505a20606a20707a20808a20909a20a0aa20b0ba20c0ca20d0da2
    0e0ea20f0fa21010a21111a21212a21313a21414a21515a21616a21717a21818a21919a21a1aa21b1ba21c1ca21d1da2
    1e1ea21f1fa22020a22121a22222a22323a22424a22525a22626a22727a2282853616263080b0e1114171a1d20232629
    2c2f3235383b3e4144474a4d505356595c5f6265686b6e7174777a7d8000000000000001010000000000000029000000
    00000000000000000000000084
    """

/// `depth` arrays, each holding the next, around an empty one (2-byte offsets and refs).
private func nestedArrays(depth: Int) -> Data {
    var body = Array("bplist00".utf8)
    var offsets: [Int] = []
    for index in 0...depth {
        offsets.append(body.count)
        body += index < depth ? [0xA1, UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)] : [0xA0]
    }
    let table = body.count
    for offset in offsets { body += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    func word(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
    return Data(body + [0, 0, 0, 0, 0, 0, 2, 2] + word(offsets.count) + word(0) + word(table))
}

/// Inputs that crashed or hung the parsers and loaders (Tests/Fuzz/fuzz.sh); each must now get an answer, quickly.
@Suite(.timeLimit(.minutes(1))) struct FuzzRegressionTests {
    @Test func binaryPlistWithASetIsNotAPropertyList() {
        let text = "app hiitfit\ndefaults set k plist p\n-- p (hex) --\n\(setPlist)\n"
        #expect(messages(text) == ["f.scenario:2:22: fixture 'p' does not hold a property list"])
        #expect(throws: (any Error).self) { try PlistValue(propertyList: bytes(setPlist)) }
    }

    @Test func binaryPlistWithSharedSubtreesIsNotAPropertyList() {
        let text = "app hiitfit\ndefaults set k plist p\n-- p (hex) --\n\(sharedSubtreesPlist)\n"
        #expect(messages(text) == ["f.scenario:2:22: fixture 'p' does not hold a property list"])
        #expect(throws: (any Error).self) { try PlistValue(propertyList: bytes(sharedSubtreesPlist)) }
    }

    /// Not a finding: the guard added for the two above recurses, so it refuses deep nesting, but not ordinary nesting.
    @Test func deeplyNestedBinaryPlistIsRefused() throws {
        #expect(try PlistValue(propertyList: nestedArrays(depth: 100)).shape == "array of 1")
        #expect(throws: (any Error).self) { try PlistValue(propertyList: nestedArrays(depth: 600)) }
    }

    /// `*a*a...*b` against 60 letters: the backtracking matcher took exponential time.
    @Test func patternWithManyStarsMatchesQuickly() throws {
        let pattern = String(repeating: "*a", count: 12) + "*b"
        let scenario = try ScenarioParser.parse(
            "app hiitfit\nfault read \(pattern) io-error every\n", file: "f.scenario", plugins: .shipped)
        guard case .fault(let rule) = scenario.steps.first?.command else {
            Issue.record("expected a fault step")
            return
        }
        #expect(!rule.path.matches(String(repeating: "a", count: 60)))
        #expect(rule.path.matches(String(repeating: "a", count: 60) + "b"))
        #expect(!PathPattern(String(repeating: "**a", count: 12) + "**b").matches(String(repeating: "a/", count: 30)))
    }

    /// A 100,000-letter zone: "did you mean" measured its edit distance to each of the ~600 zones.
    @Test func longUnknownTimeZoneIsReportedQuickly() {
        let zone = String(repeating: "x", count: 100_000)
        #expect(messages("app hiitfit\ntimezone \(zone)\n") == ["f.scenario:2:10: unknown time zone '\(zone)'"])
    }

    /// `explore x --timeout 1e300`, found by the options target before `--timeout` had a range: the options a shard's
    /// label records made an `Int` of it. A timeout set through the API, which has no range, still comes here.
    @Test func hugeTimeoutIsWrittenAsSwiftWritesIt() {
        #expect(IsolatedRunner.seconds(1e300) == "1e+300")
        #expect(IsolatedRunner.seconds(0x1p63) == "9.223372036854776e+18")
        #expect(IsolatedRunner.seconds(60) == "60")
        #expect(IsolatedRunner.seconds(0.5) == "0.5")
    }
}
