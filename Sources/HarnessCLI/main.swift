import ChecklistsPlugin
import Harness
import HIITFitPlugin
import NamesToFacesPlugin

HarnessCommand.main(plugins: [.hiitfit, .checklists, .namesToFaces])
