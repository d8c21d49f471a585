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
    /// A read runs, or the check is stopped: no read is started.
    private let running = Mutex(false)
    private let queue = DispatchQueue(label: "quakes.lastFetch", qos: .utility)

    init(catalog: QuakeCatalog, post: @escaping @Sendable (BrowserEvent) -> Void) {
        self.catalog = catalog
        self.post = post
    }

    func run() {
        guard running.withLock({ running in defer { running = true }; return !running }) else { return }
        queue.async { [self] in
            post(.lastFetch(catalog.lastFetch()?.date))
            running.withLock { $0 = false }
        }
    }

    /// No read starts after this; the one running, if any, is waited for.
    func stopAndWait() {
        running.withLock { $0 = true }
        queue.sync {}
    }
}
