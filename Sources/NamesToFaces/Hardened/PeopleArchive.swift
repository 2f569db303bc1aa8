import Foundation
import Sandbox

/// The Data stored under the key `people`, in the book's two encodings, as the hardened edition
/// writes and reads it.
enum PeopleArchive {
    /// The book's encodings: archive errors are dropped (`try?`), so nil means "not saved".
    static func encode(_ people: [Person], as encoding: PeopleEncoding) -> Data? {
        switch encoding {
        case .nscoding: return try? NSKeyedArchiver.archivedData(withRootObject: people, requiringSecureCoding: false)
        case .codable: return try? JSONEncoder().encode(people)
        }
    }

    /// The NSCoding load: nil instead of a trap or a half-decoded list.
    static func safeUnarchive(_ data: Data) -> [Person]? {
        guard BinaryPlistCheck.isSafe(data) else { return nil }
        #if !canImport(Darwin)
            // swift-corelibs-foundation traps on some malformed archives even with
            // .setErrorAndReturn, so the archive's structure is checked first.
            guard KeyedArchiveCheck.isSafe(data, classNames: allowedClassNames) else { return nil }
        #endif
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) else { return nil }
        unarchiver.requiresSecureCoding = false
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        let root = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
        unarchiver.finishDecoding()
        guard unarchiver.error == nil else { return nil }
        return root as? [Person]
    }

    /// The Codable load.
    static func safeDecodeJSON(_ data: Data) -> [Person]? {
        try? JSONDecoder().decode([Person].self, from: data)
    }

    /// The configured encoding first, then the other one (data an earlier
    /// version of the app wrote in the other encoding is still the user's people).
    static func safeDecode(_ data: Data, preferring encoding: PeopleEncoding) -> [Person]? {
        switch encoding {
        case .nscoding: return safeUnarchive(data) ?? safeDecodeJSON(data)
        case .codable: return safeDecodeJSON(data) ?? safeUnarchive(data)
        }
    }

    /// The classes an archive of `[Person]` names.
    static var allowedClassNames: Set<String> {
        ["NSArray", "NSMutableArray", NSStringFromClass(Person.self)]
    }
}
