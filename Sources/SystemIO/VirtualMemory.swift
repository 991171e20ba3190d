#if canImport(Glibc)
import Glibc
#endif

/// Address space taken from the kernel directly, for an allocator of our own.
public enum VirtualMemory {
    /// Reserves `bytes` of readable, writable, page-aligned address space. Nothing is backed
    /// until touched (`MAP_NORESERVE`: a reservation of gigabytes costs no memory and no swap
    /// accounting), and the mapping is never given back: its owner keeps it for the process's
    /// life. Throws the kernel's reason (`ENOMEM` when the address space or a strict overcommit
    /// policy refuses).
    public static func reserve(bytes: Int) throws(Errno) -> UnsafeMutableRawPointer {
        let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        // MAP_FAILED, a macro Swift does not import, is (void *)-1.
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else { throw Errno.current }
        return address
    }

    /// Asks the kernel to back `bytes` at `address` (inside a reservation) with transparent
    /// huge pages where it can: a 2 MiB page is one translation where 4 KiB pages are 512, for
    /// memory read at random. Throws the kernel's reason (`EINVAL` when it has no huge pages).
    public static func adviseHugePages(_ address: UnsafeMutableRawPointer, bytes: Int) throws(Errno) {
        guard madvise(address, bytes, MADV_HUGEPAGE) == 0 else { throw Errno.current }
    }

    /// Gives the pages of `bytes` at `address` (page-aligned, inside a reservation) back to the
    /// kernel: their memory is freed now, and they read as zeros when next touched, which
    /// backs them again (`MADV_DONTNEED`). Throws the kernel's reason (`EINVAL` for a range
    /// not page-aligned).
    public static func discard(_ address: UnsafeMutableRawPointer, bytes: Int) throws(Errno) {
        guard madvise(address, bytes, MADV_DONTNEED) == 0 else { throw Errno.current }
    }
}
