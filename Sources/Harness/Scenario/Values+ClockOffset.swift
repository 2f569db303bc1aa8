/// `clock +1d2h`'s offset is read here, by the step value it makes, so that Grammar/ names no step type.
extension Values {
    /// The largest number of one unit in a clock offset.
    static let clockOffsetLimit = 999_999_999

    /// `+1d2h`, `-30m`, `+45s`: a sign, then days, hours, minutes, seconds in that order, each at most once.
    static func clockOffset(_ text: String) throws(ValueProblem) -> ClockOffset {
        let malformed = ValueProblem("expected a clock offset like +1d, -2h30m or +45s, found '\(text)'")
        var chars = Substring(text)
        guard let sign = chars.first, sign == "+" || sign == "-" else { throw malformed }
        chars = chars.dropFirst()
        let units: [Character] = ["d", "h", "m", "s"]
        var values = [0, 0, 0, 0]
        var nextUnit = 0
        while !chars.isEmpty {
            let digits = chars.prefix(while: \.isASCIIDigit)
            chars = chars.dropFirst(digits.count)
            guard !digits.isEmpty, let unit = chars.first,
                let position = units.firstIndex(of: unit), position >= nextUnit
            else { throw malformed }
            guard let value = Int(digits), value <= clockOffsetLimit else {
                throw ValueProblem(
                    "clock offset '\(text)': number '\(digits)' is too large (the range is 0 to "
                        + "\(clockOffsetLimit) for each unit)")
            }
            values[position] = value * (sign == "-" ? -1 : 1)
            nextUnit = position + 1
            chars = chars.dropFirst()
        }
        guard nextUnit > 0 else { throw malformed }
        return ClockOffset(days: values[0], hours: values[1], minutes: values[2], seconds: values[3])
    }
}
