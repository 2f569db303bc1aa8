import ChecklistsPlugin
import HIITFitText
// My HIITFit's own harness: `HIITFitTextCLI run --app hiitfit --edition text Scenarios`, `… explore …`;
// it is also the worker its runs start (`HIITFitTextCLI worker`).
import Harness
import NamesToFacesPlugin

HarnessCommand.main(plugins: [.hiitfitWithText, .checklists, .namesToFaces])
