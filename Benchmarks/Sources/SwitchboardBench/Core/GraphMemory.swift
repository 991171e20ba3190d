import CMallocStats
import OpenCombine
import Signals

/// Memory per small graph: a property, a map and an observer, 100,000 of them kept alive.
///
/// Measured with glibc's malloc statistics (bytes in use, chunk headers and rounding
/// included) before and after building the graphs, each of which has delivered one value.
/// The array holding the graphs is allocated before the first reading, so it is not counted;
/// each graph puts its roots in it as plain references (no existential boxes).
struct GraphMemoryWorkload: Sendable {
    let variant: String
    /// What the graph is, for the report.
    let shape: String
    /// Builds one graph, sends one value through it, and appends what keeps it alive to `roots`.
    let build: @Sendable (_ sink: Sink, _ roots: inout ContiguousArray<AnyObject>) -> Void

    struct Result {
        let bytesPerGraph: Double
        /// Bytes still in use after the graphs were released, per graph (should be ~0).
        let residuePerGraph: Double
    }

    func measure(graphs count: Int) -> Result {
        let sink = Sink()
        var roots = ContiguousArray<AnyObject>()
        roots.reserveCapacity(2 * count + 2)
        build(sink, &roots) // first use: metadata and lazy runtime state, not per graph
        roots.removeAll(keepingCapacity: true)
        let before = bench_malloc_bytes_in_use()
        for _ in 0..<count { build(sink, &roots) }
        let after = bench_malloc_bytes_in_use()
        precondition(roots.count <= roots.capacity, "the roots array grew during the measurement")
        roots.removeAll(keepingCapacity: true)
        let released = bench_malloc_bytes_in_use()
        precondition(sink.count >= count, "\(variant): graphs did not deliver their value")
        return Result(
            bytesPerGraph: Double(Int(after) - Int(before)) / Double(count),
            residuePerGraph: Double(Int(released) - Int(before)) / Double(count)
        )
    }

    static let all = [signals, signalsDerivedProperty, openCombine, closures]

    static let signals = GraphMemoryWorkload(
        variant: "signals",
        shape: "MutableProperty → signal.map → observeValues (property + disposable kept)"
    ) { sink, roots in
        let property = MutableProperty(0)
        let disposable = property.signal.map { $0 &+ 1 }.observeValues { sink.take($0) }
        property.value = 1
        roots.append(property)
        if let disposable { roots.append(disposable) }
    }

    static let signalsDerivedProperty = GraphMemoryWorkload(
        variant: "signals-property-map",
        shape: "MutableProperty → Property.map → signal.observeValues (derived property + disposable kept)"
    ) { sink, roots in
        let property = MutableProperty(0)
        let mapped = property.map { $0 &+ 1 }
        let disposable = mapped.signal.observeValues { sink.take($0) }
        property.value = 1
        roots.append(mapped)
        if let disposable { roots.append(disposable) }
    }

    static let openCombine = GraphMemoryWorkload(
        variant: "opencombine",
        shape: "CurrentValueSubject → map → sink (subject + AnyCancellable kept)"
    ) { sink, roots in
        let subject = CurrentValueSubject<Int, Never>(0)
        let cancellable = subject.map { $0 &+ 1 }.sink { sink.take($0) }
        subject.value = 1
        roots.append(subject)
        roots.append(cancellable)
    }

    static let closures = GraphMemoryWorkload(
        variant: "closures",
        shape: "ClosureProperty with one observer closure wrapping a map closure"
    ) { sink, roots in
        let property = ClosureProperty(0)
        property.observers.append(ClosureOperators.map({ $0 &+ 1 }, then: { sink.take($0) }))
        property.value = 1
        roots.append(property)
    }
}
