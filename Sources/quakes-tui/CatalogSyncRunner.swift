import Foundation
import QuakeFeed
import QuakeStore

/// What `watch` runs each period to bring the catalog up to date: the one
/// seam between watching and syncing. For now it fetches the configured
/// feed (the config file's `feed` or `url`, else all_day) exactly as
/// `fetch` does; a sync of every source the catalog remembers will
/// replace this body. Returns the sync's summary lines; throws what
/// failed (one line as `fetch` says it).
enum CatalogSyncRunner {
    static func syncAll(catalog: QuakeCatalog, config: UserConfig) throws -> [String] {
        let source: FeedSource
        do {
            source = try FeedSource(feedName: config.feed, urlString: config.url)
        } catch let error as FeedSourceError {
            throw ConfigError(path: UserConfig.path(), message: "\(error)")
        }
        let fetcher = FeedOptions.fetcher(catalog: catalog, timeout: config.timeout ?? 30, config: config)
        return try fetcher.fetch(source).lines
    }
}
