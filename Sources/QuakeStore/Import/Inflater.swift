internal import CZlib
import Foundation

/// zlib's inflate over bytes given piece by piece, as a download hands them
/// over: a gzip file (every member: `cat a.gz b.gz` is one valid gzip
/// file), or an HTTP body's Content-Encoding (gzip, or deflate: zlib-wrapped
/// as the standard says, or raw as some servers send it). The output is
/// held, and never passes `limit` bytes: a gzip bomb stops there.
public final class Inflater {
    public enum Format: Sendable { case gzip, deflate }

    public private(set) var output = Data()
    public let limit: Int
    private let format: Format
    // zlib keeps a pointer back to its stream: it must not move.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var started = false
    /// Deflate's first two bytes, until they tell zlib from raw.
    private var pendingHeader: [UInt8] = []
    private var members = 0
    /// The last member ended with the input given so far.
    private var memberEnded = false
    private static let chunkSize = 256 * 1024
    private let chunk = UnsafeMutablePointer<Bytef>.allocate(capacity: chunkSize)

    /// `reserving`: a guess at the output's size, address space rather than memory.
    public init(_ format: Format, limit: Int = .max, reserving: Int = 0) {
        self.format = format
        self.limit = limit
        stream.initialize(to: z_stream())
        output.reserveCapacity(min(reserving, limit))
    }

    deinit {
        if started { inflateEnd(stream) }
        stream.deallocate()
        chunk.deallocate()
    }

    /// Inflates `input`, the next bytes of the stream.
    public func append(_ input: UnsafeRawBufferPointer) throws(Gzip.Failure) {
        guard !input.isEmpty else { return }
        if !started {
            guard format == .deflate else { return try start(windowBits: 15 + 16, then: input) }
            let taken = min(2 - pendingHeader.count, input.count)
            pendingHeader += input.prefix(taken)
            guard pendingHeader.count == 2 else { return }
            let header = pendingHeader
            try start(windowBits: Self.isZlibHeader(header) ? 15 : -15, then: UnsafeRawBufferPointer(start: nil, count: 0))
            let result: Result<Void, Gzip.Failure> = header.withUnsafeBytes { bytes in
                Result { () throws(Gzip.Failure) in try inflateInput(bytes) }
            }
            try result.get()
            return try inflateInput(UnsafeRawBufferPointer(rebasing: input[taken...]))
        }
        try inflateInput(input)
    }

    /// The whole output, once the stream's end was given; else `truncated`.
    public func finish() throws(Gzip.Failure) -> Data {
        guard memberEnded || (!started && pendingHeader.isEmpty) else {
            throw .invalid(members == 0 ? "truncated" : "truncated in member \(members + 1)")
        }
        return output
    }

    private func start(windowBits: Int32, then input: UnsafeRawBufferPointer) throws(Gzip.Failure) {
        guard czlib_inflate_init(stream, windowBits) == Z_OK else { throw .invalid("zlib cannot start") }
        started = true
        try inflateInput(input)
    }

    /// RFC 1950: method 8 (deflate), and the two bytes a multiple of 31.
    private static func isZlibHeader(_ bytes: [UInt8]) -> Bool {
        bytes[0] & 0x0F == 8 && (Int(bytes[0]) << 8 | Int(bytes[1])) % 31 == 0
    }

    private func inflateInput(_ input: UnsafeRawBufferPointer) throws(Gzip.Failure) {
        guard let base = input.baseAddress?.assumingMemoryBound(to: Bytef.self), !input.isEmpty else { return }
        if memberEnded {   // another member follows
            guard format == .gzip else { return }   // bytes after a deflate stream's end are ignored, as curl does
            inflateReset(stream)
            memberEnded = false
        }
        var consumed = 0   // avail_in is 32 bits: big inputs go in slices
        var outputFull = false   // zlib may hold more output than the chunk took
        while true {
            if stream.pointee.avail_in == 0 && consumed < input.count {
                let slice = min(input.count - consumed, 1 << 30)
                stream.pointee.next_in = UnsafeMutablePointer(mutating: base + consumed)
                stream.pointee.avail_in = uInt(slice)
                consumed += slice
            } else if stream.pointee.avail_in == 0 && !outputFull {
                return
            }
            stream.pointee.next_out = chunk
            stream.pointee.avail_out = uInt(Self.chunkSize)
            let status = inflate(stream, Z_NO_FLUSH)
            let produced = Self.chunkSize - Int(stream.pointee.avail_out)
            guard produced <= limit - output.count else { throw .overLimit(limit) }
            output.append(chunk, count: produced)
            outputFull = produced == Self.chunkSize
            switch status {
            case Z_OK, Z_BUF_ERROR:
                continue   // Z_BUF_ERROR: no progress until more input, asked for above
            case Z_STREAM_END:
                members += 1
                memberEnded = true
                let left = Int(stream.pointee.avail_in) + (input.count - consumed)
                guard left > 0, format == .gzip else { return }
                inflateReset(stream)
                memberEnded = false
            case Z_DATA_ERROR:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "corrupt data"
                throw .invalid(members == 0 ? reason : "\(reason) after member \(members)")
            case Z_MEM_ERROR:
                throw .invalid("out of memory")
            default:
                throw .invalid("zlib error \(status)")
            }
        }
    }
}
