import Harness
import Testing

@Test func errorsReadAsFileLineColumn() {
    let error = ScenarioError(ScenarioLocation(file: "a.scenario", line: 3, column: 7), "unknown verb 'lanch'")
    #expect(error.description == "a.scenario:3:7: unknown verb 'lanch'")
}
