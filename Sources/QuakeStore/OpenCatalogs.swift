import Foundation
import GRDB
import Synchronization

/// The catalogs this process has open for writing, so that a command
/// ending early (`exit` after an error, a closed pipe, a stop) closes them
/// first: SQLite then checkpoints its WAL into the catalog and removes the
/// `-wal` and `-shm` files, leaving the catalog whole in one file as a
/// finished command does.
public enum OpenCatalogs {
    private struct WeakPool {
        weak var pool: DatabasePool?
    }

    private static let pools = Mutex<[WeakPool]>([])
    /// Damaged catalogs, kept open until the program ends: never closed.
    private static let abandoned = Mutex<[DatabasePool]>([])

    /// Leaves a damaged catalog as it is: SQLite checkpoints the WAL into
    /// the file when its last connection closes, which would write the
    /// pages GRDB's pool wrote when it opened (a CREATE and DROP of a table)
    /// into the damaged file. Kept open, it is not closed by `closeAll`
    /// nor when it is released; the process's end leaves the WAL beside it.
    static func abandon(_ pool: DatabasePool) {
        pools.withLock { $0.removeAll { $0.pool === pool } }
        abandoned.withLock { $0.append(pool) }
    }

    static func isAbandoned(_ pool: DatabasePool) -> Bool { abandoned.withLock { $0.contains { $0 === pool } } }

    static func register(_ pool: DatabasePool) {
        pools.withLock { pools in
            pools.removeAll { $0.pool == nil }
            pools.append(WeakPool(pool: pool))
        }
    }

    /// Closes every catalog still open, waiting at most `seconds` for each:
    /// a write under way on this very thread (an error inside a
    /// transaction) could never let the close through, and the program
    /// still ends then, its catalog recovered by SQLite on the next open.
    /// Whether every close ended: if one did not, a thread is still inside
    /// SQLite, and the program must end without running its exit handlers
    /// under it (`exitClosingCatalogs`).
    @discardableResult
    public static func closeAll(waiting seconds: TimeInterval = 2) -> Bool {
        close(pools.withLock { $0.compactMap(\.pool) }, waiting: seconds)
    }

    /// Closes `open`, each on a thread of its own, waiting at most `seconds`
    /// for each; whether every close ended.
    static func close(_ open: [DatabasePool], waiting seconds: TimeInterval) -> Bool {
        var allClosed = true
        for pool in open {
            let closed = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                try? pool.close()
                closed.signal()
            }
            if closed.wait(timeout: .now() + seconds) == .timedOut { allClosed = false }
        }
        return allClosed
    }
}
