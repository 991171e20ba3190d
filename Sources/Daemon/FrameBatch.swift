/// One chunk's frames, owned by the work item that runs them. A class, so that the work item
/// holds the array's only reference and the executor can move each frame out as it runs it
/// (see `StdioServer.process`) rather than copy it. One thread at a time: the reader makes it
/// from a chunk's frames as it hands them over (the executor's queue orders that before the
/// work item runs), and from then on only the executor touches it.
final class FrameBatch: @unchecked Sendable {
    var frames: [ReaderHandoff]

    init(_ frames: consuming [ReaderHandoff]) {
        self.frames = frames
    }
}
