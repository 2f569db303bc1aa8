// The same reader's HIITFitApp, ContentView's tab and RatingView's ratings, ported onto the
// harness seams with the edits of docs/porting.md only. Every edited line ends in `// ported`.
import Foundation
import Sandbox  // ported: added

extension ReaderCopy {
    final class HIITFitApp {  // ported: was `struct HIITFitApp: App {`
        let historyStore: HistoryStore  // ported: was `@StateObject private var historyStore: HistoryStore`
        var showAlert = false  // ported: was `@State private var showAlert = false`
        var selectedTab: Int  // ported: was ContentView's `@SceneStorage("selectedTab") private var selectedTab = 9`
        let env: AppEnvironment  // ported: added

        init(env: AppEnvironment) {  // ported: was `init() {`
            self.env = env  // ported: added
            let historyStore: HistoryStore
            do {
                // ported: was `historyStore = try HistoryStore(withChecking: true)`
                historyStore = try HistoryStore(withChecking: true, env: env)
            } catch {
                env.console("Could not load history data")  // ported: was `print("Could not load history data")`
                historyStore = HistoryStore(env: env)  // ported: was `historyStore = HistoryStore()`
                showAlert = true
            }
            self.historyStore = historyStore  // ported: was `_historyStore = StateObject(wrappedValue: historyStore)`
            // ported: added (@SceneStorage restores it)
            selectedTab = env.defaults.object(forKey: "selectedTab") as? Int ?? 9
        }

        // ported: added (@SceneStorage saves it)
        func sceneDidEnterBackground() { env.defaults.set(selectedTab, forKey: "selectedTab") }

        var ratings: String {  // ported: was RatingView's `@AppStorage("ratings") private var ratings = ""`
            get { env.defaults.object(forKey: "ratings") as? String ?? "" }  // ported: added
            set { env.defaults.set(newValue, forKey: "ratings") }  // ported: added
        }

        func prepareRating(exerciseIndex: Int) {  // ported: was RatingView's `init(exerciseIndex: Int) {`
            let desiredLength = 4  // ported: was `let desiredLength = Exercise.exercises.count`
            if ratings.count < desiredLength {
                ratings = ratings.padding(
                    toLength: desiredLength,
                    withPad: "0",
                    startingAt: 0)
            }
        }

        func rating(exerciseIndex: Int) -> Int {  // ported: was RatingView's `.onAppear {`
            let index = ratings.index(
                ratings.startIndex,
                offsetBy: exerciseIndex)
            let character = ratings[index]
            return character.wholeNumberValue ?? 0  // ported: was `rating = character.wholeNumberValue ?? 0`
        }

        // ported: was RatingView's `func updateRating(index: Int) {`
        func updateRating(exerciseIndex: Int, rating: Int) {
            let index = ratings.index(
                ratings.startIndex,
                offsetBy: exerciseIndex)
            ratings.replaceSubrange(index...index, with: String(rating))
        }
    }
}
