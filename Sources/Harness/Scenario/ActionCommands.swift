import HIITFit

/// What the user does in the app under test.
extension CommandReader {
    /// `done EXERCISE`.
    mutating func done() throws(ScenarioError) -> Command {
        usage = "done EXERCISE"
        let verb = try next()
        try requireApp(.hiitfit, verb, "done")
        let (name, first) = try rest()
        return .action(.finishExercise(try exercise(name, first)))
    }

    /// `rate EXERCISE N`: the last word is the rating, 0 to 9.
    mutating func rate() throws(ScenarioError) -> Command {
        usage = "rate EXERCISE N"
        let verb = try next()
        try requireApp(.hiitfit, verb, "rate")
        let (exerciseName, rating) = try exerciseAndRating()
        return .action(.rate(exercise: exerciseName, rating: rating))
    }

    /// `EXERCISE... N` up to the end of the line.
    mutating func exerciseAndRating() throws(ScenarioError) -> (String, Int) {
        let words = remaining()
        guard let first = words.first, let last = words.last else { throw missing() }
        guard words.count >= 2, Values.isDigits(last.text) else {
            if words.count < 2 || Exercise.names.contains(words.map(\.text).joined(separator: " ")) { throw missing() }
            throw error(last, "expected a whole number, found '\(last.text)'")
        }
        guard let rating = Values.wholeNumber(last.text), rating <= 9 else {
            throw error(last, "expected a rating from 0 to 9, found '\(last.text)'")
        }
        return (try exercise(words.dropLast().map(\.text).joined(separator: " "), first), rating)
    }

    /// `tab N`.
    mutating func tab() throws(ScenarioError) -> Command {
        usage = "tab N"
        let verb = try next()
        try requireApp(.hiitfit, verb, "tab")
        let index = try wholeNumber()
        try finish()
        return .action(.selectTab(index))
    }

    /// `item add TEXT`, `item edit N TEXT`, `item toggle N`, `item delete N`.
    mutating func item() throws(ScenarioError) -> Command {
        usage = "item add TEXT | item edit N TEXT | item toggle N | item delete N"
        let verb = try next()
        try requireApp(.checklists, verb, "item")
        let (sub, _) = try choice("item action", ["add", "edit", "toggle", "delete"])
        usage = ["add": "item add TEXT", "edit": "item edit N TEXT", "toggle": "item toggle N", "delete": "item delete N"][sub]!
        switch sub {
        case "add":
            return .action(.addItem(try rest().text))
        case "edit":
            let index = try wholeNumber()
            return .action(.editItem(index: index, text: try rest().text))
        default:
            let index = try wholeNumber()
            try finish()
            return .action(sub == "toggle" ? .toggleItem(index: index) : .deleteItem(index: index))
        }
    }

    /// `person add NAME`, `person rename N NAME`.
    mutating func person() throws(ScenarioError) -> Command {
        usage = "person add NAME | person rename N NAME"
        let verb = try next()
        try requireApp(.namestofaces, verb, "person")
        let (sub, _) = try choice("person action", ["add", "rename"])
        if sub == "add" {
            usage = "person add NAME"
            return .action(.addPerson(name: try rest().text))
        }
        usage = "person rename N NAME"
        let index = try wholeNumber()
        return .action(.renamePerson(index: index, name: try rest().text))
    }
}
