internal import CZlib
import Foundation

/// gzip-compressed feeds (`all_month.csv.gz`, a `.geojson.gz` URL), told by
/// their magic bytes 1f 8b whatever their name, inflated by the system zlib.
public enum Gzip {
    /// Whether the bytes start with gzip's magic number.
    public static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// `data` inflated when it is gzip, else `data` itself.
    public static func decompressedIfCompressed(_ data: Data, limit: Int = .max) throws(Failure) -> Data {
        isCompressed(data) ? try decompress(data, limit: limit) : data
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Corrupt or cut short; zlib's reason (`invalid block type`, `incorrect data check`, `truncated`).
        case invalid(String)
        /// The inflated bytes would pass `limit`: a fetch's cap, or a gzip bomb.
        case overLimit(Int)

        public var description: String {
            switch self {
            case .invalid(let reason): "not valid gzip (\(reason))"
            case .overLimit(let limit): "over \(limit) bytes once decompressed"
            }
        }
    }

    /// Inflates every member (`cat a.gz b.gz` is one valid gzip file), at
    /// most `limit` bytes of output.
    public static func decompress(_ data: Data, limit: Int = .max) throws(Failure) -> Data {
        var stream = z_stream()
        guard czlib_inflate_init_gzip(&stream) == Z_OK else { throw .invalid("zlib cannot start") }
        defer { inflateEnd(&stream) }
        var output = Data()
        // Reserved address space, not memory: pages are touched as they fill.
        output.reserveCapacity(min(data.count.multipliedReportingOverflow(by: 8).partialValue, limit, 256 << 20))
        let result: Result<Void, Failure> = data.withUnsafeBytes { input in
            Result { () throws(Failure) in try inflateAll(&stream, input: input, into: &output, limit: limit) }
        }
        try result.get()
        return output
    }

    private static func inflateAll(_ stream: inout z_stream, input: UnsafeRawBufferPointer, into output: inout Data,
                                   limit: Int) throws(Failure) {
        let chunkSize = 256 * 1024
        let chunk = UnsafeMutablePointer<Bytef>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        let bytes = input.bindMemory(to: Bytef.self)
        var consumed = 0   // input handed to zlib so far; avail_in is 32 bits, so big inputs go in slices
        var members = 0
        while true {
            if stream.avail_in == 0 && consumed < bytes.count {
                let slice = min(bytes.count - consumed, 1 << 30)
                stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress! + consumed)
                stream.avail_in = uInt(slice)
                consumed += slice
            }
            let inputLeft = Int(stream.avail_in) + (bytes.count - consumed)
            stream.next_out = chunk
            stream.avail_out = uInt(chunkSize)
            let status = inflate(&stream, Z_NO_FLUSH)
            let produced = chunkSize - Int(stream.avail_out)
            guard produced <= limit - output.count else { throw .overLimit(limit) }
            output.append(chunk, count: produced)
            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                members += 1
                if Int(stream.avail_in) + (bytes.count - consumed) == 0 { return }
                inflateReset(&stream)   // another member follows
            case Z_BUF_ERROR where inputLeft == 0:
                throw .invalid(members == 0 ? "truncated" : "truncated in member \(members + 1)")
            case Z_DATA_ERROR:
                let reason = stream.msg.map { String(cString: $0) } ?? "corrupt data"
                throw .invalid(members == 0 ? reason : "\(reason) after member \(members)")
            case Z_MEM_ERROR:
                throw .invalid("out of memory")
            default:
                throw .invalid("zlib error \(status)")
            }
        }
    }
}
