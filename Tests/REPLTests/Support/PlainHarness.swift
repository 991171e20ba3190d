import Catalog
import Host
@testable import REPL
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Runs a REPL in plain mode in-process, as `printf '…' | switchboard repl` would: the input
/// through a real pipe, the output read back from another.
enum PlainHarness {
    /// The REPL's whole output for `input`, and its exit status.
    static func run(
        _ input: String,
        color: ColorChoice = .auto,
        virtualClock: Bool = false,
        prompt: Bool = false,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> (output: String, status: Int32) {
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else {
            XCTFail("no pipes", file: file, line: line)
            return ("", -1)
        }
        defer {
            close(inPipe[0])
            close(outPipe[0])
        }
        XCTAssertTrue(FileDescriptorIO.write(input, to: inPipe[1]), file: file, line: line)
        close(inPipe[1])
        var options = REPLOptions()
        options.input = inPipe[0]
        options.output = outPipe[1]
        options.color = color
        options.virtualClock = virtualClock
        options.promptInPlainMode = prompt
        options.catchesSignals = false
        options.history = .off
        options.exitGracePeriod = 2
        let status = REPL(registry: .withEcho(BuiltinCatalog.registry()), options: options).run()
        close(outPipe[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(outPipe[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return (String(decoding: bytes, as: UTF8.self), status)
    }
}
