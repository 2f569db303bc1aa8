import ChecklistsPlugin
import HIITFitPlugin
import Harness
import HarnessBench
import NamesToFacesPlugin

HarnessCommand.main(plugins: [.hiitfit, .checklists, .namesToFaces], verbs: BenchCommand.verbs)
