// RatingView's ratings, on the seams: `@AppStorage("ratings") private var ratings = ""`, one
// character per exercise, read from the key-value store on every use and written back padded.
// Each view method reads the stored value once (the chapter's SwiftUI property wrapper reads it
// on every access); edited lines end in `// ported: was …`.
import Foundation
import Sandbox  // ported: added

extension HIITFitApp {
    /// The raw value, as `@AppStorage` holds it.
    public var ratings: String {  // ported: was `@AppStorage("ratings") private var ratings = ""`
        get { env.defaults.object(forKey: "ratings") as? String ?? "" }  // ported: added
        set { env.defaults.set(newValue, forKey: "ratings") }  // ported: added
    }

    /// What creating the RatingView does: pads the ratings with "0" to one character per exercise.
    public func prepareRating(exerciseIndex: Int) {  // ported: was `init(exerciseIndex: Int) {`
        let desiredLength = Exercise.names.count  // ported: was `let desiredLength = Exercise.exercises.count`
        var ratings = self.ratings  // ported: added
        if ratings.count < desiredLength {
            ratings = ratings.padding(
                toLength: desiredLength,
                withPad: "0",
                startingAt: 0)
            self.ratings = ratings  // ported: added
        }
    }

    /// The rating shown for exercise `exerciseIndex`: what the view's `.onAppear` reads.
    public func rating(exerciseIndex: Int) -> Int {  // ported: was `.onAppear {`
        let ratings = self.ratings  // ported: added
        let index = ratings.index(
            ratings.startIndex,
            offsetBy: exerciseIndex)
        let character = ratings[index]
        return character.wholeNumberValue ?? 0  // ported: was `rating = character.wholeNumberValue ?? 0`
    }

    /// The user taps star `rating` on exercise `exerciseIndex`'s page.
    public func rate(exerciseIndex: Int, rating: Int) {  // ported: was `func updateRating(index: Int) {`
        var ratings = self.ratings  // ported: added
        let index = ratings.index(
            ratings.startIndex,
            offsetBy: exerciseIndex)
        ratings.replaceSubrange(index...index, with: String(rating))
        self.ratings = ratings  // ported: added
    }
}
