import HIITFit
import Testing

@Test func theFourExercisesInRatingOrder() {
    #expect(Exercise.names == ["Squat", "Step Up", "Burpee", "Sun Salute"])
}
