import Foundation
import Sandbox

/// The app's process and the world around it: lifecycle, seed, clock, defaults, files.
extension StepReader {
    /// `settle`, `background`, `exit`, `kill`, `power-loss`.
    mutating func lifecycle(_ command: Command, verb: String) throws(ScenarioError) -> Command {
        reader.usage = verb
        _ = try reader.next()
        try reader.finish()
        return command
    }

    /// `power-loss` or `power-loss drop`.
    mutating func powerLoss() throws(ScenarioError) -> Command {
        reader.usage = "power-loss [drop]"
        _ = try reader.next()
        let drop = !reader.isAtEnd
        if drop { _ = try reader.choice("power-loss option", ["drop"]) }
        try reader.finish()
        return .powerLoss(dropUnsynced: drop)
    }

    mutating func seed() throws(ScenarioError) -> Command {
        reader.usage = "seed N"
        _ = try reader.next()
        let value = try reader.value(of: reader.next()) { text throws(ValueProblem) in
            try Values.number(text, as: UInt64.self)
        }
        try reader.finish()
        return .seed(value)
    }

    mutating func clock() throws(ScenarioError) -> Command {
        reader.usage = "clock YYYY-MM-DD HH:MM[:SS] [ZONE] | clock +1d2h3m4s"
        _ = try reader.next()
        let first = try reader.next()
        if first.text.hasPrefix("+") || first.text.hasPrefix("-") {
            let offset = try reader.value(of: first, Values.clockOffset)
            try reader.finish()
            return .advanceClock(offset)
        }
        let date = try reader.calendarDate(first)
        let timeWord = try reader.next()
        guard let time = Values.time(timeWord.text) else {
            throw reader.error(timeWord, "expected a time like 08:00 or 08:00:30, found '\(timeWord.text)'")
        }
        guard time.hour < 24, time.minute < 60, time.second < 60 else {
            throw reader.error(timeWord, "no such time '\(timeWord.text)'")
        }
        var zone: String?
        if let zoneWord = reader.peek() {
            zone = try reader.timeZone(zoneWord)
            _ = try reader.next()
        }
        try reader.finish()
        let setting = ClockSetting(
            year: date.year, month: date.month, day: date.day,
            hour: time.hour, minute: time.minute, second: time.second, timeZone: zone)
        // Without a zone the time is checked when it runs, in the zone the phone is in then.
        if let zone, let timeZone = TimeZone(identifier: zone) {
            _ = try reader.value(of: timeWord) { _ throws(ValueProblem) in
                try LocalTime.instant(of: setting, in: timeZone)
            }
        }
        return .setClock(setting)
    }

    mutating func timeZoneCommand() throws(ScenarioError) -> Command {
        reader.usage = "timezone ZONE"
        _ = try reader.next()
        let zone = try reader.timeZone(try reader.next())
        try reader.finish()
        return .timeZone(zone)
    }

    mutating func defaults() throws(ScenarioError) -> Command {
        reader.usage = "defaults set KEY TYPE VALUE | defaults remove KEY | defaults flush POLICY"
        _ = try reader.next()
        let (sub, _) = try reader.choice("defaults command", ["set", "remove", "flush"])
        switch sub {
        case "flush":
            let words = SimulatedWorld.FlushPolicy.allCases.map(\.rawValue) + ["now"]
            reader.usage = "defaults flush " + words.joined(separator: "|")
            let (name, _) = try reader.choice("flush policy", words)
            try reader.finish()
            return SimulatedWorld.FlushPolicy(rawValue: name).map(Command.flushPolicy) ?? .flushDefaultsNow
        case "remove":
            reader.usage = "defaults remove KEY"
            let key = try defaultsKey(reader.next())
            try reader.finish()
            return .removeDefault(key: key)
        default:
            reader.usage = "defaults set KEY TYPE VALUE (TYPE: string, int, real, bool, date, data, plist)"
            let key = try defaultsKey(reader.next())
            let (type, _) = try reader.choice("type", LiteralType.allCases.map(\.rawValue) + ["plist"])
            guard let literalType = LiteralType(rawValue: type) else {
                let name = try reader.next()
                reference(name.text, at: name, needsPropertyList: true)
                try reader.finish()
                return .setDefault(key: key, value: .fixture(name.text))
            }
            return .setDefault(key: key, value: .literal(try reader.literal(literalType)))
        }
    }

    /// `file PATH`: the fixture named PATH (as written: `@history` too) goes into the container.
    mutating func putFile() throws(ScenarioError) -> Command {
        reader.usage = "file PATH"
        _ = try reader.next()
        let (path, word) = try self.path()
        reference(word.text, at: word)
        try reader.finish()
        return .putFile(path: path)
    }

    /// `mkdir PATH`: a folder (`mkdir @history`: a folder where the store's file should be).
    mutating func makeDirectory() throws(ScenarioError) -> Command {
        reader.usage = "mkdir PATH"
        _ = try reader.next()
        let (path, _) = try self.path()
        try reader.finish()
        return .makeDirectory(path: path)
    }

    mutating func removeFile() throws(ScenarioError) -> Command {
        reader.usage = "rm PATH"
        _ = try reader.next()
        let (path, _) = try self.path()
        try reader.finish()
        return .removeFile(path: path)
    }

    /// `faults clear`.
    mutating func faults() throws(ScenarioError) -> Command {
        reader.usage = "faults clear"
        _ = try reader.next()
        _ = try reader.choice("faults command", ["clear"])
        try reader.finish()
        return .clearFaults
    }
}
