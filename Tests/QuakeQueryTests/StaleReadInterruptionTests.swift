import Foundation
import GRDB
import Testing
@testable import QuakeQuery

/// A read whose results went stale stops within a few thousand SQLite
/// steps and ends with nothing; a read still wanted runs to its end; a
/// real error stays an error.
@Suite struct StaleReadInterruptionTests {
    /// Counts to `n` in SQL: tens of millions of steps, about a second.
    static let longCount = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT count(*) FROM n"

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        private(set) var looks = 0
        var isSet: Bool { lock.withLock { looks += 1; return value } }
        func set() { lock.withLock { value = true } }
    }

    @Test func aReadThatGoesStaleStopsAndEndsWithNothing() throws {
        let db = try DatabaseQueue()
        let flag = Flag()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { flag.set() }
        let started = Date()
        let result = try db.read { db in
            try StaleReadInterruption.run(db, abandonWhen: { flag.isSet }) {
                try Int.fetchOne(db, sql: Self.longCount, arguments: [1_000_000_000])
            }
        }
        #expect(result == nil)
        #expect(Date().timeIntervalSince(started) < 5, "stopped long before a billion rows")
        // The connection works as before afterwards, without the handler.
        #expect(try db.read { db in try Int.fetchOne(db, sql: Self.longCount, arguments: [100_000]) } == 100_000)
    }

    @Test func aReadStillWantedRunsToItsEnd() throws {
        let db = try DatabaseQueue()
        let flag = Flag()
        let result = try db.read { db in
            try StaleReadInterruption.run(db, abandonWhen: { flag.isSet }) {
                try Int.fetchOne(db, sql: Self.longCount, arguments: [300_000])
            }
        }
        #expect(result == 300_000)
        #expect(flag.looks > 10, "SQLite asked along the way (\(flag.looks) times)")
    }

    @Test func anErrorThatIsNotTheInterruptionIsThrown() throws {
        let db = try DatabaseQueue()
        #expect(throws: DatabaseError.self) {
            try db.read { db in
                try StaleReadInterruption.run(db, abandonWhen: { false }) { try Int.fetchOne(db, sql: "SELECT * FROM nowhere") }
            }
        }
    }
}
