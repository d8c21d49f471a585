// quakes-bench's entry point (its subcommands) and the bundled real week that
// every generated quake is resampled from.
import ArgumentParser
import BundledData
import Foundation
import QuakeStore

@main
struct QuakesBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quakes-bench",
        abstract: "Generate realistic catalogs and measure quakes-tui on them.",
        subcommands: [Generate.self, Run.self, ImportChild.self, BrowseChild.self, AssociateChild.self, DeclusterChild.self]
    )
}

/// The bundled real feed, the templates every generated row resamples.
func bundledTemplates() throws -> [Quake] {
    let folder = NSTemporaryDirectory() + "quakes-bench-templates-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let catalog = try QuakeCatalog(path: folder + "/t.sqlite")
    guard let feed = BundledFeed.url else { throw ValidationError("the bundled feed is missing") }
    _ = try QuakeImporter(catalog: catalog).importFile(at: feed.path)
    return try catalog.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake ORDER BY id") }
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fill a catalog (or write a GeoJSON feed, a USGS CSV or both) with N generated quakes.")

    @Option(help: "How many quakes.") var rows: Int
    @Option(help: "Seed: the same seed gives the same quakes.") var seed: UInt64 = 1
    @Option(help: "The catalog to fill.") var db: String?
    @Option(help: "Write a USGS GeoJSON FeatureCollection here instead.") var geojson: String?
    @Option(help: "Write a USGS feed CSV of the same quakes here instead (with --geojson too, both).") var csv: String?

    func validate() throws {
        if (db == nil) == (geojson == nil && csv == nil) { throw ValidationError("give --db, or --geojson and/or --csv") }
        if rows < 1 { throw ValidationError("--rows must be at least 1") }
    }

    func run() throws {
        let generator = QuakeGenerator(templates: try bundledTemplates(), rows: rows, seed: seed)
        if let geojson {
            // USGS's properties the catalog does not keep, as a real feed has them.
            try GeoJSONWriter.write(generator, count: rows, title: "quakes-bench", to: geojson) { quake in
                #","tz":null,"sources":\#(JSONText.string("," + quake.net + ",")),"types":",origin,""#
            }
            print("wrote \(rows) quakes to \(geojson)")
        }
        if let csv {
            try CSVWriter.write(generator, to: csv)
            print("wrote \(rows) quakes to \(csv)")
        }
        if let db {
            let catalog = try QuakeCatalog(path: db)
            let report = try QuakeImporter(catalog: catalog).importQuakes(generator, name: "generated")
            try catalog.buildPendingIndexes()
            print(report.summaryLine)
        }
    }
}

/// Runs the real importer on a file and prints its figures as JSON: a child
/// process, so its peak memory is the import's alone.
struct ImportChild: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import-child", shouldDisplay: false)
    @Option var db: String
    @Option var file: String

    func run() throws {
        let catalog = try QuakeCatalog(path: db)
        var report: ImportReport?
        let ms = try BrowseScenarios.milliseconds { report = try QuakeImporter(catalog: catalog).importFile(at: file) }
        let indexMs = try BrowseScenarios.milliseconds { try catalog.buildPendingIndexes() }
        let features = (report?.new ?? 0) + (report?.updated ?? 0) + (report?.unchanged ?? 0)
        // To browsable: the import's commit, after which the first screen
        // in time order reads; then until every index is built.
        let figures: [String: Double] = [
            "import_features_per_s": Double(features) / (ms / 1000),
            "import_s": ms / 1000,
            "import_all_indexes_s": (ms + indexMs) / 1000,
            "import_peak_rss_mb": Statistics.peakRSSMegabytes(),
        ]
        print(String(decoding: try JSONSerialization.data(withJSONObject: figures), as: UTF8.self))
    }
}

/// Runs the browsing scenarios on a catalog and prints the figures as JSON.
struct BrowseChild: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "browse-child", shouldDisplay: false)
    @Option var db: String
    /// For a profile (`perf record`): the section scenario alone, this many times.
    @Option var sectionOnly: Int?

    func run() throws {
        if let sectionOnly {
            let catalog = try QuakeCatalog(path: db, purpose: .browse)
            for _ in 0..<sectionOnly { print(try SectionScenario(catalog: catalog).run()) }
            return
        }
        let figures = try BrowseScenarios(catalog: QuakeCatalog(path: db, purpose: .browse)).run()
        print(String(decoding: try JSONSerialization.data(withJSONObject: figures), as: UTF8.self))
    }
}
