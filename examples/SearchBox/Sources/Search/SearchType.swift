import Switchboard

/// The search box declared to the host: its name, how to make one, its inputs and outputs.
/// This is all it takes to serve a view model of your own.
public let searchType = ViewModelDeclaration<SearchViewModel>(
    "search",
    summary: "A search box over a fruit list: results 300 ms after typing pauses.",
    make: { context in SearchViewModel(scheduler: context.scheduler) },
    inputs: [
        .input("queryChanged", Param("query", String.self), summary: "The search field changed.") { vm, query in vm.inputs.queryChanged(query: query) },
    ],
    outputs: [
        .output("results", \.outputs.results, summary: "The matching words."),
        .output("isSearching", \.outputs.isSearching, summary: "Whether a query awaits its results."),
    ]
)
