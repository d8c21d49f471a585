import Foundation
import QuakeFeed
import QuakeStore

/// What a push socket missed while it was down, asked of the stream's FDSN
/// event service after each (re)connect: every event updated after the
/// last message's update time (`updatedafter`), of origin times from a day
/// before it on, stored as the stream stores them (the service's identity:
/// `emsc:<id>`), so a report that came both ways is one row. EMSC keeps no
/// replay of its stream; this is how a dropped connection loses nothing.
public struct PushCatchUp: Sendable {
    public let catalog: QuakeCatalog
    public let service: FDSNService
    public let downloader: PoliteDownloader
    /// The identity its events are stored under (the stream's service).
    public let identity: String

    public init(catalog: QuakeCatalog, service: FDSNService, downloader: PoliteDownloader, identity: String) {
        self.catalog = catalog; self.service = service; self.downloader = downloader; self.identity = identity
    }

    /// The query: what was updated after `since`, as GeoJSON (`format=json`,
    /// which EMSC's service answers beside text and xml). Its Features are
    /// the stream's own, `lastupdate` and all: a revision replaces a row only
    /// by a newer update time, and text carries none (a row would be as old
    /// as its origin time, never replacing the pushed one), while QuakeML's
    /// event creationTime is another clock than `lastupdate` (the 2017
    /// Puebla event: 18:43:15.7 against 18:42:00), newer by which a caught-up
    /// row would refuse the stream's next update.
    public func url(since: Date) -> URL {
        let ms = since.epochMilliseconds
        return service.url("query", [URLQueryItem(name: "updatedafter", value: FDSNQuery.time(ms)),
                                     URLQueryItem(name: "starttime", value: FDSNQuery.time(ms - 86_400_000)),
                                     URLQueryItem(name: "format", value: "json")])
    }

    /// Fetches and stores what was updated after `since`.
    public func run(since: Date) throws -> ImportReport {
        let url = url(since: since)
        let name = "\(identity) catch-up since \(FDSNQuery.time(since.epochMilliseconds))"
        let body = try downloader.body(of: url)
        guard let data = try body.fdsnEvents(from: url, limit: downloader.maxDownload) else { return ImportReport(name: name) }
        let (quakes, skipped): ([Quake], [ImportReport.Skip])
        do throws(EMSCFeature.Unreadable) { (quakes, skipped) = try Self.quakes(in: data) } catch {
            // A proxy's or portal's page says what it is by its type.
            let type = FetchError.mediaType(body.contentType)
            throw FetchError(source: FeedSource(url: url).description,
                             reason: .notGeoJSON(error.reason, contentType: type?.lowercased().contains("json") == false ? type : nil))
        }
        var report = try QuakeImporter(catalog: catalog).importQuakes(quakes, name: name)
        report.skipped = skipped
        return report
    }

    /// The answer's quakes, read as the stream's messages are: a
    /// FeatureCollection's features, or a Feature alone (EMSC's answer to
    /// one `eventid`); a feature that is no quake is skipped with its reason.
    static func quakes(in data: Data) throws(EMSCFeature.Unreadable) -> ([Quake], [ImportReport.Skip]) {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw EMSCFeature.Unreadable(reason: "not JSON (\(error.localizedDescription))")
        }
        let features: [Any]
        if let top = object as? [String: Any], top["type"] as? String == "Feature" {
            features = [top]
        } else if let top = object as? [String: Any], let list = top["features"] as? [Any] {
            features = list
        } else {
            throw EMSCFeature.Unreadable(reason: "no \"features\"")
        }
        var quakes: [Quake] = [], skipped: [ImportReport.Skip] = []
        for (index, feature) in features.enumerated() {
            do throws(EMSCFeature.Unreadable) {
                guard let feature = feature as? [String: Any] else { throw EMSCFeature.Unreadable(reason: "not a JSON object") }
                quakes.append(try EMSCFeature.quake(feature))
            } catch {
                skipped.append(ImportReport.Skip(location: "feature \(index + 1)", reason: error.reason))
            }
        }
        return (quakes, skipped)
    }
}
