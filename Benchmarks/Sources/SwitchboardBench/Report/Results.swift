import BenchText

#if canImport(Glibc)
import Glibc
#endif

/// Every figure of one run, as `run.sh` collected them in a tab-separated file:
///
///     time    ID  VARIANT  UNIT  NS_PER_UNIT,NS_PER_UNIT,...   (one per round; rows of
///                                                             several processes are merged)
///     instr   ID  VARIANT  INSTRUCTIONS_PER_UNIT
///     memory  VARIANT  BYTES_PER_GRAPH  RESIDUE_PER_GRAPH  SHAPE
///     alloc   VARIANT  LIVE_BLOCKS_PER_GRAPH  REQUESTED_BYTES_PER_GRAPH   (valgrind DHAT)
///     plain   ID  INSTRUCTIONS_PER_UNIT   (Signals, built by a plain `swift build -c release`)
///     meta    KEY  VALUE
struct Results {
    struct Key: Hashable {
        let id: String
        let variant: String
    }

    struct Time {
        let unit: String
        var samples: [Double]

        var median: Double { Statistics.median(samples) }
        var minimum: Double { samples.min() ?? .nan }
        var maximum: Double { samples.max() ?? .nan }
    }

    struct Memory {
        let bytes: Double
        let residue: Double
        let shape: String
    }

    var time: [Key: Time] = [:]
    var instructions: [Key: Double] = [:]
    var memory: [String: Memory] = [:]
    var memoryOrder: [String] = []
    /// Live heap blocks and requested bytes per graph, by memory variant.
    var allocations: [String: (blocks: Double, bytes: Double)] = [:]
    /// Instructions per unit of the `signals` variant of each workload, built without
    /// cross-module optimization (what a package depending on Signals gets by default).
    var plainBuildInstructions: [String: Double] = [:]
    var meta: [String: String] = [:]

    /// Median nanoseconds per unit.
    func nanoseconds(_ id: String, _ variant: String) -> Double? { time[Key(id: id, variant: variant)]?.median }
    /// Instructions per unit.
    func instructionsPerUnit(_ id: String, _ variant: String) -> Double? { instructions[Key(id: id, variant: variant)] }

    struct LoadError: Error, CustomStringConvertible {
        let description: String
    }

    static func load(_ path: String) throws -> Results {
        var results = Results()
        for line in try readText(path).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func number(_ index: Int) throws -> Double {
                guard index < fields.count, let value = Double(fields[index]) else {
                    throw LoadError(description: "\(path): bad line: \(line)")
                }
                return value
            }
            switch fields.first {
            case "time" where fields.count >= 5:
                let samples = try fields[4].split(separator: ",").map { text in
                    guard let value = Double(text) else { throw LoadError(description: "\(path): bad sample in: \(line)") }
                    return value
                }
                results.time[Key(id: fields[1], variant: fields[2]), default: Time(unit: fields[3], samples: [])]
                    .samples += samples
            case "instr" where fields.count >= 4:
                results.instructions[Key(id: fields[1], variant: fields[2])] = try number(3)
            case "memory" where fields.count >= 5:
                if results.memory[fields[1]] == nil { results.memoryOrder.append(fields[1]) }
                results.memory[fields[1]] = Memory(bytes: try number(2), residue: try number(3), shape: fields[4])
            case "alloc" where fields.count >= 4:
                results.allocations[fields[1]] = (try number(2), try number(3))
            case "plain" where fields.count >= 3:
                results.plainBuildInstructions[fields[1]] = try number(2)
            case "meta" where fields.count >= 3:
                results.meta[fields[1]] = fields[2]
            default:
                continue // check rows and blank lines
            }
        }
        return results
    }
}
