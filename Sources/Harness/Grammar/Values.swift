import Foundation
import Sandbox

/// Why a word is not the value it should be, in words: reported at the word in a scenario,
/// or after the flag on the command line.
struct ValueProblem: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Checks of single words: numbers, dates, times, offsets, hex.
enum Values {
    /// Digits only: 0 or more, when they fit in an `Int`.
    static func wholeNumber(_ text: String) -> Int? { try? number(text, as: Int.self) }

    static func isDigits(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy(\.isASCIIDigit) }

    /// Digits, after a sign when `signed`, that fit in `T`; a number that does not fit is told the range.
    static func number<T: FixedWidthInteger>(
        _ text: String, as type: T.Type,
        signed: Bool = false
    ) throws(ValueProblem) -> T {
        let sign = signed && (text.first == "-" || text.first == "+") ? text.first : nil
        guard isDigits(sign == nil ? text : String(text.dropFirst())) else {
            throw ValueProblem("expected a whole number, found '\(text)'")
        }
        guard let value = T(text) else {
            let size = sign == "-" ? "small" : "large"
            throw ValueProblem("number '\(text)' is too \(size) (the range is \(signed ? T.min : 0) to \(T.max))")
        }
        return value
    }

    /// A decimal number such as `1.5`, `-2` or `1e3`, within the range of a `Double`.
    static func real(_ text: String) throws(ValueProblem) -> Double {
        guard text.contains(where: \.isASCIIDigit), text.allSatisfy({ $0.isASCIIDigit || "+-.eE".contains($0) }),
            let value = Double(text)
        else { throw ValueProblem("expected a number like 1.5, found '\(text)'") }
        guard value.isFinite else {
            throw ValueProblem("number '\(text)' is too large (the range is ±\(Double.greatestFiniteMagnitude))")
        }
        return value
    }

    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "YES": return true
        case "false", "NO": return false
        default: return nil
        }
    }

    /// `2026-03-01` as numbers, if it has that form.
    static func calendarDate(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = wholeNumber(String(parts[0])), let m = wholeNumber(String(parts[1])),
            let d = wholeNumber(String(parts[2]))
        else { return nil }
        return (y, m, d)
    }

    static func isValidDate(year: Int, month: Int, day: Int) -> Bool {
        guard year >= 1, (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// `08:00` or `08:00:30` as numbers, if it has that form.
    static func time(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 }) else { return nil }
        let numbers = parts.compactMap { wholeNumber(String($0)) }
        guard numbers.count == parts.count else { return nil }
        return (numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : 0)
    }

    /// An ISO 8601 date and time such as `2026-03-01T08:00:00Z`.
    static func isoDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// The value of one hex digit.
    static func hexDigit(_ c: Character) -> UInt8? {
        guard let value = c.hexDigitValue, c.isASCII else { return nil }
        return UInt8(value)
    }

    /// Why `text` is not a usable container-relative path, or nil when it is.
    static func pathProblem(_ text: String, allowWildcards: Bool = false) -> String? {
        if text.isEmpty { return "a path cannot be empty" }
        if text.hasPrefix("/") { return "path '\(text)' must be relative to the container (no leading '/')" }
        let components = text.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains("..") { return "path '\(text)' must not contain '..'" }
        if components.contains(".") { return "path '\(text)' must not contain '.' components" }
        if components.contains("") { return "path '\(text)' has an empty component" }
        if !allowWildcards && text.contains("*") { return "path '\(text)' cannot contain '*' (only patterns can)" }
        return nil
    }

    /// Why `text` is not a pattern for operations of `kind`, or nil when it is.
    static func patternProblem(_ text: String, for kind: OperationKind) -> String? {
        switch kind {
        case .get, .set:
            guard text.hasPrefix("defaults:"), text.count > "defaults:".count else {
                return "'\(kind.rawValue)' operations are on keys: write 'defaults:KEY', found '\(text)'"
            }
            return nil
        case .now:
            return text == "*" ? nil : "clock reads have no path: write '*', found '\(text)'"
        default:
            if text.hasPrefix("defaults:") {
                return "'\(kind.rawValue)' operations are on files, but '\(text)' names a key"
            }
            return pathProblem(text, allowWildcards: true)
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
