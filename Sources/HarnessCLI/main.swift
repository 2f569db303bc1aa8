import ChecklistsPlugin
import HIITFitPlugin
import Harness
import NamesToFacesPlugin

HarnessCommand.main(plugins: [.hiitfit, .checklists, .namesToFaces])
