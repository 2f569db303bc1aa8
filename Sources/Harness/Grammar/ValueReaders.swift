import Foundation
import Sandbox

/// The types a `defaults` value can be written in.
enum LiteralType: String, CaseIterable {
    case string, int, real, bool, date, data
}

extension CommandReader {
    /// `TYPE VALUE...` for a literal of one of the `LiteralType`s, up to the end of the line.
    mutating func literal(_ type: LiteralType) throws(ScenarioError) -> PlistValue {
        switch type {
        case .string:
            return .string(try rest().text)
        case .data:
            let words = remaining()
            guard !words.isEmpty else { throw missing() }
            return .data(try hexData(words))
        case .int, .real, .bool, .date:
            let word = try next()
            try finish()
            return try scalar(type, word)
        }
    }

    private func scalar(_ type: LiteralType, _ word: Word) throws(ScenarioError) -> PlistValue {
        let text = word.text
        switch type {
        case .int:
            let number = try value(of: word) { text throws(ValueProblem) in
                try Values.number(text, as: Int.self, signed: true)
            }
            return .integer(number)
        case .real:
            return .real(try value(of: word, Values.real))
        case .bool:
            guard let value = Values.bool(text) else {
                throw error(word, "expected true, false, YES or NO, found '\(text)'")
            }
            return .bool(value)
        case .date:
            guard let value = Values.isoDate(text) else {
                throw error(word, "expected a date like 2026-03-01T08:00:00Z, found '\(text)'")
            }
            return .date(value)
        case .string, .data:
            return .string(text)
        }
    }

    /// Hex digits spread over words (`de ad beef`); `""` is no bytes.
    func hexData(_ words: [Word]) throws(ScenarioError) -> Data {
        var digits: [(UInt8, Int)] = []
        for word in words {
            for (offset, c) in word.text.enumerated() {
                let column = word.column + offset + (word.quoted ? 1 : 0)
                guard let value = Values.hexDigit(c) else { throw error(at: column, "'\(c)' is not a hex digit") }
                digits.append((value, column))
            }
        }
        if digits.count % 2 == 1 { throw error(at: digits.last!.1, "odd number of hex digits") }
        var bytes = Data()
        for pair in stride(from: 0, to: digits.count, by: 2) { bytes.append(digits[pair].0 << 4 | digits[pair + 1].0) }
        return bytes
    }

    /// A day such as `2026-03-01` (the word, or `text` read from it), checked against the calendar.
    public func calendarDate(_ word: Word, text: String? = nil) throws(ScenarioError) -> (
        year: Int, month: Int, day: Int
    ) {
        let text = text ?? word.text
        guard let date = Values.calendarDate(text) else {
            throw error(word, "expected a date like 2026-03-01, found '\(text)'")
        }
        guard Values.isValidDate(year: date.year, month: date.month, day: date.day) else {
            throw error(word, "no such date '\(text)'")
        }
        return date
    }

    /// A validated time zone identifier.
    func timeZone(_ word: Word) throws(ScenarioError) -> String {
        guard TimeZone(identifier: word.text) != nil else {
            throw error(
                word,
                "unknown time zone '\(word.text)'" + Suggestions.hint(word.text, TimeZone.knownTimeZoneIdentifiers))
        }
        return word.text
    }

    /// The remaining words as comma-separated names (`Ann, Bob Smith`), each entry's words joined by a space.
    public mutating func names() throws(ScenarioError) -> [String] {
        try list(remaining()).map { $0.map(\.text).joined(separator: " ") }
    }

    /// Comma-separated entries (`Squat, Sun Salute`), each as its words; a quoted word keeps its commas.
    public func list(_ words: [Word]) throws(ScenarioError) -> [[Word]] {
        var entries: [[Word]] = []
        var current: [Word] = []
        var lastComma: Int?
        for word in words {
            guard !word.quoted else {
                current.append(word)
                continue
            }
            var start = 0
            let chars = Array(word.text)
            for (offset, c) in chars.enumerated() where c == "," {
                if offset > start { current.append(piece(chars, start, offset, word)) }
                guard !current.isEmpty else { throw error(at: word.column + offset, "empty entry before ','") }
                entries.append(current)
                current = []
                lastComma = word.column + offset
                start = offset + 1
            }
            if start < chars.count { current.append(piece(chars, start, chars.count, word)) }
        }
        if current.isEmpty, let lastComma { throw error(at: lastComma, "nothing after ','") }
        if !current.isEmpty { entries.append(current) }
        return entries
    }

    private func piece(_ chars: [Character], _ start: Int, _ end: Int, _ word: Word) -> Word {
        Word(text: String(chars[start..<end]), column: word.column + start, endColumn: word.column + end, quoted: false)
    }
}
