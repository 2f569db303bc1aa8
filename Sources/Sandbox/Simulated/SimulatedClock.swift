import Foundation

/// The simulated clock's state: an instant and the phone's time zone.
struct ClockState: Sendable {
    var now: Date
    var timeZone: TimeZone {
        didSet { calendar = Self.calendar(in: timeZone) }
    }
    /// Gregorian in `timeZone` (kept, not rebuilt on every read: building one is slow).
    private(set) var calendar: Calendar

    init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
        self.calendar = Self.calendar(in: timeZone)
    }

    static func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
}

/// The clock seam of a simulated world: the world's instant, calendar and time zone.
public struct SimulatedClock: WallClock {
    let world: SimulatedWorld
    let process: Int

    public var now: Date {
        world.lock.withLock {
            if world.isLive(process) && !world.peeking {
                _ = world.record(process, .now, "", result: "ok", platform: false)
            }
            return world.clock.now
        }
    }
    public var calendar: Calendar { world.lock.withLock { world.clock.calendar } }
    public var timeZone: TimeZone { world.lock.withLock { world.clock.timeZone } }
}

extension SimulatedWorld {
    /// The simulated instant.
    public var now: Date { lock.withLock { clock.now } }
    public var timeZone: TimeZone { lock.withLock { clock.timeZone } }
    /// The calendar app code sees (Gregorian, in the world's time zone).
    public var calendar: Calendar { lock.withLock { clock.calendar } }

    /// Sets the clock, and the time zone when given (the user changes the date, a new phone).
    public func setClock(_ instant: Date, timeZone: TimeZone? = nil) {
        lock.withLock {
            move(to: instant)
            if let timeZone { clock.timeZone = timeZone }
        }
    }

    /// Moves the clock by `interval` seconds (negative: the clock is set back).
    public func advanceClock(by interval: TimeInterval) {
        lock.withLock { move(to: clock.now + interval) }
    }

    /// Adds calendar components in the world's calendar (`+1d` across a daylight-saving change is 23 or 25 hours).
    public func advanceClock(by components: DateComponents) {
        lock.withLock {
            if let next = clock.calendar.date(byAdding: components, to: clock.now) { move(to: next) }
        }
    }

    /// How long the kernel leaves a written page in its cache: Linux writes back what is older (`dirty_expire`).
    public static let writeBackDelay: TimeInterval = 30

    /// A clock that moves on by `writeBackDelay` or more has let that time pass: the kernel wrote every file back.
    private func move(to instant: Date) {
        let elapsed = instant.timeIntervalSince(clock.now)
        if elapsed >= Self.writeBackDelay { tree.writeBack() }
        clock.now = instant
        // Time passed (a clock set back is the user's doing, not time): timers whose time has come join the main
        // queue, earliest first (scheduling order among equals).
        guard elapsed > 0, let uptime = process.map({ $0.uptime + elapsed }) else { return }
        process?.uptime = uptime
        guard let timers = process?.timers, timers.contains(where: { $0.due <= uptime }) else { return }
        let due = timers.enumerated().filter { $0.element.due <= uptime }
            .sorted { ($0.element.due, $0.offset) < ($1.element.due, $1.offset) }
        process?.mainQueue += due.map(\.element.work)
        process?.timers = timers.filter { $0.due > uptime }
    }

    /// Travels to another time zone: the instant stays, the wall-clock time changes.
    public func setTimeZone(_ timeZone: TimeZone) {
        lock.withLock { clock.timeZone = timeZone }
    }
}
