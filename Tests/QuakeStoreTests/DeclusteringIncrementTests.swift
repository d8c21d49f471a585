import Foundation
import GRDB
@testable import QuakeStore
import QuakeSeismology
import Testing

/// A kept Gardner–Knopoff result follows quakes as they arrive: each import
/// of a real quake of the week (`usgs_all_week_2018-06-14.txt`, held back
/// from the first import) leaves the verdicts, sections and counts a new run
/// over the same catalog gives; most arrivals are placed in the kept result
/// (`GardnerKnopoffIncrement`), the others run the method again.
@Suite(.timeLimit(.minutes(10)))
struct DeclusteringIncrementTests {
    let folder = TemporaryFolder()

    /// Each quake's cluster, role and mainshock under `method`.
    static func verdicts(_ catalog: QuakeCatalog, method: String = "gk") throws -> [String: String] {
        try catalog.dbWriter.read { db in
            var verdicts: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT quakeId, cluster, role, mainshock FROM sequence WHERE method = ?",
                                        arguments: [method]) {
                verdicts[row[0]] = "\(row[1] as Int64? ?? -1) \(row[2] as String? ?? "-") \(row[3] as String? ?? "-")"
            }
            return verdicts
        }
    }

    /// The sections in their order (by rank), with their counts; the run's counts.
    static func sectionsAndCounts(_ catalog: QuakeCatalog) throws -> (sections: [String], counts: [Int], ranAt: Int64) {
        try catalog.dbWriter.read { db in
            let sections = try Row.fetchAll(db, sql: "SELECT title, quakes FROM sequenceSection WHERE method = 'gk' ORDER BY rank")
                .map { "\($0[0] as String) · \($0[1] as Int)" }
            let run = try #require(try Row.fetchOne(db, sql: "SELECT quakes, clusters, rows, ranAt FROM sequenceRun WHERE method = 'gk'"))
            return (sections, [run[0], run[1], run[2]], run[3])
        }
    }

    @Test("quakes arriving one by one after a Gardner–Knopoff run are placed as a new run places them, most without running it again")
    func eachArrivalIsPlacedAsANewRunPlacesIt() throws {
        let text = try String(contentsOfFile: Fixture.weekFDSNText, encoding: .utf8)
        let header = String(text.prefix { $0 != "\n" })
        // Newest first in the file: the 16 newest arrive in time order, then
        // 4 older ones (a backfill: their clusters' numbers may shift).
        let rows = text.split(separator: "\n").dropFirst().map(String.init)
        let newest = Array(rows.prefix(16).reversed())
        let older = stride(from: 600, to: rows.count, by: 1100).map { rows[$0] }
        let arriving = newest + older
        let first = rows.filter { !arriving.contains($0) }
        let catalog = try folder.catalog("kept.sqlite")
        _ = try QuakeImporter(catalog: catalog).importFile(at: folder.write("first.txt", ([header] + first).joined(separator: "\n")))
        let gk = try #require(DeclusterAlgorithm.named("gk"))
        _ = try catalog.decluster(gk, scope: .everyQuake)
        var imported = first
        var placedInTheKeptResult = 0
        for (n, row) in arriving.enumerated() {
            let before = try Self.sectionsAndCounts(catalog).ranAt
            _ = try QuakeImporter(catalog: catalog).importFile(at: folder.write("arrival.txt", header + "\n" + row))
            imported.append(row)
            let fresh = try folder.catalog("fresh-\(n).sqlite")
            _ = try QuakeImporter(catalog: fresh).importFile(at: folder.write("all.txt", ([header] + imported).joined(separator: "\n")))
            _ = try fresh.decluster(gk, scope: .everyQuake)
            let id = String(row.prefix { $0 != "|" })
            #expect(try Self.verdicts(catalog) == Self.verdicts(fresh), "after \(id)")
            let kept = try Self.sectionsAndCounts(catalog), made = try Self.sectionsAndCounts(fresh)
            #expect(kept.sections == made.sections, "after \(id)")
            #expect(kept.counts == made.counts, "after \(id)")
            if kept.ranAt == before { placedInTheKeptResult += 1 }
        }
        #expect(placedInTheKeptResult >= newest.count / 2, "\(placedInTheKeptResult) of \(arriving.count) placed without a run")
    }
}
