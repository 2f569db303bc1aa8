import Foundation
import Sandbox

/// @AppStorage("ratings"), hardened: one character per exercise, "0" for not rated, 1...5 a rating.
/// Read once at launch (until two reads agree), values of another type understood (4000 is
/// "4000"), never padded on read, flushed with `synchronize()` when the user rates.
extension HardenedHIITFitApp {
    static let ratingsKey = "ratings"
    /// Where a ratings value of an unknown shape is kept before it is replaced.
    static let unreadableRatingsKey = "ratings.unreadable"
    static let ratingsAlert = AppAlert(
        title: "Ratings",
        message: """
            Your ratings could not be read. A copy is kept; rating an exercise starts a new list.
            """)
    static let ratingsSaveAlert = AppAlert(title: "Ratings", message: "Your rating could not be saved.")
    static let ratingsConvertedAlert = AppAlert(
        title: "Ratings",
        message: """
            Your ratings were stored in another form. They are now saved as shown; a copy of the old value is kept.
            """)

    /// The raw value as the app holds it: what was read at launch, as changed since.
    public var ratings: String {
        get { heldRatings }
        set {
            heldRatings = newValue
            // The stored value was not a string: it was only shown, never written back as
            // read. It is copied aside before the ratings replace it, and the user is told.
            let replaced = heldRatingsSource
            if let replaced, env.defaults.object(forKey: Self.unreadableRatingsKey) == nil {
                env.defaults.set(replaced, forKey: Self.unreadableRatingsKey)
            }
            heldRatingsSource = nil
            env.defaults.set(newValue, forKey: Self.ratingsKey)
            if replaced != nil { raise(Self.ratingsConvertedAlert) }
            // Flushes now: a rating the user saw accepted must survive the process being killed.
            if !env.defaults.synchronize() { raise(Self.ratingsSaveAlert) }
        }
    }

    /// What creating the RatingView does: pads the ratings with "0" to one character per exercise,
    /// in memory only: nothing is written until the user rates.
    public func prepareRating(exerciseIndex: Int) {
        let desiredLength = Exercise.names.count
        if heldRatings.count < desiredLength {
            heldRatings += String(repeating: "0", count: desiredLength - heldRatings.count)
        }
    }

    /// The rating shown for exercise `exerciseIndex`: 0 for anything that is not a rating 1...5.
    public func rating(exerciseIndex: Int) -> Int {
        let characters = Array(heldRatings)
        guard characters.indices.contains(exerciseIndex),
            let value = characters[exerciseIndex].wholeNumberValue, (1...5).contains(value)
        else { return 0 }
        return value
    }

    /// The user taps star `rating` on exercise `exerciseIndex`'s page.
    public func rate(exerciseIndex: Int, rating: Int) {
        // One character per exercise: only that exercise's character changes, the rest
        // (other exercises, characters this version does not understand) stay as they are.
        guard exerciseIndex >= 0, exerciseIndex < 1_000, (0...5).contains(rating) else { return }
        var characters = Array(heldRatings)
        let length = max(Exercise.names.count, exerciseIndex + 1)
        if characters.count < length { characters += Array(repeating: "0", count: length - characters.count) }
        characters[exerciseIndex] = Character(String(rating))
        ratings = String(characters)
    }

    /// The launch: reads the ratings (until two reads agree), understanding the shapes other versions
    /// wrote; returns the alert to raise when the value could not be understood.
    func loadHeldRatings() -> AppAlert? {
        // Read until two reads agree: a one-off read fault (missing, another type) must not
        // become what the next rating is written over.
        let stored = env.defaults.confirmedObject(forKey: Self.ratingsKey, preferring: { $0 is String })
        guard let stored else {
            heldRatings = ""
            return nil
        }
        if let string = stored as? String {
            heldRatings = string
            return nil
        }
        if let understood = Self.understoodRatings(stored) {
            // Another type: shown as ratings (only digits that are ratings), kept until the user rates.
            heldRatings = String(understood.map { ("1"..."5").contains($0) ? $0 : "0" })
            heldRatingsSource = stored
            return nil
        }
        env.console("Ratings of an unknown shape; keeping a copy under \(Self.unreadableRatingsKey)")
        if env.defaults.object(forKey: Self.unreadableRatingsKey) == nil {
            env.defaults.set(stored, forKey: Self.unreadableRatingsKey)
        }
        heldRatings = ""
        return Self.ratingsAlert
    }

    /// A string as it is; a whole number as its digits (what `string(forKey:)` gives, so
    /// 4000 is "4000"); an array of single digits joined. Anything else is not understood.
    static func understoodRatings(_ stored: Any) -> String? {
        if let string = stored as? String { return string }
        if stored is Bool { return nil }
        if let number = stored as? Int { return number >= 0 ? String(number) : nil }
        if let number = stored as? Double, number >= 0, number < 1e15, number.rounded() == number {
            return String(Int(number))
        }
        if let array = stored as? [Any] {
            var text = ""
            for element in array {
                guard !(element is Bool), let digit = element as? Int, (0...9).contains(digit) else { return nil }
                text += String(digit)
            }
            return text
        }
        return nil
    }

    func raise(_ alert: AppAlert) { self.alert = alert }
}
