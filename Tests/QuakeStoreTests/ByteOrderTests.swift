import Foundation
import GRDB
@testable import QuakeStore
import Testing

/// The order verdicts and sequence titles are written in is SQLite's own
/// (BINARY: UTF-8 bytes, a prefix first), which `title < ?` and the
/// tables' keys compare by: asked of SQLite here, for texts where Swift's
/// `<` differs (a decomposed accent, scalars past the BMP) and where eight
/// bytes do not decide (a shared prefix, a text that is another's start).
@Suite struct ByteOrderTests {
    static let texts = [
        "2018-06-14 M2.9 5km SW of Volcano, Hawaii · hv70227007", "2018-06-14 M2.9 5km SW of Volcano, Hawaii · hv7022700",
        "2018-06-14 M2.9 5km SW of Volcano, Hawaii", "2018-06-1", "2018-06-14 M3.0 Montréal", "2018-06-14 M3.0 Montre\u{301}al",
        "2018-06-14 M4.1 東京", "2018-06-14 M4.1 𝌆 Tai Xuan", "2018-06-14 M4.1 ｱ", "hv70227007", "hv7022700", "ak20419010",
        "", "ak20419010", "Ω", "z", "2018-06-14 M3.0 Montréal",
    ]

    @Test func sortedIndicesAreSQLitesOrderOfTheTexts() throws {
        let queue = try DatabaseQueue()
        let sqlite = try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (position INTEGER PRIMARY KEY, text TEXT NOT NULL)")
            for (position, text) in Self.texts.enumerated() {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [position, text])
            }
            return try Int.fetchAll(db, sql: "SELECT position FROM t ORDER BY text, position")
        }
        #expect(ByteOrder.sortedIndices(Self.texts) == sqlite)
        // Swift's own order is not it: the decomposed é is equal to the composed one for `<`.
        #expect(Self.texts.indices.sorted { (Self.texts[$0], $0) < (Self.texts[$1], $1) } != sqlite)
    }

    @Test func precedesIsSQLitesComparison() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            for a in Self.texts {
                for b in Self.texts {
                    let sqlite = try Bool.fetchOne(db, sql: "SELECT ? < ?", arguments: [a, b])!
                    #expect(ByteOrder.precedes(a, b) == sqlite, "\(a) < \(b)")
                }
            }
        }
    }
}
