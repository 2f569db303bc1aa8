import ChecklistsPlugin
import HIITFitPlugin
import Harness

// The shipped plug-ins, Names to Faces with one more edition that sets process-wide state as it launches.
HarnessCommand.main(plugins: [.hiitfit, .checklists, .namesToFacesWithClassMapping])
