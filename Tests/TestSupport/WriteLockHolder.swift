import Foundation
import GRDB

/// `body` run on a thread of its own; `value()` waits for its outcome.
public final class Background<Value: Sendable>: @unchecked Sendable {   // `outcome` is handed over by `done`
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<Value, any Error>?

    public init(_ body: @escaping @Sendable () throws -> Value) {
        Thread.detachNewThread { [self] in
            outcome = Result(catching: body)
            done.signal()
        }
    }

    public func value() throws -> Value {
        guard done.wait(timeout: .now() + 600) == .success, let outcome else {
            throw ChildProcessError("the background work did not end within ten minutes")
        }
        return try outcome.get()
    }
}

/// Another connection to the catalog (as another process's would be)
/// inside a write transaction, BEGIN IMMEDIATE, until `commit()`.
public final class WriteLockHolder {
    private let release = DispatchSemaphore(value: 0)
    private let transaction: Background<Void>

    public init(path: String) throws {
        // Waits for the catalog's own connections (opening it may still be
        // writing, as another process could be) instead of failing at once.
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        let holding = DispatchSemaphore(value: 0), release = release
        transaction = Background {
            try connection.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try db.execute(sql: "INSERT OR REPLACE INTO catalogInfo (key, value) VALUES ('holder', 'committed')")
                    holding.signal()
                    _ = release.wait(timeout: .now() + 600)
                    return .commit
                }
            }
        }
        guard holding.wait(timeout: .now() + 600) == .success else {
            throw ChildProcessError("the other connection did not take the write lock")
        }
    }

    public func commit() throws {
        release.signal()
        try transaction.value()
    }
}
