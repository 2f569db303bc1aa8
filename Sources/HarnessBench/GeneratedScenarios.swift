import Foundation
import Harness

/// Scenario files made for measuring: a HIITFit history of any size, and long runs of steps.
enum GeneratedScenarios {
    /// A history of `days` days (newest first) as an XML property list.
    static func historyPlist(days: Int) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<plist version=\"1.0\">", "<array>"]
        let formatter = ISO8601DateFormatter()
        let newest = Date(timeIntervalSince1970: 1_772_280_000)
        for day in 0..<days {
            let id = String(format: "5D1A1F3E-8C1B-4E8A-9F00-%012d", day)
            let date = formatter.string(from: newest.addingTimeInterval(-86_400 * Double(day)))
            let exercises = "<array><string>Squat</string><string>Burpee</string></array>"
            lines.append("<array><string>\(id)</string><date>\(date)</date>\(exercises)</array>")
        }
        lines += ["</array>", "</plist>"]
        return lines.joined(separator: "\n")
    }

    /// Loads a `days`-day history, finishes two exercises, is killed and relaunched.
    static func history(days: Int) -> String {
        """
        # A \(days)-day history: load, two exercises, kill, relaunch.
        app hiitfit
        clock 2026-03-01 08:00 UTC
        file Documents/history.plist
        launch
        done Squat
        done Burpee
        kill
        launch
        -- Documents/history.plist (xml) --
        \(historyPlist(days: days))
        """
    }

    /// About `operations` operations: a checklist that grows one item at a time.
    static func checklist(operations: Int) -> String {
        // Each added item costs about five operations (clock-free: lookup, write, sync, rename, plus the load).
        let items = max(1, operations / 4)
        var lines = ["# About \(operations) operations: \(items) items added one by one.", "app checklists", "launch"]
        for index in 0..<items { lines.append("item add Item \(index)") }
        lines += ["kill", "launch"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `count` launches of HIITFit, each ended by a kill: the cost of a long scenario, not of growing data.
    static func launches(_ count: Int) -> String {
        "# \(count) launches, each ended by a kill.\napp hiitfit\nclock 2026-03-01 08:00 UTC\n"
            + String(repeating: "launch\nkill\n", count: count)
    }

    /// `count` launches of HIITFit over a `days`-day history, each killed inside the save of the exercise it
    /// finishes (crash-before: the history stays as it is): a process that dies in a call holds what it held.
    static func killedInSaves(_ count: Int, days: Int) -> String {
        """
        # \(count) launches over a \(days)-day history, each killed inside its save.
        app hiitfit
        clock 2026-03-01 08:00 UTC
        file Documents/history.plist
        fault write Documents/history.plist crash-before kill every

        """
            + String(repeating: "launch\ndone Squat\n", count: count)
            + "-- Documents/history.plist (xml) --\n\(historyPlist(days: days))\n"
    }

    /// Writes scenario text to a fresh temporary folder; returns the file's path.
    static func write(_ text: String, name: String, in folder: URL) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
