import Sandbox

/// `@NAME` where a path or a key goes: the store the app's plug-in declares as NAME, so that a port
/// of the app that keeps its data under another file name or key gets the same fixtures, faults and checks.
extension StepReader {
    /// The store `word` names (`@history`), or nil when the word is not a store reference.
    func store(_ word: Word) throws(ScenarioError) -> AppStore? {
        guard !word.quoted, word.text.hasPrefix("@") else { return nil }
        let name = String(word.text.dropFirst())
        guard let app else { throw reader.error(word, "'\(word.text)' names a store of the app, but no app is known") }
        guard let store = app.store(named: name) else {
            throw reader.error(word, Suggestions.unknown("\(app.name) store", name, app.stores.map(\.name)))
        }
        return store
    }

    /// The container-relative path `word` gives: a literal path, or `@NAME` of a file store.
    func filePath(_ word: Word) throws(ScenarioError) -> String? {
        guard let store = try store(word) else { return nil }
        guard case .file(let path) = store.location else {
            var error = reader.error(word, "'\(word.text)' is a key of the key-value store, not a file")
            error.isStoreKindMismatch = true
            throw error
        }
        return path
    }

    /// The key-value key `word` gives: `@NAME` of a key-value store, else the word itself.
    func defaultsKey(_ word: Word) throws(ScenarioError) -> String {
        guard let store = try store(word) else { return word.text }
        guard case .defaults(let key) = store.location else {
            var error = reader.error(word, "'\(word.text)' is a file store, not a key of the key-value store")
            error.isStoreKindMismatch = true
            throw error
        }
        return key
    }

    /// The pattern `word` gives for `kind` operations: `@NAME` is its file's path, or `defaults:KEY` for
    /// `get` and `set`.
    func storePattern(_ word: Word, for kind: OperationKind) throws(ScenarioError) -> String? {
        guard try store(word) != nil else { return nil }
        switch kind {
        case .get, .set: return "defaults:" + (try defaultsKey(word))
        default: return try filePath(word)
        }
    }

    /// The next word as a container-relative path, or `@NAME` of a file store.
    mutating func path() throws(ScenarioError) -> (String, Word) {
        let word = try reader.next()
        if let path = try filePath(word) { return (path, word) }
        if let problem = Values.pathProblem(word.text) { throw reader.error(word, problem) }
        return (word.text, word)
    }

    /// The next word as a pattern over the paths of `kind` operations, or `@NAME` of a store.
    mutating func pattern(for kind: OperationKind) throws(ScenarioError) -> PathPattern {
        let word = try reader.next()
        if let pattern = try storePattern(word, for: kind) { return PathPattern(pattern) }
        if let problem = Values.patternProblem(word.text, for: kind) { throw reader.error(word, problem) }
        return PathPattern(word.text)
    }
}
