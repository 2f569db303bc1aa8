import Foundation
import Sandbox

extension AppPlugin {
    /// The `expect` lines that hold exactly when the app shows `observation`, days named in `calendar`:
    /// each observation's lines (see `ObservationDeclaration.expectations`), then the alert on screen.
    /// What `harness import` and `harness run --record` write.
    public func checkLines(for observation: Observation, calendar: Calendar) -> [String] {
        let alert =
            observation.alert.map { alert in
                ["expect alert" + (ScenarioWord.written(alert.title).map { " " + $0 } ?? "")]
            } ?? []
        return checkLines(values: observation.values, screenState: true, calendar: calendar) + alert
    }

    /// The lines of each declared observation in `values` (one missing is an empty list); screen state
    /// (a selected tab) only when `screenState`.
    func checkLines(values: [String: ObservedValue], screenState: Bool, calendar: Calendar) -> [String] {
        observations.flatMap { declaration in
            if case .screenState = declaration.comparison, !screenState { return [String]() }
            return declaration.expectations(values[declaration.name] ?? .list([]), calendar)
        }
    }
}
