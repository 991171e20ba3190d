import Glibc

/// The loops around `read(2)` and `writev(2)`: retry on EINTR, wait with `poll(2)` on EAGAIN,
/// finish partial writes. Kept here so the reader and writer only see "bytes" or "errno".
enum SystemIO {
    /// The most iovecs one `writev(2)` takes on Linux (`IOV_MAX`, a macro Swift cannot import).
    static let maxIOVecs = 1024

    /// What one completed read produced.
    enum ReadOutcome: Equatable {
        /// This many bytes were read; 0 means end of input.
        case bytes(Int)
        /// `read(2)` or `poll(2)` failed with this errno.
        case failed(errno: Int32)
    }

    /// Reads at most `buffer.count` bytes.
    ///
    /// A non-blocking descriptor (a parent may hand us one) is waited on with `poll(2)` so the
    /// reader still blocks, as documented, instead of failing with EAGAIN.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadOutcome {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .bytes(0) }
        while true {
            let count = Glibc.read(fd, base, buffer.count)
            if count >= 0 {
                return .bytes(count)
            }
            let code = errno
            if code == EINTR {
                continue
            }
            if code == EAGAIN || code == EWOULDBLOCK {
                if let failure = wait(fd, for: Int16(POLLIN)) { return .failed(errno: failure) }
                continue
            }
            return .failed(errno: code)
        }
    }

    /// Writes every byte of `parts`, in order, looping over partial writes. Returns the errno on
    /// failure (then an unknown prefix may have been written).
    static func writeAll(_ fd: Int32, _ parts: [UnsafeRawBufferPointer]) -> Int32? {
        var vectors = parts.compactMap { part -> iovec? in
            guard let base = part.baseAddress, part.count > 0 else { return nil }
            // writev takes a mutable pointer for historical reasons; it only reads.
            return iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: part.count)
        }
        var first = 0
        while first < vectors.count {
            let batch = Swift.min(vectors.count - first, maxIOVecs)
            let written = vectors.withUnsafeBufferPointer { all -> Int in
                guard let base = all.baseAddress else { return 0 }
                return writev(fd, base + first, Int32(batch))
            }
            if written < 0 {
                let code = errno
                if code == EINTR {
                    continue
                }
                if code == EAGAIN || code == EWOULDBLOCK {
                    if let failure = wait(fd, for: Int16(POLLOUT)) { return failure }
                    continue
                }
                return code
            }
            first = advance(&vectors, from: first, by: written)
        }
        return nil
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

    /// Blocks until `fd` is ready for `events`; returns the errno if `poll(2)` itself fails.
    private static func wait(_ fd: Int32, for events: Int16) -> Int32? {
        var descriptor = pollfd(fd: fd, events: events, revents: 0)
        while poll(&descriptor, 1, -1) < 0 {
            let code = errno
            if code != EINTR { return code }
        }
        // POLLERR/POLLHUP/POLLNVAL: the retried call reports the real error (or end of input).
        return nil
    }
}
