import CMalloc

/// The process's heap, as glibc's allocator keeps it.
public enum ProcessMemory {
    /// Gives the free memory at the heap's top and in its free pages back to the system
    /// (`malloc_trim(0)`). glibc keeps freed memory for reuse; after most of a large working
    /// set is freed at once, this is what makes the resident set shrink. It walks the heap, so
    /// call it after such a release, not after every free. Returns whether any was given back.
    @discardableResult
    public static func returnFreeMemory() -> Bool {
        switchboard_malloc_trim() != 0
    }
}
