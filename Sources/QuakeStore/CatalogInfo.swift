import Foundation
import GRDB

/// When the catalog was last brought up to date from a feed, kept in the
/// catalog itself (`catalogInfo`) so every process and session sees it.
public struct LastFetch: Sendable, Equatable {
    public var date: Date
    public var url: String

    public init(date: Date, url: String) {
        self.date = date
        self.url = url
    }

    static let dateKey = "lastFetchedAt"
    static let urlKey = "lastFetchedURL"

    /// The last successful fetch, or nil when the catalog was never fetched.
    public static func read(_ db: Database) throws -> LastFetch? {
        let values = try Dictionary(uniqueKeysWithValues: Row.fetchAll(
            db, sql: "SELECT key, value FROM catalogInfo WHERE key IN (?, ?)", arguments: [dateKey, urlKey])
            .map { ($0["key"] as String, $0["value"] as String) })
        guard let ms = values[dateKey].flatMap(Int64.init) else { return nil }
        return LastFetch(date: Date(epochMilliseconds: ms), url: values[urlKey] ?? "")
    }

    func write(_ db: Database) throws {
        let sql = "INSERT OR REPLACE INTO catalogInfo(key, value) VALUES (?, ?)"
        try db.execute(sql: sql, arguments: [Self.dateKey, String(date.epochMilliseconds)])
        try db.execute(sql: sql, arguments: [Self.urlKey, url])
    }
}

extension QuakeCatalog {
    /// The last successful fetch, or nil when never fetched (or unreadable).
    public func lastFetch() -> LastFetch? {
        try? dbWriter.read { db in try LastFetch.read(db) }
    }
}
