import Foundation
import QuakeOutput
import TerminalUI

/// Standard output written with write(2), every write checked: FileHandle
/// traps on a write error and stdio drops it. A reader gone (`| head -1`)
/// ends the program quietly, as SIGPIPE ends other tools (status 141, even
/// when a parent left SIGPIPE ignored); any other error (a full disk) is
/// `error: cannot write output: No space left on device` and exit 1. Both
/// end the program here, not at the top: a write cannot throw (it is a
/// TextOutputStream's, deep in the formats).
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

    private static func writeAll(_ bytes: [UInt8]) {
        if let failure = FileDescriptorWriter.writeAll(bytes, to: STDOUT_FILENO) {
            if failure == EPIPE { exitClosingCatalogs(128 + SIGPIPE) }
            printError("error: \(OutputError(errno: failure))")
            exitClosingCatalogs(1)
        }
    }
}

/// Standard output could not be written: `cannot write output: No space left on device`.
struct OutputError: Error, CustomStringConvertible {
    let errno: Int32
    var description: String { "cannot write output: \(String(cString: strerror(errno)))" }
}
