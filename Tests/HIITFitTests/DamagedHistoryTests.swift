import Foundation
import HIITFit
import Sandbox
import Testing

/// Every one-byte change (9 masks) and every truncation of a real history.plist, in the
/// hardened edition: never a trap, and an alert always comes with a kept copy.
/// Runs in a child process: swift-corelibs-foundation crashes on some damaged binary
/// property lists (see BinaryPlistCheck), and a crash must fail this test, not the run.
@Test func aDamagedHistoryFileIsLoadedOrReportedAndKeptNeverATrap() async {
    await #expect(processExitsWith: .success) {
        let start = Date(timeIntervalSince1970: 1_772_352_000)
        let days: [[Any]] = [
            ["7D3C2A10-0000-4000-8000-000000000003", start, ["Squat", "Step Up"]],
            ["7D3C2A10-0000-4000-8000-000000000002", start - 86_400, ["Burpee"]],
            ["7D3C2A10-0000-4000-8000-000000000001", start - 172_800, ["Sun Salute", "Squat"]],
        ]
        let file = try! PropertyListSerialization.data(fromPropertyList: days, format: .binary, options: 0)
        var cases: [Data] = (0..<file.count).map { Data(file.prefix($0)) }
        for offset in 0..<file.count {
            for mask: UInt8 in [0xFF, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80] {
                var damaged = file
                damaged[offset] ^= mask
                cases.append(damaged)
            }
        }
        for damaged in cases {
            let world = SimulatedWorld(start: start)
            world.putFile("Documents/history.plist", damaged)
            let app = HardenedHIITFitApp(env: world.launch())
            let alerted = app.alert != nil
            app.dismissAlert()
            app.finishExercise("Burpee")
            if alerted && world.fileData("Documents/history.plist.unreadable-1") != damaged {
                fatalError("an unreadable file was replaced without a copy")
            }
            if app.alert != nil { fatalError("the save after a damaged file failed") }
        }
    }
}
