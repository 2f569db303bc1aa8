/// A verb an executable of this package adds to the shipped ones: the `harness` executable's `bench`, and the
/// `crash-state` processes the bench starts. Harness knows no app, so a verb that does lives in a target of its own.
package struct AddedVerb: Sendable {
    package var name: String
    /// Its line in the help text, after the program's name; nil for a verb only the harness itself starts.
    package var usage: String?
    /// Runs the words after the verb with the executable's plug-ins; returns the exit status.
    package var execute: @Sendable (_ arguments: [String], _ plugins: PluginRegistry) throws -> Int32

    package init(
        name: String, usage: String?, execute: @escaping @Sendable ([String], PluginRegistry) throws -> Int32
    ) {
        self.name = name
        self.usage = usage
        self.execute = execute
    }
}
