import Dispatch
import Foundation
import GRDB
import QuakeStore

/// Notices committed writes to the catalog. Writes through this process's
/// connection are seen at once (GRDB's region observation); GRDB cannot see other
/// processes' commits, so a dedicated connection polls `PRAGMA data_version`,
/// which changes whenever another connection commits.
final class CatalogChangeMonitor: @unchecked Sendable {
    static let pollInterval: DispatchTimeInterval = .milliseconds(250)

    private let observation: AnyDatabaseCancellable
    private let poller: DatabaseQueue
    private let timer: DispatchSourceTimer
    private var lastVersion: Int?

    init(store: QuakeDatabase, onChange: @escaping @Sendable () -> Void) throws {
        observation = DatabaseRegionObservation(tracking: Table(QuakeField.table))
            .start(in: store.dbWriter, onError: { _ in }, onChange: { _ in onChange() })
        poller = try store.makeReadOnlyConnection()
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "quakes.catalog-poll"))
        lastVersion = try? poller.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
        timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let version = try? self.poller.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
            if let version, version != self.lastVersion {
                self.lastVersion = version
                onChange()
            }
        }
        timer.resume()
    }

    func stop() {
        timer.cancel()
        observation.cancel()
    }
}
