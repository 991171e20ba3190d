// The benchmark harness of Switchboard. `run.sh` drives it; every mode prints tab-separated
// rows that `report` turns into BENCHMARKS.md.
//
//   SwitchboardBench list
//   SwitchboardBench check                      every variant of a workload delivers the same
//   SwitchboardBench time [ROUNDS] [TARGET_MS]  wall clock: ns per unit of every interleaved round
//   SwitchboardBench count ID VARIANT N         warm up, then N iterations (run under callgrind;
//                                               N = 0 is the baseline subtracted from the total)
//   SwitchboardBench memory VARIANT [GRAPHS]    bytes per small graph
//   SwitchboardBench wire-output LINE_ID        what each Swift path writes for a line
//   SwitchboardBench report RESULTS MACHINE LESSONS OUT
import BenchText

#if canImport(Glibc)
import Glibc
#endif

/// Prints a message to stderr and exits with status 2.
func usage(_ message: String) -> Never {
    var stderr = StandardError()
    print("SwitchboardBench: \(message)", to: &stderr)
    exit(2)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
    }
}

/// Integer argument `index` of the command line, or `fallback`.
func intArgument(_ index: Int, _ fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard index < arguments.count else { return fallback }
    guard let value = Int(arguments[index]) else { usage("not a number: \(arguments[index])") }
    return value
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { usage("missing mode; see the comment at the top of main.swift") }

switch arguments[1] {
case "list":
    for workload in Suite.all { print("\(workload.id)\t\(workload.variant)\t\(workload.unit)") }
    for workload in GraphMemoryWorkload.all { print("memory\t\(workload.variant)\tgraph") }

case "check":
    exit(Check.run() ? 0 : 1)

case "time":
    let rounds = intArgument(2, 15)
    let targetMilliseconds = intArgument(3, 20)
    let results = Timing.run(Suite.all, rounds: rounds, targetNanoseconds: UInt64(targetMilliseconds) * 1_000_000)
    for result in results {
        let w = result.workload
        print(["time", w.id, w.variant, w.unit, result.samples.map(format).joined(separator: ",")].joined(separator: "\t"))
    }

case "count":
    guard arguments.count >= 5 else { usage("count ID VARIANT N") }
    guard let workload = Suite.find(arguments[2], arguments[3]) else {
        usage("no workload \(arguments[2]) \(arguments[3])")
    }
    let graph = workload.prepare()
    graph.run(intArgument(5, 1_000)) // warm-up: first-use costs stay out of the difference
    graph.run(intArgument(4, 0))
    print(graph.sink.count)

case "memory":
    guard arguments.count >= 3, let workload = GraphMemoryWorkload.all.first(where: { $0.variant == arguments[2] }) else {
        usage("memory VARIANT [GRAPHS]")
    }
    let graphs = intArgument(3, 100_000)
    let result = workload.measure(graphs: graphs)
    print(["memory", workload.variant, format(result.bytesPerGraph), format(result.residuePerGraph), workload.shape]
        .joined(separator: "\t"))

case "wire-output":
    guard arguments.count >= 3, let line = WireLines.all.first(where: { $0.id == arguments[2] }) else {
        usage("wire-output request|notification")
    }
    for output in WireWorkloads.outputs(of: line.text) { print("\(output.variant)\t\(output.text)") }

case "report":
    guard arguments.count >= 6 else { usage("report RESULTS MACHINE LESSONS OUT") }
    do {
        let results = try Results.load(arguments[2])
        let text = Report.render(
            results: results,
            machine: try readText(arguments[3]),
            lessons: try readText(arguments[4])
        )
        try writeText(text, to: arguments[5])
    } catch {
        usage("\(error)")
    }

default:
    usage("unknown mode \(arguments[1])")
}
