import Foundation
import Sandbox

/// One running process of an app: drives its real persistence code the way its screens do.
///
/// An edition's `launch` makes one per process, after running the app's launch path. The
/// harness calls every method on the simulated app thread, so a crash fault can stop the app in
/// the middle of a call exactly as a killed process stops.
public protocol AppDriver: AnyObject {
    /// Performs a user action that the plug-in's `ActionDeclaration`s parsed; throws when the user
    /// could not perform it on the current screen (no such row).
    func perform(_ action: PluginValue) throws(ActionError)
    /// The scene goes to the background: what the app saves then.
    func enterBackground()
    /// What the user sees now.
    func observe() -> Observation
    /// Evaluates one of the plug-in's own checks. It may run app code (opening a page to read it).
    func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding
}

extension AppDriver {
    public func enterBackground() {}
}

/// An action the user cannot perform on the current screen.
public struct ActionError: Error, Sendable {
    /// Why, as the failure shows it: `there is no row 3: the list shows 2 items`.
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// What a check can know besides the app: the phone's calendar (days are named in its time zone).
public struct CheckContext: Sendable {
    /// Gregorian, in the phone's time zone.
    public var calendar: Calendar

    public init(calendar: Calendar) { self.calendar = calendar }
}

/// A check's result: whether it holds, and what was found, as a failure message shows it.
public struct CheckFinding: Sendable {
    public var holds: Bool
    /// What the app showed, as a failure shows it: `an empty history`.
    public var found: String
    /// False when the check had no subject (`no person 5`): the step fails negated or not.
    public var evaluated: Bool

    public init(holds: Bool, found: String) {
        self.holds = holds
        self.found = found
        evaluated = true
    }

    /// The check could not be made (no such row, person or exercise): `found` says why.
    public static func cannotEvaluate(_ found: String) -> CheckFinding {
        var finding = CheckFinding(holds: false, found: found)
        finding.evaluated = false
        return finding
    }
}
