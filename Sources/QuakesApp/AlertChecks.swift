import Foundation
import QuakeQuery
import QuakeStore

/// `--alert`: after each commit to the catalog (an import by `r` or the
/// timer, another process's), the alert matcher's check runs on a queue of
/// its own, never the run loop's; quakes that newly match are posted as
/// one `.alerts` event. Commits that land while a check runs are folded
/// into one more check.
final class AlertChecks: @unchecked Sendable {
    private let queue = DispatchQueue(label: "quakes.alerts")
    private let lock = NSLock()
    private var matcher: AlertMatcher
    private var monitor: CatalogChangeMonitor?
    private var checkPending = false
    private let post: @Sendable (BrowserEvent) -> Void

    init(catalog: QuakeCatalog, predicate: QuakePredicate, post: @escaping @Sendable (BrowserEvent) -> Void) {
        matcher = AlertMatcher(catalog: catalog, predicate: predicate)
        self.post = post
    }

    /// What matches now is taken first (on the queue), then every commit asks for a check.
    func start() throws {
        queue.async { [self] in
            do { try matcher.begin() } catch { post(.notice("error: --alert: \(error)")) }
        }
        monitor = try CatalogChangeMonitor(catalog: matcher.catalog) { [weak self] in self?.checkSoon() }
    }

    func stop() {
        monitor?.stop()
        queue.sync {}
    }

    private func checkSoon() {
        let first = lock.withLock {
            defer { checkPending = true }
            return !checkPending
        }
        guard first else { return }
        queue.async { [self] in
            lock.withLock { checkPending = false }
            do {
                let quakes = try matcher.check()
                if !quakes.isEmpty { post(.alerts(quakes)) }
            } catch {
                post(.notice("error: --alert: \(error)"))
            }
        }
    }
}
