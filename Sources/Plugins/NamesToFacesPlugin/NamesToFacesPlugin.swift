import Foundation
import Harness
import NamesToFaces
import Sandbox

extension AppPlugin {
    /// Names to Faces: the people grid, `[Person]` under the key `people`, pictures in Documents.
    /// `app namestofaces codable` runs the chapter's Codable version (the default is NSCoding).
    public static let namesToFaces = AppPlugin(
        name: "namestofaces", bundleIdentifier: "com.example.NamesToFaces", variants: ["nscoding", "codable"],
        stores: [.defaults("people", key: "people")],
        observations: [
            ObservationDeclaration(
                name: "people", store: "people", comparison: .entries,
                expectations: PeopleNames.expectations),
            // The people whose cell shows their whole picture: a picture lost or torn after the app took it
            // is the user's data lost, as a name is, and the app's loss: pictures are files it wrote.
            ObservationDeclaration(
                name: "faces", store: "people", comparison: .entries, inFiles: true,
                expectations: PeopleNames.faceExpectations),
            // Each person's picture file name: `expect ids kept` holds a relaunch to the same pictures.
            ObservationDeclaration(name: "pictures", store: "people", comparison: .identities),
        ],
        actions: NamesToFacesGrammar.actions, checks: NamesToFacesGrammar.checks,
        editions: [
            .namesToFaces(name: "hardened", summary: "both encodings, changed only where data can be lost") {
                HardenedPeopleViewController(env: $0, encoding: $1)
            },
            .namesToFaces(name: "book", summary: "the chapter's code on the seams, flaws included") {
                PeopleViewController(env: $0, encoding: $1)
            },
        ])
}

extension AppEdition {
    /// An edition of Names to Faces: `screen` makes the people grid on a new process's seams for the
    /// scenario's encoding (the driver shows it, which loads the people).
    public static func namesToFaces(
        name: String, summary: String,
        screen: @escaping @Sendable (AppEnvironment, PeopleEncoding) -> any PeopleScreen
    ) -> AppEdition {
        AppEdition(name: name, summary: summary) { launch in
            let screen = screen(launch.environment, PeopleEncoding(rawValue: launch.variant ?? "") ?? .nscoding)
            screen.viewDidLoad()
            return NamesToFacesDriver(screen: screen)
        }
    }
}

/// What the people grid does, whichever edition's code runs it.
public protocol PeopleScreen: AnyObject {
    /// The names under the faces, in order.
    var names: [String] { get }
    /// The file names of their pictures in Documents, in the same order.
    var pictureNames: [String] { get }
    var alert: AppAlert? { get }
    /// Every alert raised since the screen was created, oldest first.
    var alerts: [AppAlert] { get }
    /// The screen loads the saved people.
    func viewDidLoad()
    /// The image picker finished with a picture of `name`.
    func addPerson(name: String, imageData: Data)
    /// The user typed a new name in the rename alert.
    func rename(at index: Int, to name: String)
    /// The user deleted the person at `index`.
    func deletePerson(at index: Int)
    /// The bytes the cell of the person at `index` shows, read as the grid reads them.
    func imageData(at index: Int) throws -> Data
    /// The scene went to the background (the shipped editions save on every change instead).
    func sceneDidEnterBackground()
}

extension PeopleScreen {
    public func sceneDidEnterBackground() {}
}

extension PeopleViewController: PeopleScreen {
    public var names: [String] { people.map(\.name) }
    public var pictureNames: [String] { people.map(\.image) }
}

extension HardenedPeopleViewController: PeopleScreen {
    public var names: [String] { people.map(\.name) }
    public var pictureNames: [String] { people.map(\.image) }
}
