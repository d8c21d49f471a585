import Dispatch
import Foundation
import GRDB
import QuakeStore
import Synchronization

/// Notices committed writes to the catalog, one `onChange` per commit.
///
/// Writes through this process's connection are seen at once (a GRDB
/// transaction observer of the table, `QuakeTableObserver`, called on the
/// writer's queue right after the commit). GRDB
/// cannot see other processes' commits, so a dedicated connection polls
/// `PRAGMA data_version`, which changes whenever *another connection*
/// commits: that includes this process's own writer, so the poller would see
/// each of our commits a second time. When the observation fires, it reads
/// the poller's `data_version` before calling `onChange` and records it as
/// seen. Every commit counted in that version is older than the read that
/// `onChange` starts, so it is in the new snapshot, another process's
/// commit landing at the same moment included; a commit after it changes
/// the version again and the poller reports it. The one race left, the
/// timer reading the version between our commit and the observation, costs
/// one extra fetch, never a missed commit.
public final class CatalogChangeMonitor: Sendable {
    static let pollInterval: DispatchTimeInterval = .milliseconds(250)

    /// The writer keeps it while this does: nil once stopped.
    private let observer: Mutex<QuakeTableObserver?>
    /// In a Mutex only to be Sendable: Dispatch does not mark its sources so.
    private let timer: Mutex<any DispatchSourceTimer>
    private let version: SeenVersion
    private let onChange: @Sendable () -> Void

    public init(catalog: QuakeCatalog, onChange: @escaping @Sendable () -> Void) throws {
        let version = SeenVersion(poller: try catalog.makeReadOnlyConnection())
        self.version = version
        self.onChange = onChange
        observer = Mutex(QuakeTableObserver.start(in: catalog.dbWriter, table: QuakeField.table) {
            version.markSeen()
            onChange()
        })
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "quakes.catalog-poll"))
        timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval)
        timer.setEventHandler {
            if version.hasUnseenCommits() { onChange() }
        }
        timer.resume()
        self.timer = Mutex(timer)
    }

    /// Whether a commit happened that is not reported yet; if so it is
    /// reported now, without waiting for the timer. Asked inside a read
    /// that must be of the state the last report described (rows read for
    /// a page counted before): that read's snapshot is older than this
    /// look, so `false` means no commit is in it that the page lacks.
    public func reportsUnseenCommit() -> Bool {
        guard version.hasUnseenCommits() else { return false }
        onChange()
        return true
    }

    public func stop() {
        timer.withLock { $0.cancel() }
        observer.withLock { $0 = nil }
    }
}

/// The poller's connection and the last `data_version` reported through it.
private final class SeenVersion: Sendable {
    private let poller: DatabaseQueue
    /// Locked around the read too: a report and a mark never interleave.
    private let seen: Mutex<Int?>

    init(poller: DatabaseQueue) {
        self.poller = poller
        seen = Mutex(Self.read(poller))
    }

    /// Every commit so far is reported (the caller fetches after this).
    /// A version that cannot be read leaves the poller to report it.
    func markSeen() {
        seen.withLock { seen in if let now = Self.read(poller) { seen = now } }
    }

    /// Whether a commit happened since the last report; if so, it is
    /// reported now.
    func hasUnseenCommits() -> Bool {
        seen.withLock { seen in
            guard let now = Self.read(poller), now != seen else { return false }
            seen = now
            return true
        }
    }

    private static func read(_ poller: DatabaseQueue) -> Int? {
        try? poller.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
    }
}
