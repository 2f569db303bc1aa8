import Foundation

/// The folders of an app container that app code asks for by name.
public enum ContainerDirectory: String, Sendable, CaseIterable {
    case documents = "Documents"
    case library = "Library"
    case caches = "Library/Caches"
    case temporary = "tmp"
}

/// How `FileSystem.write` puts bytes on disk, as `Data.WritingOptions` does.
public enum WriteMode: String, Sendable {
    /// Truncate the file in place, then write (no sync).
    case plain
    /// Write a temporary file in the same folder, sync it, rename it over the target.
    case atomic
}

/// The file-system seam: everything the persistence code under test does with files.
///
/// Errors are the ones Foundation throws for the same call: `CocoaError` with the
/// file path and an underlying `POSIXError`.
public protocol FileSystem: Sendable {
    /// `FileManager.urls(for:in: .userDomainMask)`: may be empty.
    func urls(for directory: ContainerDirectory) -> [URL]
    /// `URL.documentsDirectory`, `.libraryDirectory`, `.cachesDirectory`, `.temporaryDirectory` (iOS 16): the folder,
    /// which cannot fail as `urls(for:)` may. No file operation: no fault applies to it.
    func url(of directory: ContainerDirectory) -> URL
    /// `Data(contentsOf:)`.
    func contents(of url: URL) throws -> Data
    /// `Data.write(to:options:)`, with `.atomic` when `mode` is `.atomic`.
    func write(_ data: Data, to url: URL, mode: WriteMode) throws
    /// `FileManager.removeItem(at:)`: removes folders with their contents.
    func removeItem(at url: URL) throws
    /// `FileManager.fileExists(atPath:)`.
    func fileExists(at url: URL) -> Bool
    /// `FileManager.contentsOfDirectory(atPath:)`: names in no promised order.
    func contentsOfDirectory(at url: URL) throws -> [String]
    /// `FileManager.createDirectory(at:withIntermediateDirectories:attributes: nil)`: 516 when something is
    /// there already (a folder only without `withIntermediateDirectories`), 4 when a parent is missing and not
    /// to be made, 512 when an ancestor is a file (measured on Linux's Foundation).
    func createDirectory(at url: URL, withIntermediateDirectories: Bool) throws
}
