import Foundation
import QuakeFeed
import QuakeStore

/// What a push socket missed while it was down, asked of the stream's FDSN
/// event service after each (re)connect: every event updated after the
/// last message's update time (`updatedafter`), of origin times from a day
/// before it on, as FDSN text, stored as the stream stores them (the
/// service's identity: `emsc:<id>`), so a report that came both ways is one
/// row. EMSC keeps no replay of its stream; this is how a dropped
/// connection loses nothing.
public struct PushCatchUp: Sendable {
    public let catalog: QuakeCatalog
    public let service: FDSNService
    public let downloader: PoliteDownloader
    /// The identity its events are stored under (the stream's service).
    public let identity: String

    public init(catalog: QuakeCatalog, service: FDSNService, downloader: PoliteDownloader, identity: String) {
        self.catalog = catalog; self.service = service; self.downloader = downloader; self.identity = identity
    }

    /// The query: what was updated after `since`.
    public func url(since: Date) -> URL {
        let ms = since.epochMilliseconds
        return service.url("query", [URLQueryItem(name: "updatedafter", value: FDSNQuery.time(ms)),
                                     URLQueryItem(name: "starttime", value: FDSNQuery.time(ms - 86_400_000)),
                                     URLQueryItem(name: "format", value: "text")])
    }

    /// Fetches and stores what was updated after `since`.
    public func run(since: Date) throws -> ImportReport {
        let url = url(since: since)
        let name = "\(identity) catch-up since \(FDSNQuery.time(since.epochMilliseconds))"
        guard let data = try downloader.body(of: url).fdsnEvents(from: url, limit: downloader.maxDownload) else {
            return ImportReport(name: name)
        }
        return try QuakeImporter(catalog: catalog).importData(data, name: name, service: identity)
    }
}
