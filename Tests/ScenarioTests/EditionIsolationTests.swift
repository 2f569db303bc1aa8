import Foundation
import HarnessTesting
import Testing

/// No process that runs one edition's code runs another's: linking in an edition whose initialiser sets
/// process-wide state changes no other edition's report.
@Suite struct EditionIsolationTests {
    /// The shipped plug-ins, and a Names to Faces edition `class-mapping` that maps the archived `Person` class to a
    /// decoy for every keyed archive unarchived after it launched, in any edition.
    static let classMapping = BuildProducts.executable(named: "ClassMappingCLI")

    static let explored = [
        "namestofaces/people-survive-background-and-kill.scenario", "namestofaces/delete-survives-kill.scenario",
        "namestofaces/person-kept-when-killed-right-after-add.scenario",
    ].map(Corpus.path)

    @Test func theClassMappingChangesWhatTheBooksCodeReads() throws {
        // The premise: in a process where the edition launched, the book's code reads no people back.
        let arguments = ["run", "--json", "--edition", "EDITION", Self.explored[0]]
        let mapped = arguments.map { $0 == "EDITION" ? "class-mapping" : $0 }
        let book = arguments.map { $0 == "EDITION" ? "book" : $0 }
        let run = try #require(try RunningHarness(mapped, executable: Self.classMapping).finish())
        let shipped = try #require(try RunningHarness(book).finish())
        #expect(run.status == 1, "\(run.output.suffix(400))")
        #expect(shipped.status == 0, "\(shipped.output.suffix(400))")
    }

    @Test(arguments: ["book", "hardened"])
    func anEditionThatSetsProcessWideStateChangesNoOtherEditionsReports(_ edition: String) throws {
        for arguments in [
            ["run", "--json", "--edition", edition, "Scenarios"],
            ["explore", "--json", "--jobs", "2", "--edition", edition] + Self.explored,
        ] {
            let shipped = try #require(try RunningHarness(arguments).finish())
            let linked = try #require(try RunningHarness(arguments, executable: Self.classMapping).finish())
            #expect(shipped.output.contains("\"outcome\""), "\(shipped.errors.suffix(300))")
            #expect(linked.status == shipped.status, "\(arguments)")
            #expect(linked.output == shipped.output, "\(arguments)")
        }
    }
}
