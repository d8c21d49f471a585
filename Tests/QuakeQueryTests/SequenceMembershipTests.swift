import Foundation
import GRDB
@testable import QuakeQuery
import QuakeStore
import Testing

/// `A` selects a sequence (`mainshock == "…"`), and `cluster == N` a cluster:
/// their count comes from the sequence's kept count, and must be what
/// counting the matching rows gives, for every sequence of the declustered
/// 2018 week, for a quake that is no mainshock (none), and after a member
/// is deleted; their rows are read from the sequence's section in time
/// order, and must be the rows, order and positions the oracle gives.
@Suite(.timeLimit(.minutes(10)))
struct SequenceMembershipTests {
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

    @Test func aSequencesRowsAreItsMembersInTheUsersOrder() throws {
        let week = try SequenceSectionTests.declusteredWeek()
        let (largest, cluster) = try week.catalog.dbWriter.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT mainshock, cluster FROM sequence WHERE method = 'gk' AND mainshock IS NOT NULL
                GROUP BY mainshock ORDER BY count(*) DESC LIMIT 1
                """)!
            return (row[0] as String, row[1] as Int)
        }
        let outsider = try week.catalog.dbWriter.read { db in
            try String.fetchOne(db, sql: "SELECT quakeId FROM sequence WHERE method = 'gk' AND mainshock <> ? LIMIT 1", arguments: [largest])!
        }
        let quakes = try week.catalog.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake") }
        let members = try Set(week.catalog.dbWriter.read { db in
            try String.fetchAll(db, sql: "SELECT quakeId FROM sequence WHERE method = 'gk' AND mainshock = ?", arguments: [largest])
        })
        #expect(members.count > 400)
        for text in ["mainshock == \"\(largest)\"", "cluster == \(cluster)"] {
            for sortKeys in [[SortKey(.time, ascending: false)], [SortKey(.time, ascending: true)], [SortKey(.magnitude, ascending: false)]] {
                let configuration = FetchConfiguration(predicate: try QuakePredicate(text), sortKeys: sortKeys)
                // The oracle: the members as the sequence table lists them, in the user's order computed here.
                let expected = oracleOrder(quakes.filter { members.contains($0.id) }, FetchConfiguration(sortKeys: sortKeys))
                let snapshot = try ResultsController(week.catalog, configuration: configuration, windowSize: 200).fetchNow()
                #expect(try WeekCatalog.allRows(snapshot).map(\.id) == expected.map(\.id), "\(text) \(sortKeys)")
                #expect(snapshot.count == expected.count)
                for index in [0, 250, expected.count - 1] {
                    let controller = try ResultsController(week.catalog, configuration: configuration, windowSize: 200)
                    controller.trackedID = expected[index].id
                    #expect(try controller.fetchNow().trackedPosition?.index == index, "\(text) \(sortKeys) \(index)")
                }
                // In time order, from the section's index: no sort of the members.
                let plan = try week.catalog.dbWriter.read { db in try QueryPlan.planning(configuration, db).window }
                let steps = try week.catalog.dbWriter.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + plan.windowSQL, arguments: plan.arguments + [200, 0]).map { $0["detail"] as String }
                }
                #expect(steps.contains { $0.contains("sequence_section") }, "\(steps)")
                if sortKeys[0].field == .time { #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)") }
                // A quake outside the sequence is still read by its id (the selected quake, kept on screen).
                #expect(try week.catalog.dbWriter.read { db in try plan.row(id: outsider, db) }?.id == outsider)
            }
        }
    }
}
