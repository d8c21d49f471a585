import Foundation
import QuakeStore

/// `sync`: brings every source the catalog remembers up to date, one after
/// another: each FDSN query for what is new or revised since its last run
/// (an unfinished backfill goes on instead), each summary feed fetched
/// again. A source that fails is reported and the others still run.
public struct CatalogSync: Sendable {
    public let catalog: QuakeCatalog
    public let downloader: PoliteDownloader

    public init(catalog: QuakeCatalog, downloader: PoliteDownloader) {
        self.catalog = catalog
        self.downloader = downloader
    }

    /// One source's sync: what it brought, or why it failed.
    public struct Outcome: Sendable {
        public var source: FetchLedger.Source
        /// The source as the user knows it: `usgs`, a feed's file name.
        public var label: String
        public var result: Result<Report, any Error>
    }

    public enum Report: Sendable {
        case service(FDSNBackfill.Summary)
        case feed(ImportReport)
    }

    public typealias ProgressHandler = @Sendable (_ label: String, _ progress: FDSNBackfill.Progress?) -> Void

    /// Every remembered source, oldest first (none: nothing is done).
    public func sources() throws -> [FetchLedger.Source] {
        try FetchLedger(catalog: catalog).sources()
    }

    public func syncAll(_ sources: [FetchLedger.Source], progress: ProgressHandler? = nil,
                        shouldStop: () -> Bool = { false }) -> [Outcome] {
        var outcomes: [Outcome] = []
        for source in sources {
            if shouldStop() { break }
            let label = Self.label(of: source)
            outcomes.append(Outcome(source: source, label: label, result: Result {
                try sync(source, label: label, progress: progress, shouldStop: shouldStop)
            }))
        }
        return outcomes
    }

    private func sync(_ source: FetchLedger.Source, label: String, progress: ProgressHandler?,
                      shouldStop: () -> Bool) throws -> Report {
        switch source.kind {
        case .feed:
            progress?(label, nil)
            let fetcher = FeedFetcher(catalog: catalog, timeout: downloader.timeout, maxDownload: downloader.maxDownload)
            return .feed(try fetcher.fetch(try FeedSource(urlString: source.service)))
        case .fdsn:
            let service = try FDSNService(source.service)
            guard let format = FDSNQuery.Format(rawValue: source.format) else {
                throw FeedSourceError("unknown format '\(source.format)' remembered for \(label)")
            }
            let query = try FDSNQuery(filterText: source.parameters, format: format)
            let backfill = FDSNBackfill(catalog: catalog, service: service, query: query, downloader: downloader)
            let report: FDSNBackfill.ProgressHandler = { progress?(label, $0) }
            if source.backfilledAt == nil {   // a backfill cut short: finished first
                return .service(try backfill.run(request: source.request, start: source.startTime, end: source.endTime,
                                                 endsNow: source.endsNow, progress: report, shouldStop: shouldStop))
            }
            return .service(try backfill.sync(source, progress: report))
        }
    }

    /// `usgs`, a URL service's base URL, a feed's file name.
    public static func label(of source: FetchLedger.Source) -> String {
        switch source.kind {
        case .fdsn: source.service
        case .feed: URL(string: source.service)?.lastPathComponent ?? source.service
        }
    }

    /// The browser's refresh and `watch`: every remembered source synced,
    /// or `feed` fetched when the catalog remembers none (it then remembers
    /// the feed). One report of all; the first failure is thrown once every
    /// source had its turn.
    public func refresh(feed: FeedSource?, name: String, progress: (@Sendable (String) -> Void)? = nil) throws -> ImportReport {
        let sources = try sources()
        var total = ImportReport(name: name)
        var firstFailure: (any Error)?
        for outcome in syncAll(sources, progress: { label, window in
            progress?(window.map { "\(label): \($0.windowsDone) of \($0.windowsTotal) windows" } ?? "refreshing \(label)…")
        }) {
            switch outcome.result {
            case .success(.service(let summary)):
                total.add(summary.report(name: outcome.label))
            case .success(.feed(let report)):
                total.add(report)
            case .failure(let error):
                firstFailure = firstFailure ?? SyncFailure(label: outcome.label, cause: error)
            }
        }
        if let feed, sources.isEmpty {
            progress?("refreshing \(feed.url.lastPathComponent)…")
            let fetcher = FeedFetcher(catalog: catalog, timeout: downloader.timeout, maxDownload: downloader.maxDownload)
            total.add(try fetcher.fetch(feed) { progress?($0.line(label: feed.url.lastPathComponent)) })
        }
        if let firstFailure { throw firstFailure }
        return total
    }
}

/// A source's sync that failed, named: `sync usgs: HTTP 503 …`.
public struct SyncFailure: Error, CustomStringConvertible {
    public let label: String
    public let cause: any Error
    public var description: String {
        "sync \(label): \((cause as? FetchError)?.reasonText ?? "\(cause)")"
    }
}
