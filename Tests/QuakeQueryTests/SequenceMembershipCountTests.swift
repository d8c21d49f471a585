import Foundation
import GRDB
import QuakeQuery
import QuakeStore
import Testing

/// `A` selects a sequence (`mainshock == "…"`), and `cluster == N` a cluster:
/// their count comes from the sequence's kept count, and must be what
/// counting the matching rows gives, for every sequence of the declustered
/// 2018 week, for a quake that is no mainshock (none), and after a member
/// is deleted.
@Suite(.timeLimit(.minutes(5)))
struct SequenceMembershipCountTests {
    static func counted(_ catalog: QuakeCatalog, _ text: String) throws -> (kept: Int?, rows: Int) {
        let configuration = FetchConfiguration(predicate: try QuakePredicate(text))
        let kept = try ResultsController(catalog, configuration: configuration).fetchNow().count
        let rows = try catalog.dbWriter.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM (SELECT id FROM quake WHERE \(try QuakePredicate(text).sqlValues.sql))",
                             arguments: StatementArguments(try QuakePredicate(text).sqlValues.arguments))!
        }
        return (kept, rows)
    }

    @Test func eachSequencesCountIsItsRowsCount() throws {
        let week = try SequenceSectionTests.declusteredWeek()
        let sequences = try week.catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: """
                SELECT mainshock, cluster, count(*) AS quakes FROM sequence WHERE method = 'gk' AND mainshock IS NOT NULL
                GROUP BY mainshock ORDER BY count(*) DESC
                """)
        }
        #expect(sequences.count > 100)
        for sequence in sequences {
            let mainshock: String = sequence["mainshock"], cluster: Int = sequence["cluster"], quakes: Int = sequence["quakes"]
            let byMainshock = try Self.counted(week.catalog, "mainshock == \"\(mainshock)\"")
            #expect(byMainshock.kept == quakes && byMainshock.rows == quakes, "\(mainshock)")
            let byCluster = try Self.counted(week.catalog, "cluster == \(cluster)")
            #expect(byCluster.kept == quakes && byCluster.rows == quakes, "cluster \(cluster)")
        }
        // An aftershock's id names no sequence: none, as counting finds.
        let aftershock = try week.catalog.dbWriter.read { db in
            try String.fetchOne(db, sql: "SELECT quakeId FROM sequence WHERE method = 'gk' AND role = 'aftershock' LIMIT 1")!
        }
        let none = try Self.counted(week.catalog, "mainshock == \"\(aftershock)\"")
        #expect(none.kept == 0 && none.rows == 0)
        #expect(try Self.counted(week.catalog, "cluster == 99999").kept == 0)
        // A member deleted: the kept count follows it.
        let largest: String = sequences[0]["mainshock"], quakes: Int = sequences[0]["quakes"]
        let member = try week.catalog.dbWriter.read { db in
            try String.fetchOne(db, sql: "SELECT quakeId FROM sequence WHERE method = 'gk' AND mainshock = ? AND quakeId <> ? LIMIT 1",
                                arguments: [largest, largest])!
        }
        #expect(try week.catalog.delete(ids: [member]) == 1)
        let after = try Self.counted(week.catalog, "mainshock == \"\(largest)\"")
        #expect(after.kept == quakes - 1 && after.rows == quakes - 1)
    }
}
