/// Where every workload delivers its values: a running sum, read once at the end.
///
/// One shared shape for all variants keeps the per-event cost of "consuming" a value equal,
/// and the checksum proves that each variant delivered the same values (the harness compares
/// them, so a variant that silently drops events cannot look fast).
final class Sink {
    private(set) var total = 0
    private(set) var count = 0

    @inline(__always)
    func take(_ value: Int) {
        total &+= value
        count &+= 1
    }
}

/// Returns its argument through a function the optimizer may not look into, so that a
/// hand-written closure chain stays a chain of indirect calls instead of being folded into
/// one expression at compile time (which would not be a fair floor).
///
/// One overload per closure type rather than one generic function: passing a closure through
/// a generic parameter would make Swift wrap it in reabstraction thunks, and the floor would
/// pay for two extra calls per closure that hand-written code never has.
@_optimize(none)
func opaque(_ closure: @escaping (Int) -> Void) -> (Int) -> Void {
    closure
}

@_optimize(none)
func opaque(_ closure: @escaping ((Int, Int, Int)) -> Void) -> ((Int, Int, Int)) -> Void {
    closure
}
