import Foundation
import QuakeStore
import Synchronization

/// Reads the catalog's last fetch time on the idle second, off the run
/// loop's thread (a read can wait on a busy disk), and posts it as an
/// event. One read at a time: a check asked for while one runs is dropped.
/// Stopped and waited for before the browser ends: a read left running
/// while the catalog is closed would crash in SQLite.
final class LastFetchCheck: Sendable {
    private let catalog: QuakeCatalog
    private let post: @Sendable (BrowserEvent) -> Void
    /// Whether a read runs, and whether the check is stopped (then no read starts).
    private let state = Mutex((running: false, stopped: false))
    private let queue = DispatchQueue(label: "quakes.lastFetch", qos: .utility)

    init(catalog: QuakeCatalog, post: @escaping @Sendable (BrowserEvent) -> Void) {
        self.catalog = catalog
        self.post = post
    }

    func run() {
        let starts = state.withLock { state in
            defer { if !state.stopped { state.running = true } }
            return !state.running && !state.stopped
        }
        guard starts else { return }
        queue.async { [self] in
            post(.lastFetch(catalog.lastFetch()?.date))
            state.withLock { $0.running = false }
        }
    }

    /// No read starts after this; the one running, if any, is waited for.
    func stopAndWait() {
        state.withLock { $0.stopped = true }
        queue.sync {}
    }
}
