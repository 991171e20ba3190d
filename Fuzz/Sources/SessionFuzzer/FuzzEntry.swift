import CLibFuzzer

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer calls this once per input: the input is played through a fresh session
/// (see ``FuzzRun``), and a broken invariant traps, which libFuzzer reports as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzRun(input: UnsafeBufferPointer(start: data, count: size)).play()
    return 0
}

/// The program's entry point.
///
/// SwiftPM links an executable target with `main` aliased to this module's entry point, so
/// libFuzzer's own `main` is never linked in; `LLVMFuzzerRunDriver` is libFuzzer's `main` as a
/// function, taking the same flags (`-max_total_time=`, `-dict=`, corpus directories, files to
/// replay…).
@main
enum SessionFuzzerMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            // An empty input may come with a null pointer.
            guard let data else {
                var none: UInt8 = 0
                return fuzz(&none, 0)
            }
            return fuzz(data, size)
        }
        exit(status)
    }
}
