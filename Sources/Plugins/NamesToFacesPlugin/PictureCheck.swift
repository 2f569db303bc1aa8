import Foundation
import Harness

/// `expect person N picture intact` and `expect person N picture missing`: what the cell of person N
/// shows, read as the grid reads it.
public struct PictureCheck: PluginCheck {
    public enum State: String, Hashable, Sendable, CaseIterable {
        /// The file holds exactly the picture `person add` gave (under any name: a rename keeps it).
        case intact
        /// The cell finds no picture: no file, or one that cannot be read.
        case missing
    }

    /// The person, counting from 0.
    public var index: Int
    public var state: State

    public init(index: Int, state: State) {
        self.index = index
        self.state = state
    }

    public var expected: String {
        switch state {
        case .intact: return "person \(index)'s whole picture, as it was added"
        case .missing: return "no picture for person \(index)"
        }
    }

    /// Judges the picture `screen` shows for the person.
    func evaluate(on screen: any PeopleScreen) -> CheckFinding {
        let count = screen.names.count
        guard index < count else {
            return CheckFinding.cannotEvaluate("no person \(index): the grid shows \(count)")
        }
        let file = "Documents/" + screen.pictureNames[index]
        let data: Data
        do {
            data = try screen.imageData(at: index)
        } catch {
            let why = error.harnessSummary
            return CheckFinding(holds: state == .missing, found: "no picture: \(file) cannot be read (\(why))")
        }
        let name = screen.names[index]
        guard let seed = PersonPicture.seed(ofWhole: data) else {
            return CheckFinding(holds: false, found: "\(file) holds " + Self.difference(data, name: name))
        }
        let whose = seed == PersonPicture.seed(of: name) ? "'\(name)'" : "another name"
        return CheckFinding(holds: state == .intact, found: "\(file) holds the whole picture added for \(whose)")
    }

    /// How `data`, which is no whole picture, differs from the picture of `name`.
    static func difference(_ data: Data, name: String) -> String {
        let whole = PersonPicture.bytes(for: name)
        guard data.count == whole.count else { return "\(data.count) bytes where a whole picture has \(whole.count)" }
        let differing = zip(data, whole).filter { $0 != $1 }.count
        return "\(data.count) bytes, no whole picture (\(differing) differ from the picture of '\(name)')"
    }
}
