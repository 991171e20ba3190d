import Signals

/// What the search screen tells its view model.
public protocol SearchViewModelInputs {
    /// The text in the search field changed.
    func queryChanged(query: String)
}

/// What the search screen should show.
public protocol SearchViewModelOutputs {
    /// The words matching the query, once typing has paused for the debounce interval; an
    /// empty query clears them at once.
    var results: Signal<[String], Never> { get }
    /// Whether a query is waiting for its results (a spinner). Current value sent on observation.
    var isSearching: Property<Bool> { get }
}

/// The search view model's two faces.
public protocol SearchViewModelType {
    /// Inputs.
    var inputs: SearchViewModelInputs { get }
    /// Outputs.
    var outputs: SearchViewModelOutputs { get }
}

/// A search box that searches as you type, debounced: a query is searched only once no other
/// query has arrived for `debounceInterval` seconds, so fast typing searches once. Words match
/// when they start with the query, ignoring case.
public final class SearchViewModel: SearchViewModelType, SearchViewModelInputs, SearchViewModelOutputs {
    /// How long typing must pause before a query is searched, in seconds.
    public static let debounceInterval = 0.3

    /// A search over `words`, timed on `scheduler` (the host's: a virtual clock makes the
    /// debounce scriptable).
    public init(scheduler: DateScheduler, words: [String] = SearchViewModel.fruits) {
        let queries = queryChangedProperty.signal
        let cleared = queries.filter(\.isEmpty)
        // An empty query's debounce ends too, but it was answered at once: drop it.
        let settled = queries.debounce(Self.debounceInterval, on: scheduler).filter { !$0.isEmpty }

        results = Signal.merge(
            cleared.mapConst([]),
            settled.map { query in matches(of: query, in: words) }
        )
        isSearching = Property(
            initial: false,
            then: Signal.merge(queries.map { !$0.isEmpty }, settled.mapConst(false)).skipRepeats()
        )
    }

    private let queryChangedProperty = MutableProperty("")
    public func queryChanged(query: String) {
        queryChangedProperty.value = query
    }

    public let results: Signal<[String], Never>
    public let isSearching: Property<Bool>

    public var inputs: SearchViewModelInputs { self }
    public var outputs: SearchViewModelOutputs { self }
}

/// The words of `words` that start with `query`, ignoring case, in their original order.
func matches(of query: String, in words: [String]) -> [String] {
    let prefix = query.lowercased()
    return words.filter { $0.lowercased().hasPrefix(prefix) }
}
