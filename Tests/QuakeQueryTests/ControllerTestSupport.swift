import Foundation
import QuakeQuery
import QuakeStore
@_exported import TestSupport
import Testing

/// Real data for the controller tests: the 4,711-event week, plus two made-up
/// quakes with a NULL magnitude so NULL ordering is exercised.
final class WeekCatalog {
    let folder: String
    let catalog: QuakeCatalog
    let all: [Quake]

    init(withUnknownMagnitudes: Bool = true) throws {
        folder = NSTemporaryDirectory() + "quakes-query-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        catalog = try QuakeCatalog(path: folder + "/quakes.sqlite")
        let importer = QuakeImporter(catalog: catalog)
        _ = try importer.importFile(at: Fixture.week)
        if withUnknownMagnitudes {
            _ = try importer.importData(Data(Self.unknownMagnitudes.utf8), name: "unknown")
        }
        all = try catalog.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake") }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static let unknownMagnitudes = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","id":"zz0001","properties":{"mag":null,"place":"Nowhere Ridge","time":1528900000000,\
        "updated":1528900000000,"net":"zz","code":"0001","ids":",zz0001,","status":"automatic","tsunami":0,"sig":0,\
        "magType":"ml","type":"earthquake","title":"M ? - Nowhere Ridge","felt":3},\
        "geometry":{"type":"Point","coordinates":[10,10,5]}},
        {"type":"Feature","id":"zz0002","properties":{"mag":null,"place":"Île Somewhere","time":1528800000000,\
        "updated":1528800000000,"net":"zz","code":"0002","ids":",zz0002,","status":"automatic","tsunami":0,"sig":0,\
        "magType":"ml","type":"earthquake","title":"M ? - Île Somewhere"},\
        "geometry":{"type":"Point","coordinates":[11,11,6]}}
        ]}
        """

    /// Every row of the controller's current configuration, in order.
    static func allRows(_ snapshot: ResultsSnapshot) throws -> [Quake] {
        var rows: [Quake] = []
        try snapshot.forEachRow { _, quake in rows.append(quake) }
        return rows
    }
}

/// The order the catalog promises, computed in memory: the test oracle.
/// Section key first, then the user's keys, then id in the primary
/// direction; NULL last in both directions; text by bytes, place folded.
func oracleOrder(_ quakes: [Quake], _ configuration: FetchConfiguration) -> [Quake] {
    typealias Key = (value: (Quake) -> FieldValue, ascending: Bool)
    var keys: [Key] = []
    let sortKeys = configuration.sortKeys
    if let section = configuration.sectionIdentifier {
        let defaultAscending = section == .network || section == .type
        let sectionField: QuakeField = [.day: .time, .magnitudeBand: .magnitude, .network: .net, .type: .type, .sequence: .time][section]!
        let ascending = sortKeys.first.map { $0.field == sectionField ? $0.ascending : defaultAscending } ?? defaultAscending
        keys.append(({ section.value(of: $0) }, ascending))
    }
    var seen: Set<QuakeField> = []
    for key in sortKeys where seen.insert(key.field).inserted {
        keys.append(({ key.field.sortValue(of: $0) }, key.ascending))
    }
    keys.append(({ .text($0.id) }, sortKeys.first?.ascending ?? true))
    let filtered = configuration.predicate.map { p in quakes.filter { p.selects($0) } } ?? quakes
    return filtered.sorted { a, b in
        for key in keys {
            let order = compareForSort(key.value(a), key.value(b))
            if order != 0 {
                if key.value(a).isNull || key.value(b).isNull { return order < 0 }   // NULL last, either way
                return key.ascending ? order < 0 : order > 0
            }
        }
        return false
    }
}

/// -1/0/1 with NULL after everything.
func compareForSort(_ a: FieldValue, _ b: FieldValue) -> Int {
    switch (a, b) {
    case (.number(let x?), .number(let y?)): return x < y ? -1 : (x > y ? 1 : 0)
    case (.text(let x?), .text(let y?)): return x == y ? 0 : (x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : 1)
    case (_, _) where a.isNull && b.isNull: return 0
    case (_, _) where a.isNull: return 1
    default: return -1
    }
}

/// Waits for the controller to deliver a snapshot that satisfies
/// `condition`, giving up after `timeout` seconds of checking so a bug cannot
/// hang the suite. Counted in polls, not by the clock: while other tests
/// keep every thread busy this task is not run, and that must not count.
func waitForSnapshot(_ controller: ResultsController, timeout: Double = 10,
                     where condition: (ResultsSnapshot) -> Bool) async throws -> ResultsSnapshot {
    for _ in 0..<Int(timeout / 0.005) {
        if let snapshot = controller.snapshot, condition(snapshot) { return snapshot }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
    Issue.record("no snapshot satisfied the condition within \(timeout) s; last: count \(String(describing: controller.snapshot?.count))")
    throw CancellationError()
}
