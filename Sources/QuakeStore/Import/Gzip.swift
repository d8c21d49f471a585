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
        // Reserved address space, not memory: pages are touched as they fill.
        let inflater = Inflater(.gzip, limit: limit,
                                reserving: min(data.count.multipliedReportingOverflow(by: 8).partialValue, 256 << 20))
        let result: Result<Void, Failure> = data.withUnsafeBytes { input in
            Result { () throws(Failure) in try inflater.append(input) }
        }
        try result.get()
        return try inflater.finish()
    }
}
