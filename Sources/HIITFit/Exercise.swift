/// The exercises HIITFit knows, in the order the app shows and rates them.
public enum Exercise {
    public static let names = ["Squat", "Step Up", "Burpee", "Sun Salute"]
}
