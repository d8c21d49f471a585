import ArgumentParser
import Foundation
import QuakeFeed
import QuakeStore

/// `--feed`, `--url` and `--timeout`, shared by `fetch` and the browser; the
/// config file fills in what the flags leave out.
struct FeedOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A USGS summary feed: {significant,4.5,2.5,1.0,all}_{hour,day,week,month}. Default: all_day.",
                               valueName: "name"),
            completion: .list(FeedSource.feedNames))
    var feed: String?

    @Option(help: ArgumentHelp("Any GeoJSON feed instead: an http, https or file:// URL, or a path (relative to the current folder).",
                               valueName: "url"))
    var url: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds without data before a download fails, 1 to 86400. Default: 30.", valueName: "seconds"))
    var timeout: Double?

    /// Longer waits are surely a mistake (and `1e308` overflowed inside
    /// FoundationNetworking); under a second, a slow link fails at once.
    static let timeoutRange: ClosedRange<Double> = 1...86_400

    func validate() throws {
        if let timeout, !Self.timeoutRange.contains(timeout) {   // NaN is in no range
            throw ValidationError("--timeout must be between 1 and 86400 seconds")
        }
        if feed != nil && url != nil { throw ValidationError("give --feed or --url, not both") }
        do { _ = try FeedSource(feedName: feed, urlString: url) } catch let error as FeedSourceError {
            throw ValidationError(url != nil ? "--url: \(error)" : "--feed: \(error)")
        }
    }

    /// The feed and timeout to use, and the config file they were read with;
    /// throws a bad config file's error.
    func resolved() throws -> (source: FeedSource, timeout: Double, config: UserConfig) {
        let config = try UserConfig.load()
        return (try source(config), timeout ?? config.timeout ?? 30, config)
    }

    /// What fetches `source`: the timeout and the config's `max-download`.
    static func fetcher(catalog: QuakeCatalog, timeout: Double, config: UserConfig) -> FeedFetcher {
        FeedFetcher(catalog: catalog, timeout: timeout, maxDownload: config.maxDownload ?? FeedFetcher.defaultMaxDownload)
    }

    /// The flags over the config file over the default feed.
    private func source(_ config: UserConfig) throws -> FeedSource {
        if feed != nil || url != nil { return try FeedSource(feedName: feed, urlString: url) }
        do {
            return try FeedSource(feedName: config.feed, urlString: config.url)
        } catch let error as FeedSourceError {
            throw ConfigError(path: UserConfig.path(), message: "\(error)")
        }
    }

}
