import Foundation
import Sandbox
import Testing

private let london = TimeZone(identifier: "Europe/London")!

private func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    return formatter.date(from: text)!
}

@Suite struct ClockTests {
    @Test(
        "One calendar day across a daylight-saving change",
        arguments: [
            ("2026-03-28T12:00:00Z", 23.0),
            ("2026-10-24T12:00:00Z", 25.0),
            ("2026-06-01T12:00:00Z", 24.0),
        ])
    func dayAcrossDaylightSaving(start: String, hours: Double) {
        let world = SimulatedWorld(start: instant(start), timeZone: london)
        let clock = world.launch().clock
        let before = clock.now
        let wallBefore = clock.calendar.dateComponents([.hour, .minute], from: before)
        world.advanceClock(by: DateComponents(day: 1))
        let after = clock.now

        #expect(after.timeIntervalSince(before) == hours * 3600)
        #expect(clock.calendar.dateComponents([.hour, .minute], from: after) == wallBefore)
        #expect(clock.calendar.dateComponents([.day], from: before, to: after).day == 1)
    }

    @Test func setClockAndAdvanceBySeconds() {
        let world = SimulatedWorld()
        let clock = world.launch().clock
        world.setClock(instant("2026-03-01T08:00:00Z"), timeZone: london)
        #expect(clock.now == instant("2026-03-01T08:00:00Z"))
        #expect(clock.timeZone == london)
        #expect(clock.calendar.timeZone == london)
        world.advanceClock(by: -3600)
        #expect(clock.now == instant("2026-03-01T07:00:00Z"))
        world.setClock(instant("2025-12-31T23:59:59Z"))
        #expect(clock.now == instant("2025-12-31T23:59:59Z"))
        #expect(clock.timeZone == london)
    }

    @Test func travellingKeepsTheInstantButMovesMidnight() {
        let lateEvening = instant("2026-03-01T23:30:00Z")
        let justAfter = instant("2026-03-02T00:30:00Z")
        let world = SimulatedWorld(start: lateEvening, timeZone: london)
        let clock = world.launch().clock
        #expect(!clock.calendar.isDate(lateEvening, inSameDayAs: justAfter))

        world.setTimeZone(TimeZone(identifier: "Europe/Berlin")!)
        #expect(clock.now == lateEvening)
        #expect(clock.calendar.isDate(lateEvening, inSameDayAs: justAfter))
        #expect(clock.calendar.component(.day, from: clock.now) == 2)

        world.setTimeZone(TimeZone(identifier: "America/New_York")!)
        #expect(clock.now == lateEvening)
        #expect(clock.calendar.isDate(lateEvening, inSameDayAs: justAfter))
        #expect(clock.calendar.component(.day, from: clock.now) == 1)
        #expect(clock.calendar.component(.hour, from: clock.now) == 18)
    }

    @Test func clockReadsAreLogged() {
        let world = SimulatedWorld()
        let clock = world.launch().clock
        _ = clock.now
        _ = clock.now
        #expect(world.operations.filter { $0.kind == .now }.count == 2)
        #expect(clock.calendar.identifier == .gregorian)
    }
}
