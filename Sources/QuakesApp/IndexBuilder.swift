import Foundation
import QuakeStore

/// Finishes the catalog's pending indexes off the run loop's thread (a
/// large import commits its rows first and leaves them to build, see
/// `QuakeCatalog.buildPendingIndexes`), and tells the browser while any
/// are pending, whoever builds them: until they exist, sorting by their
/// columns is a full sort, so the top line says `indexing…`.
final class IndexBuilder: @unchecked Sendable {
    private let catalog: QuakeCatalog
    private let post: @Sendable (BrowserEvent) -> Void
    private let lock = NSLock()
    private var building = false
    private var checking = false
    private var reported: Bool?
    /// Where the checks read the catalog: never the run loop's thread.
    private let queue = DispatchQueue(label: "quakes.indexes", qos: .utility)

    init(catalog: QuakeCatalog, post: @escaping @Sendable (BrowserEvent) -> Void) {
        self.catalog = catalog
        self.post = post
    }

    /// Looks for pending indexes (another process's import may have left
    /// some) and starts building them unless a build runs here already or
    /// the catalog is read-only. Called at start and on idle seconds.
    /// `using`: the columns the browser sorts, groups or filters by now; an
    /// on-demand index they want (`net`, `type`, `status`, `sig`, `felt`;
    /// `quake_timeBox` for a distance filter in time order) is built as
    /// well. One read of the catalog's indexes answers both.
    func check(using columns: [String] = []) {
        guard !catalog.isReadOnly, lock.withLock({ () -> Bool in defer { checking = true }; return !checking }) else { return }
        queue.async { [self] in
            defer { lock.withLock { checking = false } }
            checkNow(using: columns)
        }
    }

    private func checkNow(using columns: [String]) {
        guard let wanted = try? catalog.indexesToBuild(forColumns: columns) else { return }
        report(!wanted.isEmpty)
        guard !wanted.isEmpty else { return }
        lock.lock()
        let start = !building
        building = true
        lock.unlock()
        guard start else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            // A failure (another writer held the catalog past the busy
            // timeout) is retried on a later check; the quakes are there.
            _ = try? catalog.buildPendingIndexes()
            _ = try? catalog.buildSortIndexes(forColumns: columns)
            lock.lock()
            building = false
            lock.unlock()
            report((try? catalog.indexesToBuild(forColumns: columns).isEmpty == false) ?? false)
        }
    }

    private func report(_ pending: Bool) {
        lock.lock()
        let changed = reported != pending
        reported = pending
        lock.unlock()
        if changed { post(.indexing(pending)) }
    }
}
