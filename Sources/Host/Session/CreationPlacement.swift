/// Told when a session starts and finishes making an instance, so that the process can keep
/// the objects one instance is made of together in memory.
///
/// At 100,000 live instances what a request costs depends on where the objects of the
/// instance it reaches lie (Benchmarks/DAEMON-ANALYSIS.md, issue 18). The `switchboard`
/// executable passes `InstanceRuns`, which serves each creation's allocations from one run of
/// memory. Both calls come on the session's executor, in pairs, around everything one
/// `create` builds: the model, its instance and the subscriptions to its outputs.
public protocol CreationPlacement: Sendable {
    /// A creation of a type begins; `type` is the same for every instance of one type.
    func willCreate(_ type: ObjectIdentifier)
    /// The creation begun last ends, made or failed.
    func didCreate()
}
