// My copy's HIITFitApp, ContentView's tab and RatingView's ratings, ported onto the harness seams with the
// edits of docs/porting.md. The history store loads itself and never throws, so the book's load alert is
// gone: a history that cannot be read shows empty. Ratings stay in `@AppStorage("ratings")` as in the book
// (no `synchronize()`: the system writes UserDefaults when it likes).
import Foundation
import Sandbox  // ported: added

extension TextHIITFit {
    public final class HIITFitApp {  // ported: was `struct HIITFitApp: App {`
        public let historyStore: HistoryStore  // ported: was `@StateObject private var historyStore = HistoryStore()`
        // ported: was ContentView's `@SceneStorage("selectedTab") private var selectedTab = 9`
        public var selectedTab: Int
        let env: AppEnvironment  // ported: added

        // ported: was `init() {}`
        public init(env: AppEnvironment, dayStamp: DayStamp = .startOfDay) {
            self.env = env  // ported: added
            // ported: added (was the property's initial value)
            historyStore = HistoryStore(env: env, dayStamp: dayStamp)
            // ported: added (@SceneStorage restores it)
            selectedTab = env.defaults.object(forKey: "selectedTab") as? Int ?? 9
        }

        // ported: added (@SceneStorage saves it)
        public func sceneDidEnterBackground() { env.defaults.set(selectedTab, forKey: "selectedTab") }

        public var ratings: String {  // ported: was RatingView's `@AppStorage("ratings") private var ratings = ""`
            get { env.defaults.object(forKey: "ratings") as? String ?? "" }  // ported: added
            set { env.defaults.set(newValue, forKey: "ratings") }  // ported: added
        }

        public func prepareRating(exerciseIndex: Int) {  // ported: was RatingView's `init(exerciseIndex: Int) {`
            let desiredLength = 4  // ported: was `let desiredLength = Exercise.exercises.count`
            if ratings.count < desiredLength {
                ratings = ratings.padding(
                    toLength: desiredLength,
                    withPad: "0",
                    startingAt: 0)
            }
        }

        public func rating(exerciseIndex: Int) -> Int {  // ported: was RatingView's `.onAppear {`
            let index = ratings.index(
                ratings.startIndex,
                offsetBy: exerciseIndex)
            let character = ratings[index]
            return character.wholeNumberValue ?? 0  // ported: was `rating = character.wholeNumberValue ?? 0`
        }

        // ported: was RatingView's `func updateRating(index: Int) {`
        public func updateRating(exerciseIndex: Int, rating: Int) {
            let index = ratings.index(
                ratings.startIndex,
                offsetBy: exerciseIndex)
            ratings.replaceSubrange(index...index, with: String(rating))
        }
    }
}
