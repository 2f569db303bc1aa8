import Sandbox

/// One edition of an app's code, by name: the book's, the hardened one, a user's own port.
public struct AppEdition: Sendable {
    /// The name `--edition` and `[edition:NAME]` use.
    public var name: String
    /// One line: what this code is.
    public var summary: String
    /// Starts the app: runs its launch path on the launch's environment and returns the driver of
    /// the running process. Called on the app thread.
    public var launch: @Sendable (AppLaunch) -> any AppDriver

    public init(name: String, summary: String, launch: @escaping @Sendable (AppLaunch) -> any AppDriver) {
        self.name = name
        self.summary = summary
        self.launch = launch
    }
}

/// What a launch gets: the process's seams, and the variant the scenario named.
public struct AppLaunch: Sendable {
    /// The seams of the new process.
    public var environment: AppEnvironment
    /// `app NAME VARIANT`: the variant, or the plug-in's first one (nil when it has none).
    public var variant: String?

    public init(environment: AppEnvironment, variant: String?) {
        self.environment = environment
        self.variant = variant
    }
}
