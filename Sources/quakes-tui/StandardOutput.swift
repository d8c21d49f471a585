import ArgumentParser
import Foundation
import Synchronization
import QuakeOutput
import TerminalUI

/// Standard output written with write(2), every write checked: FileHandle
/// traps on a write error and stdio drops it. A write that fails is kept
/// (`failure`) and the rest of the output dropped; the command ends through
/// the one exit at the top, its `defer`s run: `checkWritten()` throws it,
/// after the command, between a list's rows and after each alert of a
/// watch. A reader gone (`| head -1`) ends the program quietly, as SIGPIPE
/// ends other tools (status 141, even when a parent left SIGPIPE ignored);
/// any other error (a full disk) is `error: cannot write output: No space
/// left on device` and exit 1.
///
/// Text is gathered into 64 KiB writes; `flush()` sends the rest.
struct StandardOutput: TextOutputStream {
    private var buffer: [UInt8] = []
    static let chunkSize = 64 * 1024

    mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= Self.chunkSize { flush() }
    }

    mutating func flush() {
        Self.writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// One line for the user to read, written at once (an import's summary
    /// shows as each file ends), control characters made visible: it may
    /// quote a file name, a URL or a value from a feed.
    static func writeLine(_ line: String) {
        writeAll(Array((TerminalText.visible(line) + "\n").utf8))
    }

    /// The errno of the first write that failed; nil while all succeeded.
    private static let failure = Mutex<Int32?>(nil)

    private static func writeAll(_ bytes: [UInt8]) {
        guard failure.withLock({ $0 == nil }) else { return }
        if let errno = FileDescriptorWriter.writeAll(bytes, to: STDOUT_FILENO) {
            failure.withLock { $0 = $0 ?? errno }
        }
    }

    /// Throws the first failed write: a closed pipe as `ExitCode` 141 (no
    /// message), any other as `OutputError` (exit 1).
    static func checkWritten() throws {
        guard let errno = failure.withLock({ $0 }) else { return }
        if errno == EPIPE { throw ExitCode(128 + SIGPIPE) }
        throw OutputError(errno: errno)
    }
}

/// Standard output could not be written: `cannot write output: No space left on device`.
struct OutputError: Error, CustomStringConvertible {
    let errno: Int32
    var description: String { "cannot write output: \(String(cString: strerror(errno)))" }
}
