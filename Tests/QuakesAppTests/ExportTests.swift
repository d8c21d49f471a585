import Foundation
import QuakeOutput
import QuakeQuery
import QuakeStore
@testable import QuakesApp
import TerminalUI
import TestSupport
import Testing

/// `e`: the table's results written to a file, exactly as `list` prints
/// them with the same configuration; the name asked in the bottom line,
/// an existing file replaced only after `y`, errors in one line.
@Suite struct ExportTests {
    /// What the harness is set to below, as `list` takes it.
    static let listArguments = ["--where", #"magnitude >= 2 AND place CONTAINS[cd] "alaska""#,
                                "--sort", "-magnitude", "--section", "day"]

    /// Wide enough for the bottom line to hold a temporary folder's path.
    static let width = 200

    /// A browser filtered (`/alaska`), with a predicate (`:magnitude >= 2`),
    /// sorted by magnitude (`2`) and sectioned by day (`s`).
    private func configuredHarness() throws -> BrowserHarness {
        let h = try BrowserHarness(width: Self.width)
        try h.press(.character("/"))
        try h.type("alaska")
        try h.press(.enter, .character(":"))
        try h.type("magnitude >= 2")
        try h.press(.enter, .character("2"), .character("s"))
        return h
    }

    /// `e`, the name typed over the default, Enter.
    private func export(_ h: BrowserHarness, to file: String) throws {
        try h.press(.character("e"), .control("u"))
        try h.type(file)
        try h.press(.enter)
    }

    /// `list`'s output for the harness's configuration; CSV as the browser
    /// writes it, for a spreadsheet (`--csv-safe`).
    private func list(_ h: BrowserHarness, format: String) throws -> String {
        // The browser's CSV: for a spreadsheet, every field.
        let csvSafe = format == "csv" ? ["--csv-safe", "--columns", "all"] : []
        let result = try runQuakesTUI(["list", "--db", h.catalog.path] + Self.listArguments
                                      + ["--format", format, "--limit", "0"] + csvSafe)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// Files in the folder other than the catalog's: no temporary file is ever left.
    private func exportedFiles(_ h: BrowserHarness) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: h.folder.path).filter { !$0.hasPrefix("quakes.sqlite") }.sorted()
    }

    @Test func eAsksForAFileNamedAfterTheLocalTimeNow() throws {
        let h = try BrowserHarness()
        try h.press(.character("e"))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        #expect(h.lines.last == "export to: quakes-\(formatter.string(from: BrowserHarness.now)).csv")
        try h.press(.escape)
        #expect(h.state.mode == .table)
        #expect(try exportedFiles(h) == [])
    }

    @Test(arguments: ["csv", "json", "geojson"])
    func theFileIsWhatListPrintsForTheSameConfiguration(format: String) throws {
        let h = try configuredHarness()
        let file = h.folder.file("alaska.\(format)")
        try export(h, to: file)
        let expected = try list(h, format: format)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written == expected)
        let rows = 71
        #expect(expected.components(separatedBy: "\"id\":").count - 1 == (format == "csv" ? 0 : rows))
        #expect(h.lines.last == "exported \(rows) quakes to \(file)")
        #expect(try exportedFiles(h) == ["alaska.\(format)"])
    }

    @Test func anExistingFileIsReplacedOnlyAfterY() throws {
        let h = try configuredHarness()
        let file = h.folder.write("old.csv", "old contents\n")
        try export(h, to: file)
        #expect(h.lines.last == "\(file) exists: overwrite? (y/n)")
        try h.press(.character("n"))
        #expect(h.lines.last == "not exported")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old contents\n")

        try export(h, to: file)
        try h.press(.character("y"))
        #expect(h.lines.last == "exported 71 quakes to \(file)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == (try list(h, format: "csv")))
        #expect(try exportedFiles(h) == ["old.csv"])
    }

    @Test func csvIsForASpreadsheetAFormulaInAPlaceIsTextNotANegativeNumber() throws {
        let h = try BrowserHarness(width: Self.width)
        let feed = singleQuakeFeed(id: "zz0001", place: #"=HYPERLINK("https://evil.example/","Click")"#, magnitude: 2,
                                   time: 1_528_969_000_000, latitude: 34.25, longitude: -117.5, depth: -1.5)
            .replacingOccurrences(of: #""net":"zz""#, with: #""net":"@SUM(A1)""#)
        _ = try QuakeImporter(catalog: h.catalog).importData(Data(feed.utf8), name: "formula")
        try h.press(.character("/"))
        try h.type("hyperlink")
        try h.press(.enter)
        let file = h.folder.file("formula.csv")
        try export(h, to: file)
        #expect(h.lines.last == "exported 1 quake to \(file)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == """
            id,time,magnitude,place,depth,latitude,longitude,net,code,type,status,magType,updated,sig,tsunami,alert,felt,\
            cdi,mmi,nst,gap,dmin,rms,horizontalError,depthError,magError,magNst,locationSource,magSource,catalog,\
            contributor,evaluationMode,evaluationStatus,origins,cluster,role,mainshock
            zz0001,2018-06-14T09:36:40.000Z,2,"'=HYPERLINK(""https://evil.example/"",""Click"")",-1.5,34.25,-117.5,\
            '@SUM(A1),0001,earthquake,reviewed,mb,2018-06-14T09:36:40.000Z,100,0,,,,,,,,,,,,,,,,,,,1,,,

            """)
    }

    @Test func anUnknownExtensionIsOneLineAndWritesNothing() throws {
        let h = try BrowserHarness(width: Self.width)
        let file = h.folder.file("quakes.txt")
        try export(h, to: file)
        #expect(h.lines.last == "error: cannot export to \(file): the name must end in .csv, .json or .geojson")
        #expect(try exportedFiles(h) == [])
    }

    @Test func aFileThatCannotBeWrittenIsOneLineWithTheReason() throws {
        let h = try BrowserHarness(width: Self.width)
        let file = h.folder.file("missing/quakes.csv")
        try export(h, to: file)
        #expect(h.lines.last == "error: cannot write \(file): No such file or directory")
    }

    @Test func progressShowsInTheBottomLineUntilTheEnd() throws {
        let h = try BrowserHarness()
        try h.send(.exportProgress(written: 120_000, total: 1_000_000))
        #expect(h.lines.last == "exporting 120,000 of 1,000,000…")
        try h.press(.character("e"))
        #expect(h.lines.last == "an export is running: wait for it to end")
        try h.send(.exportFinished(file: "x.csv", .success(1)))
        #expect(h.lines.last == "exported 1 quake to x.csv")
    }

    /// The real background exporter, as the run loop uses it: its events,
    /// and the same file as the synchronous path.
    @Test func theBackgroundExporterPostsTheOutcome() throws {
        let h = try configuredHarness()
        let file = h.folder.file("bg.geojson")
        let events = EventLog()
        let exporter = ResultsExporter(catalog: h.catalog, post: events.append)
        exporter.start(ExportRequest(file: file, format: .geojson, configuration: h.controller.configuration, overwrite: false))
        exporter.cancelAndWait()
        guard case .exportFinished(let finished, .success(let count))? = events.all.last else {
            // Cancelled before the end: nothing may be left.
            #expect(try exportedFiles(h) == [])
            return
        }
        #expect(finished == file)
        #expect(count == 71)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == (try list(h, format: "geojson")))
    }
}

/// Events a background task posted, in order.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [BrowserEvent] = []
    func append(_ event: BrowserEvent) { lock.withLock { events.append(event) } }
    var all: [BrowserEvent] { lock.withLock { events } }
}
