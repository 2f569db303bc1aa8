import Checklists
import Foundation
import Sandbox
import Testing

/// Every one-byte change (9 masks) and every truncation of a real Checklists.plist, in
/// the hardened edition: never a trap, and an alert always comes with a kept copy.
/// Runs in a child process, so that a crash fails this test and not the whole run.
@Test func aDamagedChecklistFileIsLoadedOrReportedAndKeptNeverATrap() async {
    await #expect(processExitsWith: .success) {
        let items = [
            ChecklistItem(text: "Milk"), ChecklistItem(text: "Eggs", checked: true), ChecklistItem(text: "Bread"),
        ]
        let file = try! PropertyListEncoder().encode(items)
        var cases: [Data] = (0..<file.count).map { Data(file.prefix($0)) }
        for offset in 0..<file.count {
            for mask: UInt8 in [0xFF, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80] {
                var damaged = file
                damaged[offset] ^= mask
                cases.append(damaged)
            }
        }
        for damaged in cases {
            let world = SimulatedWorld()
            world.putFile("Documents/Checklists.plist", damaged)
            let screen = HardenedChecklistViewController(env: world.launch())
            screen.viewDidLoad()
            let alerted = screen.alert != nil
            screen.dismissAlert()
            screen.addItem(text: "Jam")
            if alerted && world.fileData("Documents/Checklists.plist.unreadable-1") != damaged {
                fatalError("an unreadable file was replaced without a copy")
            }
            if screen.alert != nil { fatalError("the save after a damaged file failed") }
        }
    }
}
