// EXPERIMENT (issue 18, sixteenth session; a probe, never for main): Swift objects allocated
// while `hook_placing(1)` is on for the thread come from one bump region, through the runtime's
// `_swift_allocObject` pointer (Instruments' indirection, exported by libswiftCore.so on
// Linux); a `free` defined here recognises the region (the runtime frees objects with `free`).
// Build and run: swift build -c release --package-path Benchmarks/experiments/swift-alloc-hook
// && Benchmarks/experiments/swift-alloc-hook/.build/release/hookdemo
// (prints "placed 10" and, once the list is dropped, "freed 10").
#include "chook.h"
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
typedef struct HeapObject HeapObject;
typedef struct HeapMetadata HeapMetadata;
extern HeapObject *(*_swift_allocObject)(HeapMetadata const *, size_t, size_t);
extern _Bool _swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly;
extern void __libc_free(void *);
static HeapObject *(*original)(HeapMetadata const *, size_t, size_t);
static char *region, *bump, *end;
static __thread int placing;
static size_t placed, freed;
static HeapObject *placed_alloc(HeapMetadata const *m, size_t size, size_t mask) {
    if (placing && mask <= 15 && bump + ((size + 15) & ~(size_t)15) <= end) {
        HeapObject *o = (HeapObject *)bump; bump += (size + 15) & ~(size_t)15; placed++;
        // What swift_allocObject does after its allocation: the metadata pointer and the inline
        // reference counts' initial value (one strong reference, one unowned, the pure-Swift
        // deallocation bit), written here by hand: an assumption about the runtime's layout
        // that a real measure would have to take from the runtime itself.
        *(HeapMetadata const **)o = m; ((uint64_t *)o)[1] = 3;
        return o;
    }
    return original(m, size, mask);
}
void free(void *p) {
    if (p && (char *)p >= region && (char *)p < end) { freed++; return; }
    __libc_free(p);
}
void hook_install(void) {
    region = mmap(0, 1 << 26, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    bump = region; end = region + (1 << 26);
    original = _swift_allocObject;
    _swift_allocObject = placed_alloc;
    _swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly = 1;
}
void hook_placing(int on) { placing = on; }
size_t hook_placed(void) { return placed; }
size_t hook_freed(void) { return freed; }
