#if canImport(Glibc)
import Glibc
#endif

/// An open file descriptor, and the system calls made on one.
///
/// A value type over the raw number, like swift-system's `FileDescriptor`: it does not own the
/// descriptor (nothing closes it on deinit); ``close()`` does that explicitly. Every call
/// retries `EINTR` (in `retryingInterrupts`) and throws ``Errno`` for anything else. Reads and
/// writes on a descriptor that arrived with `O_NONBLOCK` set (a parent may hand one over) wait
/// with `poll(2)` instead of failing with `EAGAIN`, so callers always see blocking semantics.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The descriptor number.
    public let rawValue: Int32

    /// The descriptor with this number (not checked: calls on a closed one throw `EBADF`).
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Descriptor 0.
    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    /// Descriptor 1.
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    /// Descriptor 2.
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// `fd N`.
    public var description: String { "fd \(rawValue)" }

    // MARK: Opening and closing

    /// How a file is opened: the flags of `open(2)` this project uses.
    public struct OpenOptions: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// `O_RDONLY` is the absence of the two below.
        public static let writeOnly = OpenOptions(rawValue: O_WRONLY)
        /// `O_RDWR`.
        public static let readWrite = OpenOptions(rawValue: O_RDWR)
        /// `O_CREAT`.
        public static let create = OpenOptions(rawValue: O_CREAT)
        /// `O_EXCL`: with `create`, fail if the path exists (never follows a planted link).
        public static let exclusive = OpenOptions(rawValue: O_EXCL)
        /// `O_TRUNC`.
        public static let truncate = OpenOptions(rawValue: O_TRUNC)
        /// `O_APPEND`.
        public static let append = OpenOptions(rawValue: O_APPEND)
        /// `O_NOFOLLOW`: fail with `ELOOP` if the last component is a symbolic link.
        public static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
        /// `O_DIRECTORY`.
        public static let directory = OpenOptions(rawValue: O_DIRECTORY)
        /// `O_NONBLOCK`: opening a FIFO does not wait for a writer.
        public static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
    }

    /// Opens `path` (always with `O_CLOEXEC`: no descriptor leaks into a child process).
    public static func open(_ path: String, _ options: OpenOptions = [], permissions: mode_t = 0o600) throws(Errno) -> FileDescriptor {
        let flags = options.rawValue | O_CLOEXEC
        let number = try retryingInterrupts { Glibc.open(path, flags, permissions) }
        return FileDescriptor(rawValue: number)
    }

    /// Closes the descriptor. `EINTR` is not retried here: on Linux the descriptor is released
    /// whatever `close(2)` reports, and a retry could close a number reused by another thread.
    public func close() throws(Errno) {
        if Glibc.close(rawValue) < 0 {
            let code = errno
            if code != EINTR { throw Errno(rawValue: code) }
        }
    }

    /// A pipe: `(read end, write end)`, both close-on-exec.
    public static func pipe() throws(Errno) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var numbers: [Int32] = [-1, -1]
        _ = try retryingInterrupts { Glibc.pipe(&numbers) }
        // Glibc's pipe2 is not imported by Swift; the window between pipe and fcntl only
        // matters to a concurrent exec, which this process never does while creating pipes.
        for number in numbers { _ = fcntl(number, F_SETFD, FD_CLOEXEC) }
        return (FileDescriptor(rawValue: numbers[0]), FileDescriptor(rawValue: numbers[1]))
    }

    /// A new descriptor for the same open file (`dup(2)`, close-on-exec), for a library that
    /// takes ownership of the one it is given (libedit's stdio streams).
    public func duplicate() throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingInterrupts { fcntl(rawValue, F_DUPFD_CLOEXEC, 0) })
    }

    /// Makes `target` refer to this descriptor's open file (`dup2(2)`).
    public func duplicate(as target: FileDescriptor) throws(Errno) {
        _ = try retryingInterrupts { dup2(rawValue, target.rawValue) }
    }

    // MARK: Reading

    /// Reads at most `buffer.count` bytes; returns how many (0 at end of input).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            do {
                return try retryingInterrupts { Glibc.read(rawValue, base, buffer.count) }
            } catch .wouldBlock {
                try waitUntilReady(for: .input)
            }
        }
    }

    /// One `read(2)` that never waits: nil when a non-blocking descriptor has nothing now.
    public func readIfReady(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int? {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        do {
            return try retryingInterrupts { Glibc.read(rawValue, base, buffer.count) }
        } catch .wouldBlock {
            return nil
        }
    }

    // MARK: Writing

    /// The most iovecs one `writev(2)` takes on Linux (`IOV_MAX`, a macro Swift cannot import).
    static let maxIOVecs = 1024

    /// Writes every byte of `bytes`, looping over partial writes.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        try writeAll([bytes])
    }

    /// Writes every byte of `bytes`, looping over partial writes.
    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        // Array.withUnsafeBytes rethrows untyped errors: carry the Errno out by value.
        let failure = bytes.withUnsafeBytes { buffer -> Errno? in
            do throws(Errno) {
                try writeAll([buffer])
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Writes every byte of `parts`, in order, with `writev(2)`, looping over partial writes. On
    /// failure an unknown prefix may have been written.
    public func writeAll(_ parts: [UnsafeRawBufferPointer]) throws(Errno) {
        var vectors = parts.compactMap { part -> iovec? in
            guard let base = part.baseAddress, part.count > 0 else { return nil }
            // writev takes a mutable pointer for historical reasons; it only reads.
            return iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: part.count)
        }
        var first = 0
        while first < vectors.count {
            let batch = Swift.min(vectors.count - first, Self.maxIOVecs)
            let written: Int
            do {
                written = try retryingInterrupts {
                    vectors.withUnsafeBufferPointer { all -> Int in
                        guard let base = all.baseAddress else { return 0 }
                        return writev(rawValue, base + first, Int32(batch))
                    }
                }
            } catch .wouldBlock {
                try waitUntilReady(for: .output)
                continue
            }
            first = Self.advance(&vectors, from: first, by: written)
        }
    }

    /// One `write(2)` that never waits: how many bytes went out (0 when a non-blocking descriptor
    /// has no room now).
    public func writeIfReady(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        do {
            return try retryingInterrupts { Glibc.write(rawValue, base, bytes.count) }
        } catch .wouldBlock {
            return 0
        }
    }

    /// Drops `count` written bytes from the front of `vectors[first...]`; returns the new first.
    private static func advance(_ vectors: inout [iovec], from first: Int, by count: Int) -> Int {
        var remaining = count
        var index = first
        while remaining > 0 && index < vectors.count {
            let length = vectors[index].iov_len
            if remaining >= length {
                remaining -= length
                index += 1
            } else {
                vectors[index].iov_base = vectors[index].iov_base.map { $0 + remaining }
                vectors[index].iov_len = length - remaining
                remaining = 0
            }
        }
        return index
    }

    // MARK: Waiting

    /// What `poll(2)` waits for.
    public enum Readiness: Sendable {
        /// Data (or end of input) to read.
        case input
        /// Room to write.
        case output

        var events: Int16 { self == .input ? Int16(POLLIN) : Int16(POLLOUT) }
    }

    /// Blocks until this descriptor is ready; an error or hang-up also counts as ready (the next
    /// read or write reports it).
    public func waitUntilReady(for readiness: Readiness) throws(Errno) {
        _ = try Self.waitForInput(on: [self], readiness: readiness, timeoutMilliseconds: -1)
    }

    /// Blocks until one of `descriptors` is ready or the timeout passes (-1: no timeout);
    /// returns the indices of the ready ones (empty on timeout).
    public static func waitForInput(
        on descriptors: [FileDescriptor], readiness: Readiness = .input, timeoutMilliseconds: Int32
    ) throws(Errno) -> [Int] {
        var table = descriptors.map { pollfd(fd: $0.rawValue, events: readiness.events, revents: 0) }
        _ = try retryingInterrupts { poll(&table, nfds_t(table.count), timeoutMilliseconds) }
        return table.indices.filter { table[$0].revents != 0 }
    }

    // MARK: Properties

    /// Whether this is a terminal.
    public var isTerminal: Bool { isatty(rawValue) == 1 }

    /// Whether the descriptor is open (`fcntl(F_GETFD)` succeeds).
    public var isOpen: Bool { fcntl(rawValue, F_GETFD) >= 0 }

    /// Sets or clears `O_NONBLOCK` on the open file description (shared with every process
    /// holding it: use only on descriptors this process created).
    public func setNonBlocking(_ on: Bool) throws(Errno) {
        let flags = try retryingInterrupts { fcntl(rawValue, F_GETFL) }
        let wanted = on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        if wanted != flags { _ = try retryingInterrupts { fcntl(rawValue, F_SETFL, wanted) } }
    }

    /// What kind of file this is (its description reads "FIFO", "character device"…).
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        case regular, directory, fifo, characterDevice, blockDevice, socket, symbolicLink, other

        public var description: String {
            switch self {
            case .regular: return "regular file"
            case .directory: return "directory"
            case .fifo: return "FIFO"
            case .characterDevice: return "character device"
            case .blockDevice: return "block device"
            case .socket: return "socket"
            case .symbolicLink: return "symbolic link"
            case .other: return "special file"
            }
        }
    }

    /// The file's kind and its permission bits (`fstat(2)`).
    public func status() throws(Errno) -> (kind: Kind, permissions: mode_t, size: Int) {
        var info = stat()
        _ = try retryingInterrupts { fstat(rawValue, &info) }
        return (Self.kind(of: info.st_mode), info.st_mode & 0o7777, Int(info.st_size))
    }

    /// The kind of the file at `path`, without following a final symbolic link (`lstat(2)`).
    public static func kind(atPath path: String) throws(Errno) -> Kind {
        var info = stat()
        _ = try retryingInterrupts { lstat(path, &info) }
        return kind(of: info.st_mode)
    }

    private static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .fifo
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFSOCK: return .socket
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Flushes the file's data to its device (`fsync(2)`).
    public func synchronize() throws(Errno) {
        _ = try retryingInterrupts { fsync(rawValue) }
    }
}
