import ArgumentParser
import Foundation
import GRDB

/// `quakes-bench run`: for each size, generate a GeoJSON feed and a USGS CSV
/// of the same quakes, import each with the real importer (a child process,
/// a fresh catalog each), browse the GeoJSON's catalog through the
/// ResultsController (another child), and drive the release binary in tmux.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Measure every figure at each size and print them.")

    @Option(help: "Catalog sizes, comma-separated.") var rows: String = "100000,1000000"
    @Option(help: "Seed for the generated quakes.") var seed: UInt64 = 42
    @Flag(help: "One JSON object per size instead of a table.") var json = false
    @Option(help: "Where to keep the generated files (default: a temporary folder, removed after).") var workDir: String?
    @Flag(help: "Skip driving the browser in tmux.") var skipTUI = false

    static let keys = [
        "rows", "import_features_per_s", "import_csv_features_per_s", "import_all_indexes_s", "import_csv_all_indexes_s",
        "open_first_rows_ms", "open_browsable_s", "open_indexed_s", "open_peak_rss_mb",
        "open_first_window_ms", "sort_change_ms", "sort_first_use_ms",
        "filter_keystroke_p50_ms", "filter_keystroke_p95_ms", "filter_count_p95_ms", "page_down_ms", "jump_to_end_ms",
        "sections_day_ms", "filter_position_p95_ms", "distance_first_use_ms", "distance_filter_ms", "delete_to_snapshot_ms",
        "map_frame_ms", "map_draw_ms", "aggregate_queries_on_sort", "map_frame_filtered_ms", "map_zoom_ms", "map_zoom_max_ms", "map_zoom_drawn_ms", "charts_ms", "charts_timeline_ms", "charts_filtered_ms", "charts_filtered_max_ms", "section_ms", "section_quakes", "section_cells_ms", "list_first_page_ms", "association_origins_per_s", "decluster_gk_s", "decluster_reasenberg_s", "decluster_arrival_both_kept_shown_ms", "decluster_arrival_both_kept_ms", "decluster_arrival_gk_kept_ms", "sequence_sections_first_ms", "sequence_sections_ms", "sequence_sections", "sequence_select_ms", "push_to_alert_ms", "push_to_row_ms", "peak_rss_mb",
        "import_peak_rss_mb", "import_csv_peak_rss_mb",
        "tui_key_to_frame_p50_ms", "tui_key_to_frame_p95_ms", "tui_key_to_complete_frame_p95_ms",
    ]

    func run() throws {
        let sizes = rows.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let folder = workDir ?? NSTemporaryDirectory() + "quakes-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { if workDir == nil { try? FileManager.default.removeItem(atPath: folder) } }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        var results: [[String: Double]] = []
        for size in sizes {
            let feed = "\(folder)/quakes-\(size).geojson", db = "\(folder)/quakes-\(size).sqlite"
            let csv = "\(folder)/quakes-\(size).csv", csvDB = "\(folder)/quakes-\(size)-csv.sqlite"
            Self.removeCatalog(db)
            Self.removeCatalog(csvDB)
            log("\(size) rows: generating \(feed) and \(csv)")
            try ChildProcess.run(me, ["generate", "--rows", "\(size)", "--seed", "\(seed)", "--geojson", feed, "--csv", csv])
            log("\(size) rows: importing the GeoJSON (\(Self.megabytes(feed)) MB)")
            var figures = try ChildProcess.json(me, ["import-child", "--db", db, "--file", feed])
            try? FileManager.default.removeItem(atPath: feed)
            // The same quakes as a USGS CSV, into a catalog of their own.
            log("\(size) rows: importing the CSV (\(Self.megabytes(csv)) MB)")
            let fromCSV = try ChildProcess.json(me, ["import-child", "--db", csvDB, "--file", csv])
            figures["import_csv_features_per_s"] = fromCSV["import_features_per_s"]
            figures["import_csv_peak_rss_mb"] = fromCSV["import_peak_rss_mb"]
            figures["import_csv_all_indexes_s"] = fromCSV["import_all_indexes_s"]
            Self.removeCatalog(csvDB)
            if !skipTUI {
                log("\(size) rows: opening the CSV in the browser (quakes-tui FILE, in tmux)")
                let open = try OpenScenario(binary: Self.tuiBinary(next: me), file: csv).run()
                figures["open_first_rows_ms"] = open.firstRowsMilliseconds
                figures["open_browsable_s"] = open.browsableSeconds
                figures["open_peak_rss_mb"] = open.peakMegabytes
                figures["open_indexed_s"] = open.indexedSeconds
            }
            try? FileManager.default.removeItem(atPath: csv)
            log("\(size) rows: browsing through the ResultsController")
            figures.merge(try ChildProcess.json(me, ["browse-child", "--db", db])) { $1 }
            figures["list_first_page_ms"] = try Self.listFirstPage(binary: Self.tuiBinary(next: me), db: db)
            log("\(size) rows: associating another service's reports of a tenth of its quakes (a copy of the catalog)")
            let copy = "\(folder)/quakes-\(size)-association.sqlite"
            try Self.copyCatalog(db, to: copy)
            let association = try ChildProcess.json(me, ["associate-child", "--db", copy, "--origins", "\(min(100_000, size / 10))"])
            figures["association_origins_per_s"] = association["association_origins_per_s"]
            Self.removeCatalog(copy)
            log("\(size) rows: declustering every quake (Gardner–Knopoff, Reasenberg; a copy of the catalog)")
            try Self.copyCatalog(db, to: copy)
            figures.merge(try ChildProcess.json(me, ["decluster-child", "--db", copy])) { $1 }
            Self.removeCatalog(copy)
            log("\(size) rows: quakes pushed over a local websocket (a copy of the catalog)")
            try Self.copyCatalog(db, to: copy)
            figures.merge(try PushScenario(binary: Self.tuiBinary(next: me), db: copy, withBrowser: !skipTUI).run()) { $1 }
            Self.removeCatalog(copy)
            if !skipTUI {
                log("\(size) rows: driving the browser in tmux")
                let tui = try TUIScenario(binary: Self.tuiBinary(next: me), db: db).run()
                figures["tui_key_to_frame_p50_ms"] = Statistics.percentile(tui.firstFrame, 50)
                figures["tui_key_to_frame_p95_ms"] = Statistics.percentile(tui.firstFrame, 95)
                figures["tui_key_to_complete_frame_p95_ms"] = Statistics.percentile(tui.completeFrame, 95)
            }
            figures["rows"] = Double(size)
            results.append(figures)
        }
        if json {
            for figures in results {
                let object = Self.keys.compactMap { key in figures[key].map { "\"\(key)\":\(Self.format($0, json: true))" } }
                print("{" + object.joined(separator: ",") + "}")
            }
        } else {
            print(Self.table(results))
        }
    }

    /// `quakes-tui list --limit 20` as a whole process, start to exit: the
    /// median of 11 runs (the first warms the page cache).
    static func listFirstPage(binary: String, db: String) throws -> Double {
        let times = try (0..<11).map { _ in
            try BrowseScenarios.milliseconds { try Spawn.run([binary, "list", "--limit", "20", "--db", db]) }
        }
        return Statistics.median(Array(times.dropFirst()))
    }

    /// A file's size, for the log (the peak RSS targets are relative to it).
    static func megabytes(_ path: String) -> String {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return String(format: "%.1f", Double(bytes) / 1_048_576)
    }

    static func removeCatalog(_ path: String) {
        for file in [path, path + "-wal", path + "-shm"] { try? FileManager.default.removeItem(atPath: file) }
    }

    /// A copy of catalog `db` to change: its write-ahead log written back
    /// first (the file alone is not the catalog before), and the copy on
    /// disk before it is measured (not written back by the kernel while a
    /// scenario runs).
    static func copyCatalog(_ db: String, to copy: String) throws {
        removeCatalog(copy)
        try DatabaseQueue(path: db).writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: copy))
        defer { try? file.close() }
        try file.synchronize()
    }

    /// quakes-tui built next to quakes-bench.
    static func tuiBinary(next bench: String) -> String {
        (bench as NSString).deletingLastPathComponent + "/quakes-tui"
    }

    static func format(_ value: Double, json: Bool = false) -> String {
        if value.isNaN { return json ? "null" : "—" }
        if value >= 1000 { return String(Int(value.rounded())) }
        return String(format: "%.2f", value)
    }

    static func table(_ results: [[String: Double]]) -> String {
        let rows = Self.keys.filter { $0 != "rows" } + ["sections_day_filtered_ms"]
        let header = ["figure"] + results.map { Self.format($0["rows"] ?? .nan) + " rows" }
        var lines = [header]
        for key in rows.sorted(by: { Self.order($0) < Self.order($1) }) {
            lines.append([key] + results.map { $0[key].map { Self.format($0) } ?? "—" })
        }
        let widths = (0..<header.count).map { column in lines.map { $0[column].count }.max() ?? 0 }
        return lines.map { line in
            line.enumerated().map { i, cell in
                i == 0 ? cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[i] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    private static func order(_ key: String) -> Int {
        key == "sections_day_filtered_ms" ? (keys.firstIndex(of: "sections_day_ms") ?? 0) * 2 + 1 : (keys.firstIndex(of: key) ?? 0) * 2
    }

    private func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
