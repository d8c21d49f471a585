import Foundation
import QuakeStore

/// A fetch: download a feed, then import it through the same importer as
/// files, in one transaction that also records when the catalog was updated.
public struct FeedFetcher: Sendable {
    public let database: QuakeDatabase
    public let timeout: Double

    public init(database: QuakeDatabase, timeout: Double = 30) {
        self.database = database
        self.timeout = timeout
    }

    public enum Progress: Sendable, Equatable {
        case downloading(received: Int, expected: Int?)
        case importing(features: Int)

        /// `all_day.geojson [██████░░░░░░] 1.2 MB of 3.4 MB`, then
        /// `all_day.geojson importing 4096 features`.
        public func line(label: String, barWidth: Int = 24) -> String {
            switch self {
            case .downloading(let received, let expected?) where expected > 0:
                let filled = min(barWidth, received * barWidth / expected)
                let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
                return "\(label) [\(bar)] \(ByteCount.text(received)) of \(ByteCount.text(expected))"
            case .downloading(let received, _):
                return "\(label) \(ByteCount.text(received))"
            case .importing(let features):
                return "\(label) importing \(features) features"
            }
        }
    }

    public func fetch(_ source: FeedSource, progress: (@Sendable (Progress) -> Void)? = nil) throws -> ImportReport {
        let body = try FeedDownload.body(of: source, timeout: timeout) { received, expected in
            progress?(.downloading(received: received, expected: expected))
        }
        progress?(.importing(features: 0))
        do {
            return try QuakeImporter(database: database).importData(
                body.data, name: source.description, geoJSONOnly: true,
                recording: LastFetch(date: Date(), url: source.description),
                progress: { progress?(.importing(features: $0)) })
        } catch let error as ImportError {
            let detail = error.location.isEmpty ? error.message : "\(error.message) at \(error.location)"
            // A captive portal or proxy error page says what it is by its type.
            let type = body.contentType.map { String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces) }
            throw FetchError(source: source.description,
                             reason: .notGeoJSON(detail, contentType: type?.lowercased().contains("json") == false ? type : nil))
        }
    }
}
