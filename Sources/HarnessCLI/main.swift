import Foundation
import Harness

let arguments = Array(CommandLine.arguments.dropFirst())
exit(HarnessCommand.main(arguments))
