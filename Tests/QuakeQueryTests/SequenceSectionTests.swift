import Foundation
import GRDB
@testable import QuakeQuery
import QuakeSeismology
import QuakeStore
import Testing

/// Sequence sections as the index reads them (`sequence_section`, v12):
/// the same rows, order, sections and positions as the titles computed
/// here from each quake's mainshock and sorted in memory (`oracleOrder`).
/// The week's two quakes without a magnitude are placed by no method:
/// they are the "not declustered" section, last.
@Suite(.timeLimit(.minutes(10)))
struct SequenceSectionTests {
    /// The week declustered with Gardner–Knopoff's window over every quake.
    static func declusteredWeek() throws -> WeekCatalog {
        let week = try WeekCatalog()
        _ = try Declusterer.run(DeclusterAlgorithm.named("gk")!, on: week.catalog, predicate: nil, text: "")
        return week
    }

    /// Every quake with its sequence's title as a user reads it
    /// (`2018-06-14 M2.9 5km SW of Volcano, Hawaii · hv70227007`), made
    /// here from the mainshock's own row; nil for a quake no method placed.
    static func titled(_ catalog: QuakeCatalog) throws -> [Quake] {
        try catalog.dbWriter.read { db in
            let quakes = try Quake.fetchAll(db, sql: "SELECT * FROM quake")
            let byID = Dictionary(uniqueKeysWithValues: quakes.map { ($0.id, $0) })
            let mainshocks = try Row.fetchAll(db, sql: """
                SELECT quakeId, mainshock FROM sequence
                WHERE method = (SELECT method FROM sequenceRun WHERE isCurrent = 1) AND mainshock IS NOT NULL
                """).reduce(into: [String: String]()) { $0[$1[0]] = $1[1] }
            return quakes.map { quake in
                var quake = quake
                if let m = mainshocks[quake.id].flatMap({ byID[$0] }) {
                    let magnitude = m.magnitude.map(Self.sqliteTenths) ?? "?"
                    quake.sequenceTitle = "\(m.day) M\(magnitude) \(m.place) · \(m.id)"
                }
                return quake
            }
        }
    }

