import Foundation
import Harness

/// What the user does in the grid (people count from 0).
public enum PersonAction: Hashable, Sendable {
    /// `person add Alice`: a new person with a picture.
    case add(String)
    /// `person rename 0 Alicia`.
    case rename(index: Int, name: String)
    /// `person delete 0`.
    case delete(index: Int)
}

/// `expect people empty`, `expect people: Alice, Bob`: exactly these people, in order. With `faces`
/// (`expect faces …`): exactly these people's cells show a whole picture, in order, read as the grid reads
/// them; what the judge holds a relaunch to, and reproductions write.
public struct PeopleCheck: PluginCheck {
    public var names: [String]
    public var faces: Bool

    public init(names: [String], faces: Bool = false) {
        self.names = names
        self.faces = faces
    }

    public var expected: String { PeopleNames.describe(names) }
}

/// The words of Names to Faces' action and checks.
enum NamesToFacesGrammar {
    static let actions = [
        ActionDeclaration(verb: "person", usage: "person add NAME | person rename N NAME | person delete N") {
            reader throws(ScenarioError) in
            let (sub, _) = try reader.choice("person action", ["add", "rename", "delete"])
            switch sub {
            case "add":
                reader.usage = "person add NAME"
                return PluginValue(PersonAction.add(try reader.rest().text))
            case "rename":
                reader.usage = "person rename N NAME"
                let index = try reader.wholeNumber()
                return PluginValue(PersonAction.rename(index: index, name: try reader.rest().text))
            default:
                reader.usage = "person delete N"
                let index = try reader.wholeNumber()
                try reader.finish()
                return PluginValue(PersonAction.delete(index: index))
            }
        }
    ]

    static let usage = "expect people empty | expect people: NAME, NAME | expect person N picture intact|missing"
    static let facesUsage = "expect faces empty | expect faces: NAME, NAME"

    /// `expect people empty` and `expect people: NAME, NAME`: exactly these people, in order; `expect faces …`
    /// the same of the people whose cell shows a whole picture; `expect person N picture intact|missing`:
    /// what person N's cell shows.
    static let checks = [
        CheckDeclaration(name: "people", usage: usage) { reader throws(ScenarioError) in
            try reader.empty(after: "people")
            return AppCheck(PeopleCheck(names: []))
        },
        CheckDeclaration(name: "people:", usage: usage) { reader throws(ScenarioError) in
            AppCheck(PeopleCheck(names: try reader.names()))
        },
        CheckDeclaration(name: "faces", usage: facesUsage) { reader throws(ScenarioError) in
            try reader.empty(after: "faces")
            return AppCheck(PeopleCheck(names: [], faces: true))
        },
        CheckDeclaration(name: "faces:", usage: facesUsage) { reader throws(ScenarioError) in
            AppCheck(PeopleCheck(names: try reader.names(), faces: true))
        },
        CheckDeclaration(name: "person", usage: "expect person N picture intact|missing") {
            reader throws(ScenarioError) in
            let index = try reader.wholeNumber()
            _ = try reader.choice("person check", ["picture"])
            let (state, _) = try reader.choice("picture state", PictureCheck.State.allCases.map(\.rawValue))
            try reader.finish()
            return AppCheck(PictureCheck(index: index, state: PictureCheck.State(rawValue: state)!))
        },
    ]
}

/// The `people` observation: the list of names.
enum PeopleNames {
    static func value(_ names: [String]) -> ObservedValue { .list(names.map(ObservedValue.text)) }

    static func names(_ value: ObservedValue?) -> [String] {
        guard case .list(let names)? = value else { return [] }
        return names.compactMap { if case .text(let name) = $0 { return name } else { return nil } }
    }

    static func describe(_ names: [String]) -> String { names.isEmpty ? "nobody" : names.joined(separator: ", ") }

    static func expectations(_ value: ObservedValue, calendar: Calendar) -> [String] {
        lines(for: value, check: "people")
    }

    /// `expect faces: …`, which a reproduction of a lost picture ends with.
    static func faceExpectations(_ value: ObservedValue, calendar: Calendar) -> [String] {
        lines(for: value, check: "faces")
    }

    private static func lines(for value: ObservedValue, check: String) -> [String] {
        let names = names(value)
        return [names.isEmpty ? "expect \(check) empty" : "expect \(check): " + names.joined(separator: ", ")]
    }
}
