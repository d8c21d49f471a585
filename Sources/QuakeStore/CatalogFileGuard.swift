import Foundation
import GRDB

/// Keeps a write from landing in a file that is no longer the catalog.
///
/// SQLite finds a catalog's `-wal` by name. When the file is replaced
/// (`mv new.sqlite cat.sqlite`) or removed under an open connection, that
/// connection still writes its frames to `cat.sqlite-wal`, which now pairs
/// with the other file: the next reader of `cat.sqlite` replays them into
/// it and corrupts it. So every write transaction checks, just before it
/// commits, that the path still names the file that was opened (same
/// device and inode), and is rolled back if not. A transaction that never
/// commits leaves no frame any reader will apply.
final class CatalogFileGuard: TransactionObserver, Sendable {
    /// A file's identity: what `stat` says stays the same while it is the same file.
    struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    let path: String
    let opened: Identity?

    init(path: String) {
        self.path = path
        opened = Identity(path: path)
    }

    /// The refusal to give when the path no longer names the opened file, or nil.
    func replacement(operation: CatalogError.Operation) -> CatalogError? {
        guard let opened, Identity(path: path) != opened else { return nil }
        return CatalogError(path: path, operation: operation, reason: .replacedWhileOpen)
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseWillCommit() throws {
        if let refusal = replacement(operation: .write) { throw refusal }
    }
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}
}
