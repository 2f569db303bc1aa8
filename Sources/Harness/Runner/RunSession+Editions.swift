/// `launch edition NAME` and `upgrade`: which edition of the app's code a launch runs.
extension RunSession {
    /// `launch [edition NAME] [variant NAME] [deferred]`: installs what the options name, then launches it.
    mutating func launchStep(_ options: LaunchOptions) throws(StepError) {
        guard !world.isRunning else {
            throw StepError("the app not running", "it is already running (kill or exit it first)")
        }
        installed = try code(options, upgrading: false)
        launch(deferred: options.deferred)
    }

    /// An App Store update: the running process goes to the background and is killed, the new code is
    /// installed over the same container, and launched.
    mutating func upgrade(_ options: LaunchOptions) throws(StepError) {
        let code = try code(options, upgrading: true)
        if world.isRunning {
            background()
            kill()
        }
        // An update is installed long after the old version's last write, which is on disk by then.
        world.writeBack()
        installed = code
        launch(deferred: options.deferred)
    }

    /// The code `options` name; what they leave out is the installed code's (`launch`) or the code under
    /// test's (`upgrade`). An edition or variant the app does not have names the ones it has.
    private func code(_ options: LaunchOptions, upgrading: Bool) throws(StepError) -> InstalledCode {
        let plugin = scenario.plugin
        let name = options.edition ?? (upgrading ? edition.name : installed.edition.name)
        guard let chosen = plugin.edition(named: name) else {
            throw StepError("an edition named '\(name)'", plugin.editionsDescription)
        }
        if let variant = options.variant, !plugin.variants.contains(variant) {
            let variants = plugin.variants.isEmpty ? "none" : plugin.variants.joined(separator: ", ")
            throw StepError("a variant named '\(variant)'", "\(plugin.name)'s variants: \(variants)")
        }
        return InstalledCode(
            edition: chosen, variant: options.variant ?? (upgrading ? scenario.variant : installed.variant))
    }
}

extension Scenario {
    /// Whether a step installs another edition or variant: then a trace names the code each launch ran.
    var changesEditions: Bool {
        steps.contains { step in
            switch step.command {
            case .launchWith, .upgrade: return true
            default: return false
            }
        }
    }
}

extension Command {
    /// `launch`, `launch edition …`, `upgrade`: the step starts a process of the app.
    var launchesTheApp: Bool {
        switch self {
        case .launch, .launchWith, .upgrade: return true
        default: return false
        }
    }

    /// `file`, `rm`, `defaults set`, `defaults remove`: the scenario changes what the app's container holds.
    var changesTheContainer: Bool {
        switch self {
        case .putFile, .removeFile, .setDefault, .removeDefault: return true
        default: return false
        }
    }

    /// A launch whose load waits for `settle`: what it shows at first is not yet what it loaded.
    var defersLaunchWork: Bool {
        switch self {
        case .launchWith(let options), .upgrade(let options): return options.deferred
        default: return false
        }
    }
}
