import Foundation
import QuakeStore

/// A fetch: download a feed, then import it through the same importer as
/// files, in one transaction that also records when the catalog was updated.
public struct FeedFetcher: Sendable {
    public let catalog: QuakeCatalog
    public let timeout: Double
    /// The most bytes a body may have, as sent and once inflated.
    public let maxDownload: Int

    /// 1 GB: about a hundred times the biggest USGS feed (all_month, some
    /// 10 MB of GeoJSON), yet a server sending without end is stopped.
    public static let defaultMaxDownload = 1_000_000_000

    public init(catalog: QuakeCatalog, timeout: Double = 30, maxDownload: Int = defaultMaxDownload) {
        self.catalog = catalog
        self.timeout = timeout
        self.maxDownload = maxDownload
    }

    public enum Progress: Sendable, Equatable {
        case downloading(received: Int, expected: Int?)
        case importing(features: Int)

        /// `██████░░░░░░`: `done` of `total` in `width` blocks.
        public static func blocks(_ done: Int, of total: Int, width: Int) -> String {
            let filled = min(width, done * width / total)
            return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        }

        /// `all_day.geojson [██████░░░░░░] 1.2 MB of 3.4 MB`, then
        /// `all_day.geojson importing 4096 features`.
        public func line(label: String, barWidth: Int = 24) -> String {
            switch self {
            case .downloading(let received, let expected?) where expected > 0:
                let bar = Self.blocks(received, of: expected, width: barWidth)
                return "\(label) [\(bar)] \(ByteCount.text(received)) of \(ByteCount.text(expected))"
            case .downloading(let received, _):
                return "\(label) \(ByteCount.text(received))"
            case .importing(let features):
                return "\(label) importing \(features) features"
            }
        }
    }

    /// Downloads and imports the feed; the catalog then remembers it as a
    /// source `sync` brings up to date.
    public func fetch(_ source: FeedSource, progress: (@Sendable (Progress) -> Void)? = nil) throws -> ImportReport {
        let started = Date()
        let body = try FeedDownload.body(of: source, timeout: timeout, limit: maxDownload) { received, expected in
            progress?(.downloading(received: received, expected: expected))
        }
        let data = try Self.inflatedIfGzip(body.data, source: source.description, limit: maxDownload)
        progress?(.importing(features: 0))
        do {
            return try QuakeImporter(catalog: catalog).importData(
                data, name: source.description, geoJSONOnly: true,
                recording: [.lastFetch(LastFetch(date: started, url: source.description)),
                            .feed(url: source.description, at: started)],
                progress: { progress?(.importing(features: $0.rows)) })
        } catch let error as ImportError {
            let detail = error.location.isEmpty ? error.message : "\(error.message) at \(error.location)"
            // A captive portal or proxy error page says what it is by its type.
            let type = FetchError.mediaType(body.contentType)
            throw FetchError(source: source.description,
                             reason: .notGeoJSON(detail, contentType: type?.lowercased().contains("json") == false ? type : nil))
        }
    }

    /// A `.geojson.gz` URL, served as bytes (no Content-Encoding): inflated
    /// as `import` inflates a file, under the same limit.
    /// An FDSN answer served gzipped the same way is inflated by the same rule.
    public static func inflatedIfGzip(_ data: Data, source: String, limit: Int) throws -> Data {
        do {
            return try Gzip.decompressedIfCompressed(data, limit: limit)
        } catch .overLimit {
            throw FetchError(source: source, reason: .overLimit(limit))
        } catch .invalid(let reason) {
            throw FetchError(source: source, reason: .notGzip(reason))
        }
    }
}
