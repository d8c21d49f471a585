import Foundation
import QuakeStore
import Synchronization

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
    }
    private let state = Mutex(State())
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
        guard !catalog.isReadOnly, state.withLock({ state -> Bool in defer { state.checking = true }; return !state.checking }) else { return }
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
            defer { state.building = true }
            return !state.building
        }
        guard start else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            // A failure (another writer held the catalog past the busy
            // timeout) is retried on a later check; the quakes are there.
            _ = try? catalog.buildPendingIndexes()
            _ = try? catalog.buildSortIndexes(forColumns: columns)
            state.withLock { $0.building = false }
            report((try? catalog.indexesToBuild(forColumns: columns).isEmpty == false) ?? false)
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
