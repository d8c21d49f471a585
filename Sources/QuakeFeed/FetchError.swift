import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking   // HTTPURLResponse
#endif

/// Why a fetch failed, said in one line: `fetch URL: HTTP 404 Not Found`.
/// Nothing is imported when a fetch fails.
public struct FetchError: Error, CustomStringConvertible, Equatable {
    public let source: String
    public let reason: Reason

    public enum Reason: Equatable, Sendable {
        case httpStatus(Int)
        case timedOut(seconds: Double)
        case cutShort(received: Int, expected: Int?)
        case connection(String)
        /// What the importer said, and the Content-Type when it was not JSON.
        case notGeoJSON(String, contentType: String?)
    }

    public init(source: String, reason: Reason) {
        self.source = source
        self.reason = reason
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
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
