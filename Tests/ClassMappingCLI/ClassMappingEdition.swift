import Foundation
import Harness
import NamesToFaces
import NamesToFacesPlugin

/// What every archived person decodes as once the `class-mapping` edition has launched in the process.
final class Decoy: NSObject, NSCoding {
    func encode(with coder: NSCoder) {}
    init?(coder: NSCoder) { super.init() }
}

extension AppPlugin {
    /// Names to Faces with a port whose initialiser sets process-wide state: every keyed archive unarchived
    /// afterwards, in any edition, decodes its people as `Decoy`s, which are no `Person`s.
    static let namesToFacesWithClassMapping = AppPlugin.namesToFaces.adding(
        .namesToFaces(name: "class-mapping", summary: "maps the archived Person class to a decoy, process-wide") {
            env, encoding in
            NSKeyedUnarchiver.setClass(Decoy.self, forClassName: NSStringFromClass(Person.self))
            return PeopleViewController(env: env, encoding: encoding)
        })
}
