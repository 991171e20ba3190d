#if canImport(Glibc)
import Glibc
#endif

/// The locale libedit needs to edit UTF-8 by characters.
enum TerminalLocale {
    /// The environment's locale; when its character set is not UTF-8, `C.UTF-8` for
    /// character classification and conversion.
    static func configure() {
        setlocale(LC_ALL, "")
        let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? ""
        if codeset != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}
