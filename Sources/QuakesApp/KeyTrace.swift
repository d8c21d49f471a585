import Foundation

/// With `QUAKES_TRACE=FILE`, appends per input batch the milliseconds from
/// reading the key to ncurses having flushed the frame.
final class KeyTrace {
    private let handle: FileHandle

    init?(path: String) {
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    func record(since start: DispatchTime, events: Int) {
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        handle.write(Data(String(format: "%.3f\n", ms).utf8))
    }
}
