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

        public var description: String {
            switch self {
            case .unreadable(let message): message
            case .overLimit(let limit): "over \(limit) bytes"
            }
        }
    }

    public static func contents(ofPath path: String, limit: Int = .max) throws(Failure) -> Data {
        try bytes(ofPath: path, limit: limit).data
    }

    /// The bytes, and whether they are the file's read-only mapping, whose
    /// pages can be given back once read (`ReadPages`): the kernel reads
    /// them from the file again if they are touched again.
    struct Contents {
        var data: Data
        var isMapped: Bool
    }

    static func bytes(ofPath path: String, limit: Int = .max) throws(Failure) -> Contents {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
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
            return Contents(data: try streamed(fd, limit: limit), isMapped: false)
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

    private static func streamed(_ fd: Int32, limit: Int) throws(Failure) -> Data {
        let chunkSize = 1 << 20
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        var data = Data()
        while true {
            let count = read(fd, chunk, chunkSize)
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw cannotRead(errno)
            }
            guard count <= limit - data.count else { throw .overLimit(limit) }
            data.append(chunk.assumingMemoryBound(to: UInt8.self), count: count)
        }
    }

    private static func cannotRead(_ code: Int32) -> Failure {
        .unreadable("cannot read (\(String(cString: strerror(code))))")
    }
}
