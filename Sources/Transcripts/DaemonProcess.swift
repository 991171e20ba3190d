#if canImport(Glibc)
import Glibc
#endif

/// A `switchboard serve` child process spoken to over pipes, line by line.
final class DaemonProcess {
    /// Why talking to the daemon failed.
    enum Failure: Error, CustomStringConvertible {
        case spawn(Int32)
        case write(Int32)
        case timedOut(seconds: Double)

        var description: String {
            switch self {
            case let .spawn(code): return "could not start the daemon: \(String(cString: strerror(code)))"
            case let .write(code): return "could not write to the daemon: \(String(cString: strerror(code)))"
            case let .timedOut(seconds): return "the daemon did not answer within \(seconds) s"
            }
        }
    }

    private let pid: pid_t
    private var input: Int32
    private let output: Int32
    private let errors: Int32
    private var buffer: [UInt8] = []
    private var stderrText: [UInt8] = []
    private var reachedEnd = false

    /// Starts `executable` with `arguments`, its stdin and stdout connected to us.
    init(executable: String, arguments: [String]) throws(Failure) {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0], errChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0, pipe(&errChild) == 0 else { throw .spawn(errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errChild[1], 2)
        for fd in toChild + fromChild + errChild { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = [executable] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &cArguments, environ)
        close(toChild[0])
        close(fromChild[1])
        close(errChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            close(errChild[0])
            throw .spawn(status)
        }
        pid = child
        input = toChild[1]
        output = fromChild[0]
        errors = errChild[0]
        _ = fcntl(errors, F_SETFL, fcntl(errors, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if input >= 0 { close(input) }
        close(output)
        close(errors)
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
    }

    /// Writes one line (a newline is appended).
    func send(_ line: String) throws(Failure) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .write(errno)
            }
            offset += written
        }
    }

    /// The next line the daemon writes, or nil at end of its output.
    func readLine(timeout seconds: Double) throws(Failure) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if reachedEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return String(decoding: buffer, as: UTF8.self)
            }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(seconds * 1000))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { throw .timedOut(seconds: seconds) }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                reachedEnd = true
            } else {
                buffer.append(contentsOf: chunk[..<count])
            }
            drainStderr()
        }
    }

    /// Closes our end of the daemon's stdin and waits for it to exit; returns its exit status
    /// (or 128 + signal), or nil if it did not exit within `timeout`.
    func finish(timeout seconds: Double) -> Int32? {
        if input >= 0 {
            close(input)
            input = -1
        }
        var waited = 0.0
        while true {
            drainStderr()
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                drainStderr()
                let signal = status & 0x7f
                return signal == 0 ? (status >> 8) & 0xff : 128 + signal
            }
            if waited >= seconds { return nil }
            usleep(10_000)
            waited += 0.01
        }
    }

    /// What the daemon wrote to stderr so far.
    var stderr: String {
        drainStderr()
        return String(decoding: stderrText, as: UTF8.self)
    }

    private func drainStderr() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(errors, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            stderrText.append(contentsOf: chunk[..<count])
        }
    }

    /// The path of the running executable, to start fresh daemons of the same build.
    static var currentExecutable: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments.first ?? "switchboard" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
