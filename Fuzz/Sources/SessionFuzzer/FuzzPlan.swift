/// How one fuzz input is played: its first byte chooses the settings, the rest is the byte
/// stream the client sends.
///
/// The settings byte, bit by bit:
///
/// | bits | meaning |
/// |------|---------|
/// | 0    | advance the virtual clock after every frame |
/// | 1–3  | by how much: 0, 1, 10, 100, 250, 1000, 5000 or 31000 ms (31 s passes the 30 s client-call timeout) |
/// | 4    | end of input: call `Session.inputEnded()` after the last frame (pending client calls fail) |
/// | 5    | then advance the clock by 120 s, so every pending latency and timeout fires |
/// | 6    | feed the decoder in small chunks (1, 2, 3 … 17 bytes, cycling) instead of all at once |
/// | 7    | line limit of 256 bytes instead of 64 KiB, so the too-long path is reachable |
///
/// Printable seed files therefore start with a readable settings character: `0` (0x30) is
/// "end input, drain timers, whole stream, 64 KiB"; `1` adds a 0 ms advance after each frame,
/// `3` a 1 ms one, `5` 10 ms, `7` 100 ms, `9` 250 ms, `;` 1 s, `=` 5 s, `?` 31 s.
struct FuzzPlan {
    /// The bytes after the settings byte.
    let stream: UnsafeBufferPointer<UInt8>
    /// Milliseconds to advance after each frame, or nil for no advance.
    let advanceAfterEachFrame: Int?
    /// Whether to signal end of input after the last frame.
    let endsInput: Bool
    /// Whether to advance the clock by 120 s at the end.
    let drainsTimers: Bool
    /// Whether to feed the decoder in small chunks.
    let feedsInChunks: Bool
    /// The decoder's line limit.
    let maxMessageLength: Int

    /// The delays bits 1–3 choose from, in milliseconds.
    static let delays = [0, 1, 10, 100, 250, 1000, 5000, 31000]

    init(_ input: UnsafeBufferPointer<UInt8>) {
        let settings = input.first ?? 0
        stream = input.isEmpty ? input : UnsafeBufferPointer(rebasing: input.dropFirst())
        advanceAfterEachFrame = settings & 0x01 != 0 ? Self.delays[Int(settings >> 1) & 0x07] : nil
        endsInput = settings & 0x10 != 0
        drainsTimers = settings & 0x20 != 0
        feedsInChunks = settings & 0x40 != 0
        maxMessageLength = settings & 0x80 != 0 ? 256 : 64 * 1024
    }
}
