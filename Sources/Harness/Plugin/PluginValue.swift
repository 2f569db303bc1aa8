/// A value a plug-in parsed from a scenario line (an action, a check): the plug-in's own type,
/// carried by the harness and compared as a value.
public struct PluginValue: Hashable, @unchecked Sendable {
    // Holds only Sendable values (see init); AnyHashable is not marked Sendable itself.
    private let base: AnyHashable

    public init<Value: Hashable & Sendable>(_ value: Value) { base = AnyHashable(value) }

    /// The value as the plug-in's type, or nil when it is another type.
    public func `as`<Value: Hashable & Sendable>(_ type: Value.Type) -> Value? { base.base as? Value }
}

/// The value of one of a plug-in's own `expect` lines.
public protocol PluginCheck: Hashable, Sendable {
    /// What must hold, as failure messages say it: `an empty history`, `Squat rated 4`.
    var expected: String { get }
}

/// A plug-in's own `expect` line, parsed: the plug-in's check and what it expects.
public struct AppCheck: Sendable, Hashable {
    public var value: PluginValue
    /// What must hold, as failure messages say it.
    public var expected: String

    public init(_ check: some PluginCheck) {
        value = PluginValue(check)
        expected = check.expected
    }
}