    /// `printf('%.1f', x)` as SQLite writes it: the number's shortest
    /// decimal digits rounded half away from zero (1.25 is `1.3`, where
    /// C's printf, rounding the binary value, writes `1.2`), the sign kept.
    static func sqliteTenths(_ x: Double) -> String {
        var value = Decimal(string: String(format: "%.15g", x))!
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 1, .plain)
        var text = "\(rounded)"
        if !text.contains(".") { text += ".0" }
        return x < 0 && !text.hasPrefix("-") ? "-" + text : text   // the sign kept: -0.04 is `-0.0`
    }

    /// The controller's rows, sections and tracked positions against the oracle's.
    static func expectOracle(_ catalog: QuakeCatalog, _ configuration: FetchConfiguration,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = oracleOrder(try titled(catalog), configuration)
        let snapshot = try ResultsController(catalog, configuration: configuration, windowSize: 200).fetchNow()
        let rows = try WeekCatalog.allRows(snapshot)
        // The first difference, not two lists of thousands.
        let difference = zip(rows, expected).enumerated().first { $0.element.0.id != $0.element.1.id }
            .map { "row \($0.offset): \($0.element.0.id) \($0.element.0.sequenceTitle ?? "nil") (\($0.element.0.time)), "
                + "expected \($0.element.1.id) \($0.element.1.sequenceTitle ?? "nil") (\($0.element.1.time))" }
        #expect(rows.count == expected.count && difference == nil,
                "\(rows.count) rows, \(expected.count) expected; \(difference ?? "")", sourceLocation: sourceLocation)
        #expect(rows.map(\.sequenceTitle) == expected.map(\.sequenceTitle) || difference != nil, sourceLocation: sourceLocation)
        var sections: [String] = []
        var counts: [Int] = []
        for quake in expected {
            let title = SectionKey.sequence.title(for: .text(quake.sequenceTitle))
            if sections.last == title { counts[counts.count - 1] += 1 } else { sections.append(title); counts.append(1) }
        }
        #expect(snapshot.sections.map(\.id) == sections, sourceLocation: sourceLocation)
        #expect(snapshot.sections.map(\.count) == counts, sourceLocation: sourceLocation)
        // Positions found by keyset from the quake itself: first window, past it, the last row.
        for index in [0, 250, expected.count / 2, expected.count - 1] where index < expected.count {
            let controller = try ResultsController(catalog, configuration: configuration, windowSize: 200)
            controller.trackedID = expected[index].id
            #expect(try controller.fetchNow().trackedPosition?.index == index, "\(expected[index].id)", sourceLocation: sourceLocation)
        }
    }

    static let configurations: [FetchConfiguration] = [
        FetchConfiguration(sectionIdentifier: .sequence),
        FetchConfiguration(sortKeys: [SortKey(.time, ascending: true)], sectionIdentifier: .sequence),
        FetchConfiguration(predicate: QuakePredicate.placeContains("ca"), sortKeys: [SortKey(.magnitude, ascending: false)],
                           sectionIdentifier: .sequence),
        FetchConfiguration(predicate: QuakePredicate.placeContains("kodiak"), sectionIdentifier: .sequence),
    ]

    @Test func sequenceSectionsAreTheMainshocksTitlesInOrderWithTheUnplacedQuakesLast() throws {
        let week = try Self.declusteredWeek()
        for configuration in Self.configurations { try Self.expectOracle(week.catalog, configuration) }
        // Both ways of reading them were compared: in the sections' order,
        // and (few matches: Kodiak's) the matches found first, then sorted.
        let joins = try week.catalog.dbWriter.read { db in
            try Self.configurations.map { try QueryPlan.planning($0, db).window.sequenceJoin }
        }
        #expect(joins == [.covering, .covering, .covering, .coveringFromMatches])
        let sections = try ResultsController(week.catalog, configuration: Self.configurations[0]).fetchNow().sections
        #expect(sections.last.map { "\($0.id) \($0.count)" } == "not declustered 2", "the two quakes without a magnitude")
    }

    /// A delete keeps the kept counts (the rows a method covers, each
    /// section's quakes) true, so the index still serves every quake.
    @Test func aDeletedQuakeLeavesItsSequenceOneQuakeSmaller() throws {
        let week = try Self.declusteredWeek()
        let member = try #require(try week.catalog.dbWriter.read { db in
            try String.fetchOne(db, sql: "SELECT quakeId FROM sequence WHERE role = 'aftershock' ORDER BY quakeId LIMIT 1")
        })
        _ = try week.catalog.delete(ids: [member])
        try Self.expectOracle(week.catalog, Self.configurations[0])
        let plan = try week.catalog.dbWriter.read { db in try QueryPlan.planning(Self.configurations[0], db).window }
        #expect(plan.sequenceJoin == .covering)
    }

    /// Quakes the kept rows do not cover (as a catalog would be if a quake
    /// came without the method running again): every quake is still read,
    /// through its row where it has one.
    @Test func quakesWithoutARowAreReadThroughTheQuakeTable() throws {
        let week = try Self.declusteredWeek()
        try week.catalog.dbWriter.write { db in
            try db.execute(sql: """
                DELETE FROM sequence WHERE quakeId = (SELECT min(quakeId) FROM sequence WHERE role = 'aftershock');
                UPDATE sequenceRun SET rows = rows - 1
                """)
        }
        let plan = try week.catalog.dbWriter.read { db in try QueryPlan.planning(Self.configurations[0], db).window }
        #expect(plan.sequenceJoin == .partial)
        for configuration in Self.configurations { try Self.expectOracle(week.catalog, configuration) }
    }

    /// The default order is the index's: no sort of the rows, however many.
    @Test func theDefaultOrderIsReadFromTheIndex() throws {
        let week = try Self.declusteredWeek()
        let (plan, steps) = try week.catalog.dbWriter.read { db in
            let plan = try QueryPlan.planning(Self.configurations[0], db).window
            let steps = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + plan.windowSQL, arguments: plan.arguments + [200, 0])
                .map { $0["detail"] as String }
            return (plan, steps)
        }
        #expect(plan.sequenceJoin == .covering)
        #expect(steps.contains { $0.contains("sequence_section") }, "\(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
    }
    /// A catalog declustered before v12 (its rows only for the quakes
    /// placed, no ranks) keeps its verdicts through the upgrade, and reads
    /// its sequence sections from the index after it.
    @Test func aCatalogDeclusteredBeforeTheSectionIndexKeepsItsVerdicts() throws {
        let week = try Self.declusteredWeek()
        let verdicts = "SELECT quakeId, method, cluster, role, mainshock FROM sequence WHERE cluster IS NOT NULL ORDER BY quakeId, method"
        let before = try week.catalog.dbWriter.read { db in try Row.fetchAll(db, sql: verdicts) }
        try week.catalog.dbWriter.write { db in
            // As v10 and v11 kept them.
            try db.execute(sql: """
                DROP TRIGGER sequence_quakeDeleted;
                CREATE TABLE sequenceOld (quakeId TEXT NOT NULL, method TEXT NOT NULL, cluster INTEGER NOT NULL,
                                          role TEXT NOT NULL, mainshock TEXT NOT NULL, PRIMARY KEY (quakeId, method)) WITHOUT ROWID;
                INSERT INTO sequenceOld SELECT quakeId, method, cluster, role, mainshock FROM sequence WHERE cluster IS NOT NULL;
                DROP TABLE sequence;
                ALTER TABLE sequenceOld RENAME TO sequence;
                CREATE INDEX sequence_mainshock ON sequence(method, mainshock);
                CREATE INDEX sequence_cluster ON sequence(method, cluster);
                CREATE TRIGGER sequence_quakeDeleted AFTER DELETE ON quake BEGIN DELETE FROM sequence WHERE quakeId = old.id; END;
                DROP TABLE sequenceSection;
                ALTER TABLE sequenceRun DROP COLUMN rows;
                DELETE FROM grdb_migrations WHERE identifier LIKE 'v12:%' OR identifier LIKE 'v14:%';
                """)
        }
        let upgraded = try QuakeCatalog(path: week.catalog.path)
        #expect(try upgraded.dbWriter.read { db in try Row.fetchAll(db, sql: verdicts) } == before)
        let plan = try upgraded.dbWriter.read { db in try QueryPlan.planning(Self.configurations[0], db).window }
        #expect(plan.sequenceJoin == .covering)
        for configuration in Self.configurations { try Self.expectOracle(upgraded, configuration) }
    }
    /// A catalog never declustered: one section, "not declustered", its
    /// rows in the user's order read from its index (no sort of every quake).
    @Test func aCatalogNeverDeclusteredIsOneSectionInTheUsersOrder() throws {
        let week = try WeekCatalog()
        let plain = try WeekCatalog.allRows(ResultsController(week.catalog, configuration: FetchConfiguration()).fetchNow())
        let snapshot = try ResultsController(week.catalog, configuration: Self.configurations[0]).fetchNow()
        #expect(try WeekCatalog.allRows(snapshot).map(\.id) == plain.map(\.id))
        #expect(plain.count == 4_713)
        #expect(snapshot.sections.map { "\($0.id) \($0.count)" } == ["not declustered 4713"])
        let steps = try week.catalog.dbWriter.read { db in
            let plan = try QueryPlan.planning(Self.configurations[0], db).window
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + plan.windowSQL, arguments: plan.arguments + [200, 0])
                .map { $0["detail"] as String }
        }
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
    }
}
