import Testing
import HIITFit

@Test func theFourExercisesInRatingOrder() {
    #expect(Exercise.names == ["Squat", "Step Up", "Burpee", "Sun Salute"])
}
