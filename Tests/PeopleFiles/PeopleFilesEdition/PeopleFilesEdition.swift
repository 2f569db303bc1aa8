import Harness
import NamesToFacesPlugin
import PeopleFiles
import Sandbox

extension PeopleFilesViewController: PeopleScreen {}

extension AppPlugin {
    /// Names to Faces with the one-file-per-person port registered as the edition `people-files`. The store
    /// `@people` stays the key `people`: where version 1 left the people this version migrates.
    public static let namesToFacesWithPeopleFiles = AppPlugin.namesToFaces.adding(
        .namesToFaces(name: "people-files", summary: "one JSON file per person, migrated from the book's archive") {
            env, encoding in
            PeopleFilesViewController(env: env, previousEncoding: encoding == .codable ? .codable : .nscoding)
        })
}
