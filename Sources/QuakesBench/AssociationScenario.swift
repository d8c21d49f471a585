import ArgumentParser
import Foundation
import GRDB
import QuakeStore

/// `associate-child`: another service's reports of `origins` adjacent
/// events of the catalog (EMSC-like: 1.5 s later, 0.05° north-east, 0.1 larger,
/// ids `emsc:…`), imported as a fetch's answer would be, into a copy of the
/// generated catalog. Prints the origins associated a second, from the
/// import's start to its commit, and how many joined.
struct AssociateChild: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "associate-child", shouldDisplay: false)
    @Option var db: String
    @Option var origins = 100_000

    func run() throws {
        let catalog = try QuakeCatalog(path: db)
        // Adjacent rows from the middle of the catalog: a real catalog's rows
        // of one region and window are adjacent (imported window by window),
        // and another service's answer for them meets them so. (The
        // generated times are random, so these events are not one window;
        // every tenth row instead, which touches every page of the table,
        // measured 17,000 origins/s against 25,000 before the rows of
        // events joined by another service were left unwritten.)
        let events = try catalog.count()
        let reports = try catalog.dbWriter.read { db in
            try Quake.fetchAll(db, sql: "SELECT * FROM quake WHERE rowid > ? ORDER BY rowid LIMIT ?",
                               arguments: [max(0, events / 2 - origins / 2), origins])
        }.map(Self.otherServicesReport)
        var report: ImportReport?
        let ms = try BrowseScenarios.milliseconds {
            report = try QuakeImporter(catalog: catalog).importQuakes(reports, name: "emsc")
        }
        let figures: [String: Double] = [
            "association_origins_per_s": Double(reports.count) / (ms / 1000),
            "association_joined": Double(report?.joined ?? 0),
        ]
        print(String(decoding: try JSONSerialization.data(withJSONObject: figures), as: UTF8.self))
    }

    static func otherServicesReport(_ event: Quake) -> Quake {
        var quake = event
        quake.id = "emsc:" + event.id
        quake.ids = "," + quake.id + ","
        quake.time = event.time.addingTimeInterval(1.5)
        quake.updated = quake.time
        quake.latitude = min(90, event.latitude + 0.05)
        quake.longitude = event.longitude < 179.9 ? event.longitude + 0.05 : event.longitude
        quake.magnitude = event.magnitude.map { $0 + 0.1 }
        return quake
    }
}
