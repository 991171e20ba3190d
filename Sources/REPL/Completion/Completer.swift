import Host
/// What pressing Tab does: the text to insert at the cursor, the candidates to list when the
/// word is ambiguous, and a hint (an input's signature) to show below the line.
public struct Completion: Equatable, Sendable {
    /// Inserted at the cursor: the rest of the word (and a `.`, ` ` or `=` after a unique match).
    public var insertion: String
    /// Every word that matches, listed when there is more than one.
    public var candidates: [String]
    /// One line shown below the input, such as `nameChanged(name: string or null)`.
    public var hint: String?

    /// A completion.
    public init(insertion: String = "", candidates: [String] = [], hint: String? = nil) {
        self.insertion = insertion
        self.candidates = candidates
        self.hint = hint
    }

    /// Nothing to complete.
    public static let none = Completion()
}

/// Completes dot commands, instance ids and type names (before the dot), inputs (after
/// `x.`), parameter labels (`label=`) and the arguments of dot commands, from what the
/// session describes. Pure: the caller refreshes the description (instances come and go).
public struct Completer: Sendable {
    /// The types and instances to complete from.
    public var description: SessionDescription

    /// A completer over `description`.
    public init(description: SessionDescription) {
        self.description = description
    }

    /// The completion of the word that ends at the end of `textBeforeCursor`.
    public func complete(_ textBeforeCursor: String) -> Completion {
        let line = Substring(textBeforeCursor)
        if let first = line.trimmingWhitespace().first, first == "{" || first == "[" { return .none }
        let words = ArgumentTokenizer.words(line).map(\.text)
        let isBetweenWords = ArgumentTokenizer.endsBetweenWords(line)
        let current: Substring = isBetweenWords ? "" : (words.last ?? "")
        let previous = isBetweenWords ? words : Array(words.dropLast())
        guard let head = previous.first else { return completeFirstWord(current) }
        if head.hasPrefix(".") {
            return completeCommandArgument(String(head), position: previous.count, previous: previous, current)
        }
        return completeArgument(of: String(head), previous: previous.dropFirst(), current)
    }

    // MARK: The first word

    private func completeFirstWord(_ word: Substring) -> Completion {
        if word.hasPrefix(".") {
            return finish(word, MetaCommand.names) { MetaCommand.takesArguments($0) ? " " : "" }
        }
        if let (target, prefix) = Session.splitMethod(word) {
            guard let type = description.type(ofTarget: target) else { return .none }
            var completion = finish(prefix[...], type.inputs.map(\.name)) { name in
                type.input(named: name)?.parameters.isEmpty == false ? " " : ""
            }
            if completion.candidates.count <= 1,
               let name = completion.candidates.first ?? (type.input(named: String(prefix)).map(\.name)),
               let input = type.input(named: name) {
                completion.hint = Self.hint(for: input)
            }
            return completion
        }
        return finish(word, targets) { _ in "." }
    }

    /// Instance ids, then the type names that are not also an instance id.
    private var targets: [String] {
        let ids = description.instances.map(\.id)
        return ids + description.types.map(\.name).filter { !ids.contains($0) }
    }

    // MARK: Arguments

    private func completeCommandArgument(_ command: String, position: Int, previous previousWords: [Substring], _ word: Substring) -> Completion {
        switch (command, position) {
        case (".new", 1):
            var completion = finish(word, description.types.map(\.name)) { _ in " " }
            if completion.candidates.count <= 1, let type = description.type(named: completion.candidates.first ?? String(word)) {
                completion.hint = type.creationHint
            }
            return completion
        case (".new", 2):
            var completion = finish(word, ["as"]) { _ in " " }
            if let typeName = previousWords.dropFirst().first, let type = description.type(named: String(typeName)) {
                completion.hint = type.creationHint
            }
            return completion
        case (".destroy", 1), (".snapshot", 1):
            return finish(word, description.instances.map(\.id)) { _ in "" }
        case (".help", 1):
            if let (target, _) = Session.splitMethod(word), let type = description.type(ofTarget: target) {
                return finish(word, type.inputs.map { "\(target).\($0.name)" }) { _ in "" }
            }
            return finish(word, targets) { _ in "" }
        case (".raw", 1):
            return finish(word, ["on", "off"]) { _ in "" }
        default:
            return .none
        }
    }

    /// Labels of a call's parameters not given yet, with the input's signature as the hint.
    private func completeArgument(of method: String, previous: ArraySlice<Substring>, _ word: Substring) -> Completion {
        guard let (target, name) = Session.splitMethod(method),
              let type = description.type(ofTarget: target),
              let input = type.input(named: name) else { return .none }
        let hint = Self.hint(for: input)
        let labelledSoFar = previous.compactMap { CommandParser.splitLabel($0)?.0 }
        let isLabelPrefix = word.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber } && !(word.first?.isNumber ?? false)
        guard isLabelPrefix, labelledSoFar.count == previous.count else { return Completion(hint: hint) }
        let labels = input.parameters.map(\.label).filter { !labelledSoFar.contains($0) }
        var completion = finish(word, labels) { _ in "=" }
        completion.hint = hint
        return completion
    }

    // MARK: Helpers

    /// The completion of `word` among `names`: the rest of a unique match and its suffix, or
    /// the longest common prefix of several with the list of them.
    private func finish(_ word: Substring, _ names: [String], suffix: (String) -> String) -> Completion {
        var matches: [String] = []
        for name in names where name.hasPrefix(word) && !matches.contains(name) { matches.append(name) }
        guard let first = matches.first else { return .none }
        if matches.count == 1 {
            return Completion(insertion: String(first.dropFirst(word.count)) + suffix(first), candidates: [first])
        }
        let common = matches.dropFirst().reduce(first) { $0.commonPrefix(with: $1) }
        return Completion(insertion: String(common.dropFirst(word.count)), candidates: matches)
    }

    /// `nameChanged(name: string or null) — The name field changed.`
    static func hint(for input: InputDescription) -> String {
        guard let summary = input.summary, !summary.isEmpty else { return input.signature }
        return "\(input.signature) — \(summary)"
    }
}

extension String {
    /// The longest common prefix of two strings, by characters.
    func commonPrefix(with other: String) -> String {
        var result = ""
        for (a, b) in zip(self, other) {
            guard a == b else { break }
            result.append(a)
        }
        return result
    }
}
