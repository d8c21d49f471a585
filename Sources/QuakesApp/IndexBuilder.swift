import Foundation
import QuakeStore
import Synchronization
import ThreadWaiting

/// Finishes the catalog's pending indexes off the run loop's thread (a
/// large import commits its rows first and leaves them to build, see
/// `QuakeCatalog.buildPendingIndexes`), and tells the browser while any
/// are pending, whoever builds them: until they exist, sorting by their
/// columns is a full sort, so the top line says `indexing…`.
final class IndexBuilder: Sendable {
    private let catalog: QuakeCatalog
    private let post: @Sendable (BrowserEvent) -> Void
    private struct State {
        var building = false
        var checking = false
        var reported: Bool?
        /// The browser is ending: no build starts.
        var stopped = false
    }
    private let state = WaitableMutex(State())
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
        guard !catalog.isReadOnly else { return }
        let starts = state.withLock { state -> Bool in
            guard !state.checking, !state.stopped else { return false }
            state.checking = true
            return true
        }
        guard starts else { return }
        queue.async { [self] in
            defer { state.withLock { $0.checking = false } }
            checkNow(using: columns)
        }
    }

    private func checkNow(using columns: [String]) {
        guard let wanted = try? catalog.indexesToBuild(forColumns: columns) else { return }
        report(!wanted.isEmpty)
        guard !wanted.isEmpty else { return }
        let start = state.withLock { state in
            defer { if !state.stopped { state.building = true } }
            return !state.building && !state.stopped
        }
        guard start else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            // A failure (another writer held the catalog past the busy
            // timeout) is retried on a later check; the quakes are there.
            _ = try? catalog.buildPendingIndexes()
            _ = try? catalog.buildSortIndexes(forColumns: columns)
            // Read before the build says it is over: once it has, the
            // browser may end and close the catalog under this read.
            let pending = (try? catalog.indexesToBuild(forColumns: columns).isEmpty == false) ?? false
            state.withLock { $0.building = false }
            report(pending)
        }
    }

    /// Ends a build under way (interrupted: its transaction is rolled
    /// back and the indexes stay pending, for the next open) and waits for
    /// it and for a check under way, so that nothing reads or writes the
    /// catalog once the browser has ended (a check in flight at `q`, right
    /// after a read ended, crashed inside SQLite once):
    /// the program closes its catalogs on the way out, and a build left
    /// running then crashed inside SQLite. A build waiting for another
    /// process's lock cannot be interrupted (SQLite's busy wait does not
    /// look): after 3 s the browser ends anyway.
    func stopAndWait() {
        state.withLock { $0.stopped = true }
        let deadline = DispatchTime.now() + .seconds(3)
        while state.wait(until: .now() + .milliseconds(20), { $0.building || $0.checking ? nil : () }) == nil,
              DispatchTime.now() < deadline {
            catalog.dbWriter.interrupt()
        }
    }

    private func report(_ pending: Bool) {
        let changed = state.withLock { state in
            defer { state.reported = pending }
            return state.reported != pending
        }
        if changed { post(.indexing(pending)) }
    }
}
