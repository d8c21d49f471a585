import Foundation
import QuakeFeed
import QuakeStore

/// What `watch` runs each period to bring the catalog up to date: a sync of
/// every source the catalog remembers, or the configured feed (the config
/// file's `feed` or `url`, else all_day) when it remembers none, as the
/// browser's refresh does. Returns the summary lines; throws what failed
/// (one line).
enum CatalogSyncRunner {
    static func syncAll(catalog: QuakeCatalog, config: UserConfig) throws -> [String] {
        let source: FeedSource
        do {
            source = try FeedSource(feedName: config.feed, urlString: config.url)
        } catch let error as FeedSourceError {
            throw ConfigError(path: UserConfig.path(), message: "\(error)")
        }
        let sync = CatalogSync(catalog: catalog, downloader: PoliteDownloader(
            timeout: config.timeout ?? 30, maxDownload: config.maxDownload ?? FeedFetcher.defaultMaxDownload))
        let report = try sync.refresh(feed: source, name: "sources")
        return report.lines
    }
}
