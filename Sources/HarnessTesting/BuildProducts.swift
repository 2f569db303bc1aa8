import Foundation

/// Executables built by the package under test, found next to the running test bundle (where
/// `swift build` and `swift test` put them).
public enum BuildProducts {
    /// The executable `name` from the same build as the tests (the build folder's, even when it is
    /// missing: running it then fails with the path).
    public static func executable(named name: String) -> URL {
        var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return folders[0].appendingPathComponent(name)
    }
}
