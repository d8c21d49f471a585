// QuakeCatalog.delete(ids:): the browser's `d`, one transaction that the
// kept counts and aliases follow, with notice when another writer holds it.
import GRDB

extension QuakeCatalog {
    /// Deletes the quakes with these ids in one transaction, on the
    /// caller's thread (the browser calls it from a background one), and
    /// returns how many were deleted; unknown ids delete nothing. The day
    /// and place counts follow (triggers), and aliases go with their quake.
    ///
    /// `whileWaiting` is called once, on another thread, when the delete
    /// cannot start at once because another writer holds the catalog (this
    /// process's or another's); it is never called after this returns.
    /// Another process's lock held past `busyTimeout` throws `could not
    /// delete: the catalog stayed locked for 30 s`; a read-only catalog
    /// throws its read-only reason. A write of this process (a refresh's
    /// import) is waited for to its end: GRDB queues it before SQLite, so
    /// the busy timeout does not bound it.
    public func delete(ids: [String], whileWaiting: @escaping @Sendable () -> Void = {}) throws -> Int {
        if let refusal = location.readOnlyError {
            throw CatalogError(path: path, operation: .delete, reason: refusal.reason, underlying: refusal.underlying)
        }
        guard !ids.isEmpty else { return 0 }
        if let refusal = replacement(operation: .delete) { throw refusal }
        let notice = WriterWaitNotice(whileWaiting: whileWaiting)
        defer { notice.writeEnded() }
        do {
            // IMMEDIATE takes the write lock before anything is read, so the
            // only wait is at BEGIN, and the notice stops once it is past.
            return try dbWriter.writeWithoutTransaction { db in
                var deleted = 0
                try db.inTransaction(.immediate) {
                    notice.writeBegan()
                    let statement = try db.makeStatement(sql: "DELETE FROM quake WHERE id = ?")
                    for id in ids {
                        try statement.execute(arguments: [id])
                        deleted += db.changesCount
                    }
                    return .commit
                }
                return deleted
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            // SQLite waited the whole busy timeout for the other writer.
            throw CatalogError(path: path, operation: .delete,
                               reason: .stayedLocked(seconds: Int(busyTimeout.rounded())), underlying: error)
        } catch let error as CatalogError where error.reason == .replacedWhileOpen {
            throw CatalogError(path: path, operation: .delete, reason: error.reason)
        } catch {
            throw CatalogError.wrapping(error, path: path, operation: .delete)
        }
    }
}
