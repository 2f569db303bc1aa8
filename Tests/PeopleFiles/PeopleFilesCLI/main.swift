import ChecklistsPlugin
import HIITFitPlugin
import Harness
import PeopleFilesEdition

HarnessCommand.main(plugins: [.hiitfit, .checklists, .namesToFacesWithPeopleFiles])
