import GRDB

/// How far the build of a catalog's pending indexes has got.
public struct IndexBuildProgress: Sendable, Equatable {
    /// Indexes done so far by this call, and how many it set out to build.
    public var built: Int
    public var total: Int
    /// The index being built now, or nil when all are done.
    public var building: String?

    /// What the index being built serves (`magnitude sections`), as `Schema` says.
    public var purpose: String? {
        building.map { name in
            name == IDIndex.name ? IDIndex.purpose : Schema.deferredIndexes.first { $0.name == name }?.purpose ?? name
        }
    }
}

extension QuakeCatalog {
    /// The indexes a large import left to build after its commit (or that
    /// a kill stopped it building), in the order they will be built.
    public func pendingIndexes() throws -> [String] {
        try CatalogError.wrappingErrors(path: path, operation: .read) {
            try dbWriter.read { db in try Self.pendingIndexes(db) }
        }
    }

    static func pendingIndexes(_ db: Database) throws -> [String] {
        let present = try indexNames(db)
        return pendingIDIndex(present) + Schema.deferredIndexes.map(\.name).filter { !present.contains($0) }
    }

    /// The id's unique index, first, when a streaming import left it to
    /// these builds (`IDIndex`; `present`: the catalog's index names).
    private static func pendingIDIndex(_ present: Set<String>) -> [String] {
        IDIndex.isAmong(present) ? [] : [IDIndex.name]
    }

    /// The names of the indexes the catalog has now: which plan a query can
    /// use depends on the deferred and on-demand ones being built.
    public static func indexNames(_ db: Database) throws -> Set<String> {
        try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'"))
    }

    /// Builds the pending indexes, each in a short write transaction of its
    /// own: readers browse meanwhile, and another writer (a refresh, a
    /// delete) waits for one index, not all. An index another process built
    /// meanwhile is skipped. Nothing is built in a read-only catalog.
    /// Returns how many this call built.
    @discardableResult
    public func buildPendingIndexes(progress: (IndexBuildProgress) -> Void = { _ in }) throws -> Int {
        guard !isReadOnly, dbWriter is DatabasePool else { return 0 }
        let pending = try pendingIndexes()
        guard !pending.isEmpty else { return 0 }
        var built = 0
        try CatalogError.wrappingErrors(path: path, operation: .write) {
            try dbWriter.writeWithoutTransaction { db in
                // A large import's pages are still in the WAL (its commit
                // does not checkpoint). Copied into the file first, they are
                // read from there: reading the table through the WAL made
                // the first build three times slower (measured at
                // 1,000,000 rows: 2.2 s, against 0.7 s for this checkpoint
                // and 0.7 s for the build). PASSIVE: waits for no reader.
                _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")
                try db.execute(sql: BulkLoad.indexBuildSettings)
            }
            defer { try? dbWriter.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA threads = 0") } }
            for (done, name) in pending.enumerated() {
                progress(IndexBuildProgress(built: done, total: pending.count, building: name))
                try dbWriter.write { db in
                    guard try Self.pendingIndexes(db).contains(name) else { return }
                    try Schema.buildIndex(name, db)
                    built += 1
                }
            }
        }
        progress(IndexBuildProgress(built: pending.count, total: pending.count, building: nil))
        return built
    }

    /// The on-demand indexes (`Schema.onDemandIndexes`) a sort by `columns`,
    /// or a predicate comparing them, would use and the catalog lacks: none
    /// in a read-only catalog.
    public func missingSortIndexes(forColumns columns: [String]) throws -> [String] {
        try missingIndexes(Self.onDemandIndexes(forColumns: columns))
    }

    /// The pending indexes, then the on-demand ones `columns` want, that
    /// the catalog lacks, in one read: what the browser's idle check asks.
    /// None in a read-only catalog.
    public func indexesToBuild(forColumns columns: [String]) throws -> [String] {
        try missingIndexes(Schema.deferredIndexes.map(\.name) + Self.onDemandIndexes(forColumns: columns), withIDIndex: true)
    }

    private static func onDemandIndexes(forColumns columns: [String]) -> [String] {
        Schema.onDemandIndexes.filter { $0.columns.allSatisfy(columns.contains) }.map(\.name)
    }

    private func missingIndexes(_ wanted: [String], withIDIndex: Bool = false) throws -> [String] {
        guard !isReadOnly, !wanted.isEmpty else { return [] }
        return try CatalogError.wrappingErrors(path: path, operation: .read) {
            try dbWriter.read { db in
                let present = try Self.indexNames(db)
                return (withIDIndex ? Self.pendingIDIndex(present) : []) + wanted.filter { !present.contains($0) }
            }
        }
    }

    /// Builds the on-demand indexes a sort by (or a predicate on) `columns` uses, each in a
    /// short transaction of its own, as the pending ones are built.
    /// Returns how many were built.
    @discardableResult
    public func buildSortIndexes(forColumns columns: [String]) throws -> Int {
        let missing = try missingSortIndexes(forColumns: columns)
        guard !missing.isEmpty else { return 0 }
        return try CatalogError.wrappingErrors(path: path, operation: .write) {
            // Built in the browser's process, beside its readers: a small
            // page cache (which also bounds the sorter's memory) keeps its
            // peak memory down at no cost in time (the five at 1,000,000
            // rows: 2.7–3.0 s with SQLite's default 2 MiB, 2.8 s with 500 KiB).
            try dbWriter.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = -500") }
            defer { try? dbWriter.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = -2000") } }
            var built = 0
            for index in Schema.onDemandIndexes where missing.contains(index.name) {
                try dbWriter.write { db in
                    try db.execute(sql: index.sql)
                    built += 1
                }
            }
            return built
        }
    }
}
