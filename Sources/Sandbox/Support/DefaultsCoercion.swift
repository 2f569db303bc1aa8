import Foundation

/// UserDefaults' typed-getter conversions, as measured on swift-corelibs-foundation.
enum DefaultsCoercion {
    static func string(_ value: Any?) -> String? {
        switch value {
        case let s as String: return s
        case let b as Bool: return b ? "1" : "0"
        case let i as Int: return String(i)
        case let d as Double: return String(d)
        default: return nil
        }
    }

    static func integer(_ value: Any?) -> Int {
        switch value {
        case let b as Bool: return b ? 1 : 0
        case let i as Int: return i
        case let d as Double: return d.isFinite ? Int(d.rounded(.towardZero).clamped(to: -9.2e18...9.2e18)) : 0
        case let s as String: return leadingInteger(s)
        default: return 0
        }
    }

    static func double(_ value: Any?) -> Double {
        switch value {
        case let b as Bool: return b ? 1 : 0
        case let i as Int: return Double(i)
        case let d as Double: return d
        case let s as String: return leadingDouble(s)
        default: return 0
        }
    }

    static func bool(_ value: Any?) -> Bool {
        switch value {
        case let b as Bool: return b
        case let i as Int: return i != 0
        case let d as Double: return d != 0
        case let s as String: return stringBool(s)
        default: return false
        }
    }

    /// `NSString.integerValue`: optional whitespace and sign, then leading digits.
    static func leadingInteger(_ s: String) -> Int {
        var scalars = Substring(s).drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
        var negative = false
        if let first = scalars.first, first == "-" || first == "+" {
            negative = first == "-"
            scalars = scalars.dropFirst()
        }
        var value = 0
        for c in scalars {
            guard let digit = c.wholeNumberValue, c.isASCII else { break }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(digit)
            if o1 || o2 { return negative ? Int.min : Int.max }
            value = a
        }
        return negative ? -value : value
    }

    /// `NSString.doubleValue`: the longest leading decimal number.
    static func leadingDouble(_ s: String) -> Double {
        let trimmed = s.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
        var best = 0.0
        var end = trimmed.startIndex
        while end < trimmed.endIndex {
            end = trimmed.index(after: end)
            if let d = Double(trimmed[trimmed.startIndex..<end]) {
                best = d
            } else if end > trimmed.index(trimmed.startIndex, offsetBy: 1, limitedBy: trimmed.endIndex) ?? end,
                !"eE+-.".contains(trimmed[trimmed.index(before: end)])
            {
                break
            }
        }
        return best
    }

    /// `NSString.boolValue`: Y, y, T, t, or a non-zero digit after optional sign and zeros.
    static func stringBool(_ s: String) -> Bool {
        var rest = Substring(s).drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
        if let first = rest.first, first == "-" || first == "+" { rest = rest.dropFirst() }
        rest = rest.drop(while: { $0 == "0" })
        guard let c = rest.first else { return false }
        return "YyTt123456789".contains(c)
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
