import Foundation
import QuakeOutput

/// A file written whole or not at all: the text goes to a new temporary file
/// in the target's folder (so the rename stays on one file system), which
/// `commit` moves over the target. A failed or cancelled write removes the
/// temporary file and leaves any existing target as it was. A class: the
/// writer streams into it while the export checks `failure` between rows.
final class AtomicFileOutput: TextOutputStream {
    /// The file the text is for.
    let path: String
    /// Where the text goes until `commit`: `.NAME.export-PID-N` beside it.
    let temporaryPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// The errno of the first failed write; later writes are dropped.
    private(set) var failure: Int32?
    static let chunkSize = 64 * 1024

    /// Creates the temporary file (mode 0666 less the umask, as any new
    /// file). A symbolic link at `path` is written through: the file it
    /// points to is replaced (or created, for a dangling link), the link kept.
    init(replacing path: String) throws(SystemError) {
        let path = SymbolicLink.target(of: path)
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var attempt = 0
        while true {
            let candidate = folder + "/." + url.lastPathComponent + ".export-\(getpid())-\(attempt)"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 {
                temporaryPath = candidate
                descriptor = fd
                return
            }
            // Another export's (or a crashed one's) leftover: try the next name.
            guard errno == EEXIST, attempt < 100 else { throw SystemError(errno: errno) }
            attempt += 1
        }
    }

    func write(_ string: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= Self.chunkSize { flush() }
    }

    private func flush() {
        guard failure == nil else { return }
        failure = FileDescriptorWriter.writeAll(buffer, to: descriptor)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, syncs, and puts the file at `path`: over an
    /// existing file only with `overwrite` (else a file that appeared
    /// since the question is `File exists`). On failure nothing is left.
    func commit(overwrite: Bool) throws(SystemError) {
        flush()
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if let failure {
            discard()
            throw SystemError(errno: failure)
        }
        close(descriptor)
        descriptor = -1
        if overwrite {
            if rename(temporaryPath, path) != 0 { let error = errno; unlink(temporaryPath); throw SystemError(errno: error) }
        } else {
            // link(2) refuses an existing target: never replaced unasked.
            var linked = link(temporaryPath, path) == 0 ? 0 : errno
            if linked != 0, linked != EEXIST {
                // A file system without hard links (FAT): checked, then renamed.
                linked = access(path, F_OK) == 0 ? EEXIST : rename(temporaryPath, path) == 0 ? 0 : errno
            }
            unlink(temporaryPath)
            if linked != 0 { throw SystemError(errno: linked) }
        }
    }

    /// Removes the temporary file: nothing of the export is left.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporaryPath)
    }
}

/// A failed system call, said as the system says it: `No space left on device`.
struct SystemError: Error, CustomStringConvertible {
    let errno: Int32
    var description: String { String(cString: strerror(errno)) }
}
