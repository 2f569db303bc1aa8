import Foundation

/// What a relaunched app lost of the data the user was shown, in the plug-in's words: made only for
/// a failing verdict's message.
struct Loss {
    /// What was lost: `history 2026-03-01: Squat`.
    var what: String
    /// `is missing`, `is out of order`, `shows ratings 0000`.
    var how: String
    /// The lost data alone, to find the step after which the user first saw it.
    var probe: VisibleData
    /// Whether a message names the step that acknowledged `probe`: not for data shown that should not be.
    var namesAcknowledgement = true

    /// The first thing `expected` holds that `shown` lacks, observations in the plug-in's order; else the first
    /// entry the user `removed` that `shown` brings back.
    init(
        shown: VisibleData, expected: VisibleData, removed: [String: [ObservedValue]], plugin: AppPlugin,
        calendar: Calendar
    ) {
        // The longest line that expects the value names it best: `history 2026-03-01: Squat`, not `history days 1`.
        func phrase(_ value: ObservedValue, by declaration: ObservationDeclaration) -> String? {
            guard let line = declaration.expectations(value, calendar).max(by: { $0.count < $1.count }) else {
                return nil
            }
            return line.hasPrefix("expect ") ? String(line.dropFirst("expect ".count)) : line
        }
        for declaration in plugin.observations {
            let name = declaration.name
            guard let value = expected.values[name], let judging = expected.judging[name] else { continue }
            func named(_ value: ObservedValue) -> String? { phrase(value, by: declaration) }
            var probe = VisibleData()
            probe.judging[name] = judging
            if judging.byEntries {
                var remaining = shown.values[name]?.entries ?? []
                for entry in value.entries {
                    guard let index = remaining.firstIndex(of: entry) else {
                        let lost = Self.element(of: value, narrowedTo: entry)
                        probe.values[name] = .list([entry])
                        let what = named(.list([lost])) ?? "\(name) \(Self.plain(entry))"
                        self.init(what: what, how: "is missing", probe: probe)
                        return
                    }
                    remaining.remove(at: index)
                }
                probe.values[name] = value
                if !shown.keepsOrder(of: probe) {
                    self.init(what: name, how: "is out of order", probe: probe)
                    return
                }
            } else if judging.holdsData, shown.values[name] != value {
                probe.values[name] = value
                let now = shown.values[name].flatMap(named).map { "shows " + $0 } ?? "is missing"
                self.init(what: named(value) ?? "\(name) \(Self.plain(value))", how: now, probe: probe)
                return
            }
        }
        // An entry shown that should not be: named as the plug-in names the element that holds it.
        func shownEntry(_ found: (String, ObservedValue)?, how: String) -> Loss? {
            guard let (name, entry) = found, let value = shown.values[name],
                let declaration = plugin.observations.first(where: { $0.name == name })
            else { return nil }
            var probe = VisibleData()
            (probe.values[name], probe.judging[name]) = (.list([entry]), shown.judging[name])
            let element = Self.element(of: value, narrowedTo: entry)
            let what = phrase(.list([element]), by: declaration) ?? "\(name) \(Self.plain(entry))"
            return Loss(what: what, how: how, probe: probe)
        }
        if let loss = shownEntry(shown.broughtBack(removed, over: expected), how: "was removed by the user and is back")
        {
            self = loss
            return
        }
        if let (name, entry) = shown.entryBeyond([expected]) {
            let had = expected.values[name]?.entries.contains(entry) == true
            if var loss = shownEntry(
                (name, entry),
                how: had ? "is shown more often than the user had it" : "is shown, which the user never had")
            {
                // Shown, not lost: no step acknowledged it as it is.
                loss.namesAcknowledgement = false
                self = loss
                return
            }
        }
        self.init(what: "the data the user was shown", how: "is missing", probe: expected)
    }

    private init(what: String, how: String, probe: VisibleData) {
        self.what = what
        self.how = how
        self.probe = probe
    }

    /// A value as a message shows it when its plug-in writes no line for it: `"Milk"`, `4`, `("Milk", true)`.
    private static func plain(_ value: ObservedValue) -> String {
        switch value {
        case .text(let text): return "\"\(text)\""
        case .integer(let number): return "\(number)"
        case .bool(let flag): return "\(flag)"
        case .instant(let date): return ISO8601DateFormatter().string(from: date)
        case .list(let values): return "[" + values.map(plain).joined(separator: ", ") + "]"
        case .record(let fields): return "(" + fields.map(plain).joined(separator: ", ") + ")"
        }
    }

    /// The element of `value` (a list) that holds `entry`, its list fields cut to that entry alone: the
    /// day with only the lost exercise, which the plug-in can name.
    private static func element(of value: ObservedValue, narrowedTo entry: ObservedValue) -> ObservedValue {
        guard case .list(let elements) = value,
            let element = elements.first(where: { $0.entries.contains(entry) })
        else { return entry }
        guard case .record(let fields) = element else { return element }
        let others = fields.filter { if case .list = $0 { return false } else { return true } }
        return .record(
            fields.map { field in
                guard case .list(let items) = field else { return field }
                return .list(items.filter { item in item.entries.contains { .record(others + [$0]) == entry } })
            })
    }
}
