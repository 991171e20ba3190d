#if canImport(Glibc)
import Glibc
#endif

/// An `errno` value as a typed error: the one place a failed system call becomes a Swift error.
///
/// Every function of ``FileDescriptor`` and ``SystemCalls`` throws this, never a bare `Int32`,
/// so a caller can match a specific condition (`.brokenPipe`) or print a readable reason.
public struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The raw `errno` number.
    public let rawValue: Int32

    /// The error with this raw number.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's current `errno`: call right after the failing system call.
    public static var current: Errno { Errno(rawValue: errno) }

    /// `EINTR`: a signal interrupted the call (retried inside this module, never thrown).
    public static let interrupted = Errno(rawValue: EINTR)
    /// `EAGAIN`: a non-blocking descriptor has nothing to give or no room now.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// `EPIPE`: the reading end of a pipe or socket is closed.
    public static let brokenPipe = Errno(rawValue: EPIPE)
    /// `EBADF`: not an open descriptor.
    public static let badFileDescriptor = Errno(rawValue: EBADF)
    /// `ENOENT`: no such file or directory.
    public static let noSuchFile = Errno(rawValue: ENOENT)
    /// `EISDIR`: a directory where a file was needed.
    public static let isDirectory = Errno(rawValue: EISDIR)
    /// `ENOSPC`: the device is full.
    public static let noSpace = Errno(rawValue: ENOSPC)

    /// The symbolic name (`EPIPE`), or `errno N` for one this table does not know.
    public var name: String {
        switch rawValue {
        case EPERM: return "EPERM"
        case ENOENT: return "ENOENT"
        case EINTR: return "EINTR"
        case EIO: return "EIO"
        case ENXIO: return "ENXIO"
        case EBADF: return "EBADF"
        case EAGAIN: return "EAGAIN"
        case ENOMEM: return "ENOMEM"
        case EACCES: return "EACCES"
        case EEXIST: return "EEXIST"
        case ENOTDIR: return "ENOTDIR"
        case EISDIR: return "EISDIR"
        case EINVAL: return "EINVAL"
        case EMFILE: return "EMFILE"
        case EFBIG: return "EFBIG"
        case ENOSPC: return "ENOSPC"
        case ESPIPE: return "ESPIPE"
        case EROFS: return "EROFS"
        case EPIPE: return "EPIPE"
        case ELOOP: return "ELOOP"
        case ENAMETOOLONG: return "ENAMETOOLONG"
        case EDQUOT: return "EDQUOT"
        case ECONNRESET: return "ECONNRESET"
        default: return "errno \(rawValue)"
        }
    }

    /// The C library's message and the symbolic name: `Broken pipe (EPIPE)`.
    public var description: String {
        "\(String(cString: strerror(rawValue))) (\(name))"
    }
}
