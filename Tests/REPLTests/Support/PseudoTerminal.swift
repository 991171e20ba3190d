import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair: the REPL gets the terminal end, the test types into and reads the
/// screen bytes from the controlling end, as a terminal emulator would.
final class PseudoTerminal {
    /// The test's end.
    let controller: Int32
    /// The REPL's end (a real terminal: isatty, termios, libedit all work on it).
    let terminal: Int32
    /// Everything the REPL wrote so far.
    private(set) var screen = ""

    init() throws {
        // posix_openpt and friends are X/Open functions Swift's Glibc module does not show;
        // they are looked up by name with their C types.
        typealias OpenFunction = @convention(c) (Int32) -> Int32
        typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let library = dlopen(nil, RTLD_NOW)
        guard let openSymbol = dlsym(library, "posix_openpt"), let grantSymbol = dlsym(library, "grantpt"),
              let unlockSymbol = dlsym(library, "unlockpt"), let nameSymbol = dlsym(library, "ptsname") else {
            throw XCTSkip("no pseudo-terminal functions here")
        }
        let openController = unsafeBitCast(openSymbol, to: OpenFunction.self)
        let grant = unsafeBitCast(grantSymbol, to: OpenFunction.self)
        let unlock = unsafeBitCast(unlockSymbol, to: OpenFunction.self)
        let terminalName = unsafeBitCast(nameSymbol, to: NameFunction.self)
        controller = openController(O_RDWR | O_NOCTTY)
        guard controller >= 0, grant(controller) == 0, unlock(controller) == 0, let name = terminalName(controller) else {
            throw XCTSkip("no pseudo-terminals here")
        }
        terminal = open(name, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw XCTSkip("cannot open \(String(cString: name))") }
    }

    deinit {
        close(terminal)
        close(controller)
    }

    /// Types `text`.
    func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBytes { write(controller, $0.baseAddress, $0.count - 1) }
    }

    /// Reads the screen until `predicate` holds on what arrived since `mark`, or `timeout`
    /// seconds pass; returns the text since `mark`.
    @discardableResult
    func read(since mark: String.Index? = nil, timeout: Double = 5, until predicate: (String) -> Bool) -> String {
        let start = mark ?? screen.endIndex
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !predicate(String(screen[start...])) {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { break }
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            screen += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return String(screen[start...])
    }

    /// Reads until `text` has arrived (since `mark`).
    @discardableResult
    func read(until text: String, since mark: String.Index? = nil, timeout: Double = 5) -> String {
        read(since: mark, timeout: timeout) { $0.contains(text) }
    }

    /// Where the screen ends now.
    var mark: String.Index { screen.endIndex }
}
