#ifndef CLIBFUZZER_SHIM_H
#define CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's documented entry point for programs that own `main`
/// (https://llvm.org/docs/LibFuzzer.html, "Using libFuzzer as a library").
///
/// SwiftPM links an executable target with `main` aliased to the module's own entry point,
/// so libFuzzer's `main` is never used; the Swift entry point hands its arguments here.
/// Defined in libclang_rt.fuzzer, which `swiftc -sanitize=fuzzer` links.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*UserCb)(const uint8_t *Data, size_t Size));

#endif
