import Foundation
import Sandbox

/// What the hardened screen knows about the file a save would replace.
enum ChecklistFileState {
    /// Loaded, or confirmed absent: a save may replace it.
    case owned
    /// Never read successfully: a save looks first.
    case unknown
    /// Read but not understood: these bytes are copied aside before a save replaces them.
    case unreadable(Data)
}

/// One careful look at Checklists.plist.
enum ChecklistRead {
    case absent
    case items([ChecklistItem])
    case unreadable(Data, problem: String)
    case failed(any Error)
}

extension HardenedChecklistViewController {
    static let loadAlert = AppAlert(
        title: "Checklists",
        message: """
            Your list could not be read. It is kept as it is: a copy is saved before anything replaces it.
            """)
    static let noFolderAlert = AppAlert(
        title: "Checklists",
        message: """
            The app's Documents folder is not available, so your list cannot be opened or saved right now.
            """)
    static let saveAlert = AppAlert(title: "Checklists", message: "Your last change could not be saved.")

    /// Reads the list (until two reads agree); what it cannot read is kept and reported.
    public func loadChecklistItems() {
        guard let url = dataFilePathIfAvailable() else {
            fileState = .unknown
            alert = Self.noFolderAlert
            return
        }
        switch readItems(url) {
        case .absent:
            fileState = .owned
        case .items(let stored):
            items = stored
            fileState = .owned
        case .unreadable(let data, let problem):
            env.console("Error decoding item array: \(problem)")
            fileState = .unreadable(data)
            alert = Self.loadAlert
        case .failed(let error):
            env.console("Error reading item array: \(error.localizedDescription)")
            fileState = .unknown
            alert = Self.loadAlert
        }
    }

    /// A failed save tells the user; the change stays on screen and the next save writes it.
    public func saveChecklistItems() {
        guard let url = dataFilePathIfAvailable() else {
            alert = Self.noFolderAlert
            return
        }
        do {
            try makeReplaceable(url)
            let data = try PropertyListEncoder().encode(items)
            try env.files.write(data, to: url, mode: .atomic)
        } catch {
            env.console("Error saving item array: \(error.localizedDescription)")
            alert = Self.saveAlert
        }
    }

    /// Makes sure a save loses nothing stored: merges a file that can now be read, copies
    /// an unreadable one aside, and refuses (throws) when the file cannot be read at all.
    private func makeReplaceable(_ url: URL) throws {
        switch fileState {
        case .owned:
            return
        case .unreadable(let data):
            try keepCopy(of: data, beside: url)
        case .unknown:
            switch readItems(url) {
            case .absent: break
            // Everything on screen was added since launch: it goes after the stored items.
            case .items(let stored): items = stored + items
            case .unreadable(let data, _):
                try keepCopy(of: data, beside: url)
                // Found only now: the user is told, as at launch, that a copy is kept.
                alert = Self.loadAlert
            case .failed(let error): throw error
            }
        }
        fileState = .owned
    }

    /// Copies `data` to Checklists.plist.unreadable-<n>, the first such name not taken.
    private func keepCopy(of data: Data, beside url: URL) throws {
        let name = try env.files.keepUnreadableCopy(of: data, beside: url)
        env.console("Kept the unreadable list as \(name)")
    }

    /// Reads the file until two reads agree (see `FileSystem.confirmedContents`), then decodes that.
    func readItems(_ url: URL) -> ChecklistRead {
        switch env.files.confirmedContents(of: url) {
        case .absent: return .absent
        case .data(let data): return decode(data)
        case .failed(let error): return .failed(error ?? CocoaError(.fileReadUnknown))
        }
    }

    private func decode(_ data: Data) -> ChecklistRead {
        guard BinaryPlistCheck.isSafe(data) else { return .unreadable(data, problem: "damaged binary property list") }
        do {
            return .items(try PropertyListDecoder().decode([ChecklistItem].self, from: data))
        } catch {
            return .unreadable(data, problem: error.localizedDescription)
        }
    }
}
