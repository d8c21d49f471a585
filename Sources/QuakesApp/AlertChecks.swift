import Foundation
import QuakeQuery
import QuakeStore
import Synchronization

/// `--alert`: after each commit to the catalog (an import by `r` or the
/// timer, another process's), the alert matcher's check runs on a queue of
/// its own, never the run loop's; quakes that newly match are posted as
/// one `.alerts` event. Commits that land while a check runs are folded
/// into one more check.
final class AlertChecks: Sendable {
    private let queue = DispatchQueue(label: "quakes.alerts")
    private let catalog: QuakeCatalog
    /// Used on `queue` alone; the Mutex makes that checked, and is never contended.
    private let matcher: Mutex<AlertMatcher>
    private let monitor = Mutex<CatalogChangeMonitor?>(nil)
    private let checkPending = Mutex(false)
    private let post: @Sendable (BrowserEvent) -> Void
    /// A pushed quake's seconds from origin to message (`--push`), else nil.
    private let pushedAfter: @Sendable (Quake) -> Double?

    init(catalog: QuakeCatalog, predicate: QuakePredicate, pushedAfter: @escaping @Sendable (Quake) -> Double? = { _ in nil },
         post: @escaping @Sendable (BrowserEvent) -> Void) {
        self.catalog = catalog
        matcher = Mutex(AlertMatcher(catalog: catalog, predicate: predicate))
        self.pushedAfter = pushedAfter
        self.post = post
    }

    /// What matches now is taken first (on the queue), then every commit asks for a check.
    func start() throws {
        queue.async { [self] in
            do { try matcher.withLock { try $0.begin() } } catch { post(.notice("error: --alert: \(error)")) }
        }
        let started = try CatalogChangeMonitor(catalog: catalog) { [weak self] in self?.checkSoon() }
        monitor.withLock { $0 = started }
    }

    func stop() {
        monitor.withLock { $0 }?.stop()
        queue.sync {}
    }

    private func checkSoon() {
        let first = checkPending.withLock { pending in
            defer { pending = true }
            return !pending
        }
        guard first else { return }
        queue.async { [self] in
            checkPending.withLock { $0 = false }
            do {
                let quakes = try matcher.withLock { try $0.check() }
                guard !quakes.isEmpty else { return }
                let delays = quakes.reduce(into: [String: Double]()) { delays, quake in delays[quake.id] = pushedAfter(quake) }
                post(.alerts(quakes, pushedAfter: delays))
            } catch {
                post(.notice("error: --alert: \(error)"))
            }
        }
    }
}
