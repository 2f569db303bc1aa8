import Foundation
import Sandbox

/// The app's process and the world around it: lifecycle, seed, clock, defaults, files.
extension CommandReader {
    /// `settle`, `background`, `exit`, `kill`, `power-loss`.
    mutating func lifecycle(_ command: Command, verb: String) throws(ScenarioError) -> Command {
        usage = verb
        _ = try next()
        try finish()
        return command
    }

    mutating func seed() throws(ScenarioError) -> Command {
        usage = "seed N"
        _ = try next()
        let value = try value(of: next()) { text throws(ValueProblem) in try Values.number(text, as: UInt64.self) }
        try finish()
        return .seed(value)
    }

    mutating func clock() throws(ScenarioError) -> Command {
        usage = "clock YYYY-MM-DD HH:MM[:SS] [ZONE] | clock +1d2h3m4s"
        _ = try next()
        let first = try next()
        if first.text.hasPrefix("+") || first.text.hasPrefix("-") {
            let offset = try value(of: first, Values.clockOffset)
            try finish()
            return .advanceClock(offset)
        }
        let date = try calendarDate(first)
        let timeWord = try next()
        guard let time = Values.time(timeWord.text) else {
            throw error(timeWord, "expected a time like 08:00 or 08:00:30, found '\(timeWord.text)'")
        }
        guard time.hour < 24, time.minute < 60, time.second < 60 else {
            throw error(timeWord, "no such time '\(timeWord.text)'")
        }
        var zone: String?
        if let zoneWord = peek() {
            zone = try timeZone(zoneWord)
            _ = try next()
        }
        try finish()
        let setting = ClockSetting(
            year: date.year, month: date.month, day: date.day,
            hour: time.hour, minute: time.minute, second: time.second, timeZone: zone)
        // Without a zone the time is checked when it runs, in the zone the phone is in then.
        if let zone, let timeZone = TimeZone(identifier: zone) {
            _ = try value(of: timeWord) { _ throws(ValueProblem) in try LocalTime.instant(of: setting, in: timeZone) }
        }
        return .setClock(setting)
    }

    mutating func timeZoneCommand() throws(ScenarioError) -> Command {
        usage = "timezone ZONE"
        _ = try next()
        let zone = try timeZone(try next())
        try finish()
        return .timeZone(zone)
    }

    mutating func defaults() throws(ScenarioError) -> Command {
        usage = "defaults set KEY TYPE VALUE | defaults remove KEY | defaults flush POLICY"
        _ = try next()
        let (sub, _) = try choice("defaults command", ["set", "remove", "flush"])
        switch sub {
        case "flush":
            usage = "defaults flush " + SimulatedWorld.FlushPolicy.allCases.map(\.rawValue).joined(separator: "|")
            let (name, _) = try choice("flush policy", SimulatedWorld.FlushPolicy.allCases.map(\.rawValue))
            try finish()
            return .flushPolicy(SimulatedWorld.FlushPolicy(rawValue: name)!)
        case "remove":
            usage = "defaults remove KEY"
            let key = try defaultsKey(next())
            try finish()
            return .removeDefault(key: key)
        default:
            usage = "defaults set KEY TYPE VALUE (TYPE: string, int, real, bool, date, data, plist)"
            let key = try defaultsKey(next())
            let (type, _) = try choice("type", LiteralType.allCases.map(\.rawValue) + ["plist"])
            guard let literalType = LiteralType(rawValue: type) else {
                let name = try next()
                reference(name.text, at: name, needsPropertyList: true)
                try finish()
                return .setDefault(key: key, value: .fixture(name.text))
            }
            return .setDefault(key: key, value: .literal(try literal(literalType)))
        }
    }

    /// `file PATH`: the fixture named PATH (as written: `@history` too) goes into the container.
    mutating func putFile() throws(ScenarioError) -> Command {
        usage = "file PATH"
        _ = try next()
        let (path, word) = try self.path()
        reference(word.text, at: word)
        try finish()
        return .putFile(path: path)
    }

    /// `mkdir PATH`: a folder (`mkdir @history`: a folder where the store's file should be).
    mutating func makeDirectory() throws(ScenarioError) -> Command {
        usage = "mkdir PATH"
        _ = try next()
        let (path, _) = try self.path()
        try finish()
        return .makeDirectory(path: path)
    }

    mutating func removeFile() throws(ScenarioError) -> Command {
        usage = "rm PATH"
        _ = try next()
        let (path, _) = try self.path()
        try finish()
        return .removeFile(path: path)
    }

    /// `faults clear`.
    mutating func faults() throws(ScenarioError) -> Command {
        usage = "faults clear"
        _ = try next()
        _ = try choice("faults command", ["clear"])
        try finish()
        return .clearFaults
    }
}
