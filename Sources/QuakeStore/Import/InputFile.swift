import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The bytes of an input given by path. A regular file is memory-mapped (a
/// big feed costs address space, not memory); anything else that reads, a
/// pipe, a FIFO, process substitution's `/dev/fd/63`, a device, is read to
/// its end into memory.
public enum InputFile {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// `no such file`, `is a directory`, `cannot read (Permission denied)`
        case unreadable(String)
        /// More than the caller's limit (a fetch's `max-download`).
        case overLimit(Int)
        /// No byte for the caller's timeout (a fetch's): a FIFO no one
        /// writes to, or one whose writer stopped without closing it.
        case timedOut(seconds: Double)

        public var description: String {
            switch self {
            case .unreadable(let message): message
            case .overLimit(let limit): "over \(limit) bytes"
            case .timedOut(let seconds): "no data for \(seconds) s"
            }
        }
    }

    /// With a `timeout`, a pipe or FIFO that gives no byte for that many
    /// seconds fails (`timedOut`), as a fetch's server would.
    public static func contents(ofPath path: String, limit: Int = .max, timeout: Double? = nil) throws(Failure) -> Data {
        try bytes(ofPath: path, limit: limit, timeout: timeout).data
    }

    /// The bytes, and whether they are the file's read-only mapping, whose
    /// pages can be given back once read (`ReadPages`): the kernel reads
    /// them from the file again if they are touched again.
    struct Contents {
        var data: Data
        var isMapped: Bool
    }

    static func bytes(ofPath path: String, limit: Int = .max, timeout: Double? = nil) throws(Failure) -> Contents {
        // Opening a FIFO waits for a writer, for ever: with a timeout it is
        // opened at once, and `poll` waits for its bytes instead.
        let fd = open(path, O_RDONLY | O_CLOEXEC | (timeout == nil ? 0 : O_NONBLOCK))
        guard fd >= 0 else { throw errno == ENOENT ? .unreadable("no such file") : cannotRead(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw cannotRead(errno) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw .unreadable("is a directory")
        case S_IFREG:
            guard Int(info.st_size) <= limit else { throw .overLimit(limit) }
            return Contents(data: try mapped(fd, size: Int(info.st_size)), isMapped: info.st_size > 0)
        default:
            return Contents(data: try streamed(fd, limit: limit, timeout: timeout), isMapped: false)
        }
    }

    /// Standard input, read to its end whatever it is.
    public static func standardInput(limit: Int = .max) throws(Failure) -> Data {
        try streamed(STDIN_FILENO, limit: limit)
    }

    private static func mapped(_ fd: Int32, size: Int) throws(Failure) -> Data {
        if size == 0 { return Data() }   // mmap refuses an empty range
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0),
              base != UnsafeMutableRawPointer(bitPattern: -1) else { throw cannotRead(errno) }
        return Data(bytesNoCopy: base, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }

    private static func streamed(_ fd: Int32, limit: Int, timeout: Double? = nil) throws(Failure) -> Data {
        let chunkSize = 1 << 20
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        var data = Data()
        while true {
            if let timeout { try waitForBytes(fd, timeout: timeout) }
            let count = read(fd, chunk, chunkSize)
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw cannotRead(errno)
            }
            guard count <= limit - data.count else { throw .overLimit(limit) }
            data.append(chunk.assumingMemoryBound(to: UInt8.self), count: count)
        }
    }

    /// Returns once `fd` has bytes or is at its end (a FIFO's last writer
    /// gone); `timedOut` after `timeout` seconds of neither. (Linux reports
    /// no end for a FIFO no writer ever opened: that one times out.)
    private static func waitForBytes(_ fd: Int32, timeout: Double) throws(Failure) {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw .timedOut(seconds: timeout) }
            let ready = poll(&entry, 1, Int32(min((left * 1000).rounded(.up), 86_400_000)))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw cannotRead(errno) }
        }
    }

    private static func cannotRead(_ code: Int32) -> Failure {
        .unreadable("cannot read (\(String(cString: strerror(code))))")
    }
}
