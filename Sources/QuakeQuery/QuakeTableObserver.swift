import GRDB
import Synchronization

/// Tells after each commit that changed the `quake` table, on the writer's
/// queue. GRDB's `DatabaseRegionObservation` of the table asks its region
/// whether each statement the writer executes can change it, building the
/// statement's region every time: 13 % of an import's writing thread (the
/// open of 760,857 CSV rows, a statement a row). Comparing the statement's
/// table name is all the catalog's monitor needs.
final class QuakeTableObserver: TransactionObserver, Sendable {
    private let table: String
    private let onChange: @Sendable () -> Void
    /// Only touched on the writer's queue (GRDB calls an observer there).
    private let isChanged = Mutex(false)

    init(table: String, onChange: @escaping @Sendable () -> Void) {
        self.table = table
        self.onChange = onChange
    }

    /// Starts telling: the writer keeps the observer only while the caller does.
    static func start(in writer: any DatabaseWriter, table: String,
                      onChange: @escaping @Sendable () -> Void) -> QuakeTableObserver {
        let observer = QuakeTableObserver(table: table, onChange: onChange)
        // Reentrant, as GRDB's own observations start, so that it may start from any queue.
        writer.unsafeReentrantWrite { db in db.add(transactionObserver: observer, extent: .observerLifetime) }
        return observer
    }

    /// SQLite names a statement's and a change's table as its schema does
    /// (`quake`, as `Schema` creates it), whatever case the SQL wrote.
    private func isOurs(_ tableName: String) -> Bool { tableName == table }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { isOurs(eventKind.tableName) }

    func databaseDidChange(with event: DatabaseEvent) {
        guard isOurs(event.tableName) else { return }
        isChanged.withLock { $0 = true }
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    /// A change GRDB did not see (the importer steps its inserts itself and says so).
    func databaseDidChange() {
        isChanged.withLock { $0 = true }
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    func databaseDidCommit(_ db: Database) {
        guard isChanged.withLock({ changed in defer { changed = false }; return changed }) else { return }
        onChange()
    }

    func databaseDidRollback(_ db: Database) { isChanged.withLock { $0 = false } }
}
