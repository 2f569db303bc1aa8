/// One fault's words, the one table of them: the name and arguments a `fault` line, a reproduction and a
/// worker's job spell it with, the operations it can fire on, and the `Fault` its words build. The scenario
/// parser, every printer of a fault, `harness --help`, the language reference's test and the worker protocol
/// all read `FaultWord.all`; adding a fault is one more entry (and its effect in the simulated world).
public struct FaultWord: Sendable {
    /// What may follow the name, one word each.
    public enum Argument: Sendable, Hashable {
        /// A whole number (0 or more), written `usage` in the usage line.
        case number(usage: String)
        /// One of `choices`; `what` names them in an error.
        case choice(_ what: String, [String])
        /// One of `choices`, or none: then the first.
        case optionalChoice([String])
    }

    /// The word after the operation and path: `partial`.
    public let name: String
    public let arguments: [Argument]
    /// The operations it can fire on; on any other it selects nothing.
    public let operations: Set<OperationKind>
    /// The fault its argument words spell, once `fault(_:)` has checked them against `arguments`.
    private let build: @Sendable ([String]) -> Fault?
    /// The argument words of `fault`, or nil when `fault` is another word's.
    private let spell: @Sendable (Fault) -> [String]?
    /// `Fault.summary` from the argument words, when it is not all the words.
    fileprivate let summary: (@Sendable ([String]) -> String)?

    init(
        _ name: String, _ arguments: [Argument], on operations: Set<OperationKind>,
        build: @escaping @Sendable ([String]) -> Fault?, spell: @escaping @Sendable (Fault) -> [String]?,
        summary: (@Sendable ([String]) -> String)? = nil
    ) {
        self.name = name
        self.arguments = arguments
        self.operations = operations
        self.build = build
        self.spell = spell
        self.summary = summary
    }

    /// A word without arguments for one fault.
    init(_ name: String, _ fault: Fault, on operations: Set<OperationKind>) {
        self.init(name, [], on: operations, build: { _ in fault }, spell: { $0 == fault ? [] : nil })
    }

    /// A crash, `kill` unless its word says `power-loss`.
    init(crash name: String, _ fault: @escaping @Sendable (CrashKind) -> Fault, on operations: Set<OperationKind>) {
        self.init(
            name, [.optionalChoice(CrashKind.allCases.map(\.rawValue))], on: operations,
            build: { words in CrashKind(rawValue: words[0]).map(fault) },
            spell: { given in CrashKind.allCases.first { fault($0) == given }.map { [$0.rawValue] } })
    }

    /// Every fault word, in the order the language reference lists them.
    public static let all: [FaultWord] = {
        let everyButNow = Set(OperationKind.allCases).subtracting([.now])
        return [
            FaultWord("missing", .missing, on: [.read, .list, .exists, .remove, .get]),
            FaultWord("no-url", .noURL, on: [.urls]),
            FaultWord(
                "partial",
                [.number(usage: "N"), .choice("partial write end", ["error"] + CrashKind.allCases.map(\.rawValue))],
                on: [.write],
                build: { words in
                    let end =
                        words[1] == "error" ? .error : CrashKind(rawValue: words[1]).map(Fault.PartialWriteEnd.crash)
                    return Int(words[0]).flatMap { bytes in end.map { .partialWrite(bytes: bytes, then: $0) } }
                },
                spell: { fault in
                    guard case .partialWrite(let bytes, let end) = fault else { return nil }
                    return switch end {
                    case .error: [String(bytes), "error"]
                    case .crash(let kind): [String(bytes), kind.rawValue]
                    }
                },
                // Without the byte count, which differs from write to write.
                summary: { words in words[1] == "error" ? "partial+error" : "torn+" + words[1] }),
            FaultWord("wrong-type", .wrongType, on: [.read, .get]),
            FaultWord("disk-full", .diskFull, on: [.write, .sync, .mkdir]),
            FaultWord("permission", .permissionDenied, on: [.read, .write, .remove, .list, .rename, .mkdir]),
            FaultWord("io-error", .ioError, on: [.read, .write, .sync, .rename, .remove, .list, .mkdir]),
            FaultWord("corrupt", .corruptRead, on: [.read]),
            FaultWord(crash: "crash-before", Fault.crashBefore, on: everyButNow),
            FaultWord(crash: "crash-after", Fault.crashAfter, on: everyButNow),
            FaultWord(crash: "crash-after-flush", Fault.crashAfterFlush, on: [.set]),
        ]
    }()

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The word named `name`.
    public static func named(_ name: some StringProtocol) -> FaultWord? { byName[String(name)] }

    /// How a `fault` line writes it: `partial N error|kill|power-loss`, `crash-after [kill|power-loss]`.
    public var usage: String {
        ([name]
            + arguments.map { argument in
                switch argument {
                case .number(let usage): usage
                case .choice(_, let choices): choices.joined(separator: "|")
                case .optionalChoice(let choices): "[" + choices.joined(separator: "|") + "]"
                }
            }).joined(separator: " ")
    }

    /// The fault `arguments` spell (one word an argument, an optional one given); nil when they spell none.
    public func fault(_ arguments: [String]) -> Fault? {
        guard arguments.count == self.arguments.count else { return nil }
        for (word, argument) in zip(arguments, self.arguments) {
            switch argument {
            case .number: guard let number = Int(word), number >= 0 else { return nil }
            case .choice(_, let choices), .optionalChoice(let choices): guard choices.contains(word) else { return nil }
            }
        }
        return build(arguments)
    }

    /// The word of `fault` and its argument words.
    fileprivate static func spelling(of fault: Fault) -> (word: FaultWord, arguments: [String]) {
        for word in all {
            if let arguments = word.spell(fault) { return (word, arguments) }
        }
        preconditionFailure("\(fault) has no word in FaultWord.all")
    }
}

extension Fault {
    /// Its entry in `FaultWord.all`.
    public var word: FaultWord { FaultWord.spelling(of: self).word }

    /// Its name and arguments: `partial`, `12`, `power-loss`.
    public var words: [String] {
        let (word, arguments) = FaultWord.spelling(of: self)
        return [word.name] + arguments
    }

    /// The fault that `words` (a name, then every argument) spell; nil when they spell none.
    public init?(words: [some StringProtocol]) {
        guard let name = words.first, let word = FaultWord.named(name),
            let fault = word.fault(words.dropFirst().map { String($0) })
        else { return nil }
        self = fault
    }

    /// The fault in a few words, without a number that differs from write to write: the fault matrix's column
    /// (`torn+kill`, `crash-after power-loss`).
    public var summary: String {
        let (word, arguments) = FaultWord.spelling(of: self)
        return word.summary?(arguments) ?? ([word.name] + arguments).joined(separator: " ")
    }

    /// Whether this fault can fire on an operation of `kind`.
    public func applies(to kind: OperationKind) -> Bool { word.operations.contains(kind) }
}
