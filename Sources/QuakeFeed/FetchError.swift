import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking   // HTTPURLResponse
#endif

/// Why a fetch failed, said in one line: `fetch URL: HTTP 404 Not Found`.
/// Nothing is imported when a fetch fails.
public struct FetchError: Error, CustomStringConvertible, Equatable {
    public let source: String
    public let reason: Reason
    /// A refusal's `Retry-After`, in seconds (429 Too Many Requests, 503).
    public let retryAfter: Double?

    public enum Reason: Equatable, Sendable {
        case httpStatus(Int)
        case timedOut(seconds: Double)
        case cutShort(received: Int, expected: Int?)
        case connection(String)
        /// What the importer said, and the Content-Type when it was not JSON.
        case notGeoJSON(String, contentType: String?)
        /// The body, declared or received, compressed or inflated, passed the limit (bytes).
        case overLimit(Int)
        /// gzip bytes (by their magic) that do not inflate; zlib's reason.
        case notGzip(String)
        /// A Content-Encoding header over a body not so encoded, or one not supported (gzip, deflate are).
        case badContentEncoding(String, supported: Bool)
        /// An HTML page (a portal's, a proxy's, a service's error page) where
        /// an FDSN service's text or QuakeML was asked; its Content-Type, if any.
        case htmlPage(contentType: String?)
    }

    public init(source: String, reason: Reason, retryAfter: Double? = nil) {
        self.source = source
        self.reason = reason
        self.retryAfter = retryAfter
    }

    /// `Retry-After: 120` (seconds) or an HTTP date, as seconds from now.
    static func retryAfterSeconds(_ value: String) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds >= 0, seconds.isFinite { return seconds }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: text).map { max(0, $0.timeIntervalSinceNow) }
    }

    public var description: String { "fetch \(source): \(reasonText)" }

    public var reasonText: String {
        switch reason {
        case .httpStatus(let code):
            "HTTP \(code) \(HTTPURLResponse.localizedString(forStatusCode: code))"
        case .timedOut(let seconds):
            "timed out (no data for \(Self.format(seconds)) s)"
        case .cutShort(let received, let expected?):
            "connection closed after \(ByteCount.text(received)) of \(ByteCount.text(expected))"
        case .cutShort(let received, nil):
            "connection closed after \(ByteCount.text(received))"
        case .connection(let message): message
        case .notGeoJSON(let message, let type?): "not a GeoJSON FeatureCollection (\(type)): \(message)"
        case .notGeoJSON(let message, nil): "not a GeoJSON FeatureCollection: \(message)"
        case .overLimit(let limit): "body over the \(ByteCount.limitText(limit)) limit"
        case .notGzip(let reason): "not valid gzip (\(reason))"
        case .badContentEncoding(let encoding, true): "body is not \(encoding) although Content-Encoding says \(encoding)"
        case .badContentEncoding(let encoding, false): "unsupported Content-Encoding '\(encoding)'"
        case .htmlPage(let type?): "the service answered with an HTML page (\(type)), not an FDSN answer"
        case .htmlPage(nil): "the service answered with an HTML page, not an FDSN answer"
        }
    }

    /// A Content-Type's media type, as it may be quoted: `text/html` of `text/html; charset=utf-8`.
    public static func mediaType(_ contentType: String?) -> String? {
        contentType.map { quotable(String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces)) }
    }

    /// Whether an answer is an HTML page: by its type, or by how it begins
    /// (a page served as text/plain, or with no type).
    public static func isHTMLPage(contentType: String?, body: Data) -> Bool {
        if let type = mediaType(contentType)?.lowercased(), ["text/html", "application/xhtml+xml"].contains(type) { return true }
        let start = body.prefix(512).drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        let text = String(decoding: start.prefix(14), as: UTF8.self).lowercased()
        return text.hasPrefix("<!doctype html") || text.hasPrefix("<html")
    }

    /// A header's value as it may be quoted in an error line: printable
    /// ASCII only (a header is ASCII; anything else could drive the
    /// terminal), and short.
    public static func quotable(_ headerValue: String, maxLength: Int = 60) -> String {
        let printable = String(headerValue.unicodeScalars.map { (0x20..<0x7F).contains($0.value) ? Character($0) : "?" })
        return printable.count > maxLength ? printable.prefix(maxLength - 1) + "…" : printable
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
