import Foundation
import Testing

@testable import Harness

/// A worker's answer comes in pipe-sized pieces; reading it must not rescan what it already searched.
@Suite struct LineBufferTests {
    static let lines = (0..<5_000).map { "{\"step\":{\"_0\":\($0)}}" }
    static let text = Data(lines.map { $0 + "\n" }.joined().utf8)

    @Test(
        "Every line comes out whole and in order, and each byte is searched once",
        arguments: [1, 7, 4096, text.count])
    func linesAcrossChunks(chunkSize: Int) {
        var buffer = LineBuffer()
        var received: [String] = []
        var offset = 0
        while offset < Self.text.count {
            buffer.append(Self.text[offset..<min(offset + chunkSize, Self.text.count)])
            offset += chunkSize
            while let line = buffer.nextLine() { received.append(line) }
        }
        #expect(received == Self.lines)
        #expect(buffer.bytesSearched == Self.text.count)
    }

    @Test("A line without its newline yet is held back until the rest arrives")
    func partialLineWaits() {
        var buffer = LineBuffer()
        buffer.append(Data("{\"result\":".utf8))
        #expect(buffer.nextLine() == nil)
        buffer.append(Data("1}\nnext".utf8))
        #expect(buffer.nextLine() == "{\"result\":1}")
        #expect(buffer.nextLine() == nil)
    }
}
