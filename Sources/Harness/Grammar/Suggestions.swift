/// "Did you mean" for words that are not in a known set.
public enum Suggestions {
    /// The candidate closest to `word`: edit distance at most 2 (and less than the word's length), or a prefix.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let length = lowered.count
        guard length > 0 else { return nil }
        var best: (score: Int, candidate: String)?
        for candidate in candidates {
            let other = candidate.lowercased()
            // Lengths more than 2 apart are more than 2 edits apart: skip the quadratic work (long words, 600 zones).
            let distance = abs(length - other.count) > 2 ? Int.max : editDistance(lowered, other)
            var score = Int.max
            if distance <= 2 && distance < length {
                score = distance
            } else if length >= 3 && (other.hasPrefix(lowered) || lowered.hasPrefix(other)) {
                score = 3
            }
            if score != Int.max, best == nil || score < best!.score { best = (score, candidate) }
        }
        return best?.candidate
    }

    /// `unknown WHAT 'word' (did you mean 'x'?)`, or the list of choices when `list` is set and none is close.
    public static func unknown(_ what: String, _ word: String, _ candidates: [String], list: Bool = true) -> String {
        if let guess = closest(to: word, in: candidates) {
            return "unknown \(what) '\(word)' (did you mean '\(guess)'?)"
        }
        return list
            ? "unknown \(what) '\(word)' (expected one of: \(candidates.joined(separator: ", ")))"
            : "unknown \(what) '\(word)'"
    }

    /// ` (did you mean 'x'?)` when a candidate is close, else nothing.
    public static func hint(_ word: String, _ candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The Levenshtein distance between two strings, by characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
