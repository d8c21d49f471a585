import ArgumentParser
import GRDB
import Foundation
import QuakeQuery
import QuakeSeismology
import QuakeStore

/// `decluster-child`: `quakes-tui decluster` as the user waits for it (the
/// selection read, the method run, every quake's verdict written), with
/// Gardner–Knopoff's window and with Reasenberg's method, on a copy of the
/// generated catalog.
struct DeclusterChild: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decluster-child", shouldDisplay: false)
    @Option var db: String

    func run() throws {
        let catalog = try QuakeCatalog(path: db)
        var figures: [String: Double] = [:]
        for (method, key) in [("gk", "decluster_gk_s"), ("reasenberg", "decluster_reasenberg_s")] {
            let algorithm = DeclusterAlgorithm.named(method)!
            let ms = try BrowseScenarios.milliseconds {
                _ = try Declusterer.run(algorithm, on: catalog, predicate: nil, text: "")
            }
            figures[key] = ms / 1000
            // Where the time goes: the read and the method alone (the rest is the write).
            var selection: SequenceSelection?
            figures[key + "_read"] = try BrowseScenarios.milliseconds {
                selection = try SequenceSelection.read(catalog, predicate: nil)
            } / 1000
            figures[key + "_method"] = try BrowseScenarios.milliseconds { _ = try algorithm.run(selection!.columns, { _ in true }) } / 1000
        }
        try arrivals(catalog, into: &figures)
        // The declustered catalog browsed by sequence (`s` to "sequence", or
        // `T`), from the table in time order: the first window the key
        // shows, then the counted page with every sequence's section.
        let waiter = DeliveryWaiter<ResultsSnapshot>()
        let controller = try ResultsController(catalog, configuration: FetchConfiguration())
        controller.onSnapshot { waiter.deliver($0) }
        try controller.start()
        _ = waiter.wait { $0.isComplete }
        let before = waiter.generation
        let start = DispatchTime.now().uptimeNanoseconds
        controller.fetch { $0.sectionIdentifier = .sequence }
        _ = waiter.wait { $0.generation > before && $0.configuration.sectionIdentifier == .sequence }
        figures["sequence_sections_first_ms"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let counted = waiter.wait { $0.generation > before && $0.configuration.sectionIdentifier == .sequence && $0.isComplete }
        figures["sequence_sections_ms"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let sections = counted.sections.count
        figures["sequence_sections"] = Double(sections)
        // `A` on a quake of the largest sequence: the table shows just it.
        let largest = try catalog.dbWriter.read { db in
            try String.fetchOne(db, sql: """
                SELECT mainshock FROM sequence WHERE method = \(SequenceTable.currentMethodSQL) AND mainshock IS NOT NULL
                GROUP BY mainshock ORDER BY count(*) DESC LIMIT 1
                """)
        }
        if let largest {
            let predicate = try QuakePredicate("mainshock == \"\(largest)\"")
            controller.fetch { $0.sectionIdentifier = nil }
            let shown = waiter.wait { $0.configuration.sectionIdentifier == nil && $0.isComplete }
            let start = DispatchTime.now().uptimeNanoseconds
            controller.fetch { $0.predicate = predicate }
            let selected = waiter.wait { $0.generation > shown.generation && $0.configuration.predicate != nil && $0.isComplete }
            figures["sequence_select_ms"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            figures["sequence_select_quakes"] = Double(selected.count ?? 0)
        }
        print(String(decoding: try JSONSerialization.data(withJSONObject: figures), as: UTF8.self))
    }

    /// A quake arriving (one import, as `watch` or a push imports it) a
    /// second after the newest, where it was: with both methods kept, then
    /// with Gardner–Knopoff's alone (placed in the kept result). With both,
    /// also when the table shows it (`_shown_ms`: the counted snapshot that
    /// holds it), before Reasenberg's run after the import's commit ends.
    private func arrivals(_ catalog: QuakeCatalog, into figures: inout [String: Double]) throws {
        guard let newest = try catalog.dbWriter.read({ db in
            try Row.fetchOne(db, sql: "SELECT time, latitude, longitude FROM quake ORDER BY time DESC LIMIT 1")
        }) else { return }
        func quake(_ n: Int) -> Quake {
            let time = Date(epochMilliseconds: (newest[0] as Int64) + 1000 * Int64(n))
            return Quake(id: "arrival\(n)", magnitude: 2.0, place: "bench arrival", time: time, updated: time, depth: 10,
                         latitude: newest[1], longitude: newest[2])
        }
        func arrive(_ n: Int) throws -> Double {
            try BrowseScenarios.milliseconds { _ = try QuakeImporter(catalog: catalog).importQuakes([quake(n)], name: "arrival") }
        }
        let waiter = DeliveryWaiter<ResultsSnapshot>()
        let controller = try ResultsController(catalog, configuration: FetchConfiguration())
        controller.onSnapshot { waiter.deliver($0) }
        try controller.start()
        let shown = waiter.wait { $0.isComplete }
        let imported = DispatchSemaphore(value: 0)
        let first = quake(1)
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.global().async {
            do { _ = try QuakeImporter(catalog: catalog).importQuakes([first], name: "arrival") } catch {
                // No snapshot would come for the wait below.
                FileHandle.standardError.write(Data("decluster-child: the arrival's import failed: \(error)\n".utf8))
                Foundation.exit(1)
            }
            imported.signal()
        }
        _ = waiter.wait { $0.generation > shown.generation && $0.isComplete && $0.count == (shown.count ?? 0) + 1 }
        figures["decluster_arrival_both_kept_shown_ms"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        imported.wait()
        figures["decluster_arrival_both_kept_ms"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        controller.stop()
        try catalog.dbWriter.write { db in
            for table in ["sequence", "sequenceSection", "sequenceRun"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE method = 'reasenberg'")
            }
            try db.execute(sql: "UPDATE sequenceRun SET isCurrent = 1 WHERE method = 'gk'")
        }
        figures["decluster_arrival_gk_kept_ms"] = try arrive(2)
        figures["decluster_arrival_gk_kept_next_ms"] = try arrive(3)
    }
}
