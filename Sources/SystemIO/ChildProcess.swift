#if canImport(Glibc)
import Glibc
#endif

/// A child process with its stdin, stdout and stderr on pipes (`posix_spawn`), for
/// `switchboard test`, which replays transcripts against fresh daemons.
public final class ChildProcess {
    /// The child's process id.
    public let pid: pid_t
    /// Our end of the child's stdin; nil once closed.
    public private(set) var input: FileDescriptor?
    /// Our end of the child's stdout.
    public let output: FileDescriptor
    /// Our end of the child's stderr (non-blocking: read what is there, never wait).
    public let errors: FileDescriptor
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`.
    public init(executable: String, arguments: [String]) throws(Errno) {
        let toChild = try FileDescriptor.pipe()
        let fromChild = try FileDescriptor.pipe()
        let errChild = try FileDescriptor.pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild.readEnd.rawValue, 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild.writeEnd.rawValue, 1)
        posix_spawn_file_actions_adddup2(&actions, errChild.writeEnd.rawValue, 2)
        let argv = [executable] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &cArguments, environ)
        try? toChild.readEnd.close()
        try? fromChild.writeEnd.close()
        try? errChild.writeEnd.close()
        guard status == 0 else {
            try? toChild.writeEnd.close()
            try? fromChild.readEnd.close()
            try? errChild.readEnd.close()
            throw Errno(rawValue: status)
        }
        pid = child
        input = toChild.writeEnd
        output = fromChild.readEnd
        errors = errChild.readEnd
        try? errors.setNonBlocking(true)
    }

    deinit {
        closeInput()
        try? output.close()
        try? errors.close()
        if (try? waitForExit(blocking: false)) == nil {
            kill(pid, SIGKILL)
            _ = try? waitForExit(blocking: true)
        }
    }

    /// Closes our end of the child's stdin (its end of input).
    public func closeInput() {
        try? input?.close()
        input = nil
    }

    /// The child's exit status (or 128 + signal) once it has exited; nil while it runs
    /// (`blocking: false`).
    public func waitForExit(blocking: Bool) throws(Errno) -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        let result = try retryingInterrupts { waitpid(pid, &status, blocking ? 0 : WNOHANG) }
        guard result == pid else { return nil }
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        exitStatus = code
        return code
    }
}
