import ChecklistsPlugin
import Foundation
import HIITFitPlugin
import Harness
import HarnessTesting
import PeopleFilesEdition
import Testing

private let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
private let plugins: [AppPlugin] = [.hiitfit, .checklists, .namesToFacesWithPeopleFiles]
private let worker = BuildProducts.executable(named: "PeopleFilesCLI")

/// The shipped corpus's Names to Faces scenarios (and users' reports), held to the port's record both ways.
private let corpus = ScenarioFolder(
    here.appendingPathComponent("../../Scenarios").standardizedFileURL, plugins: plugins, worker: worker,
    knownFailures: here.appendingPathComponent("known-failures"))

@Test(arguments: corpus.files(ofApps: ["namestofaces"]))
func shippedScenario(_ file: ScenarioFile) { corpus.check(file, edition: "people-files") }

/// The port's own scenarios: one file per person, the migration, the folder.
private let own = ScenarioFolder(
    here.appendingPathComponent("Scenarios"), plugins: plugins, worker: worker,
    knownFailures: here.appendingPathComponent("own-known-failures"))

@Test(arguments: own.files)
func ownScenario(_ file: ScenarioFile) { own.check(file, edition: "people-files") }
