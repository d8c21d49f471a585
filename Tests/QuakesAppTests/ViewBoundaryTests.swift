import Foundation
import Testing
import TestSupport

/// The views draw values and read no catalog: no file of QuakeViews imports
/// GRDB or names the controller or the catalog; `stats` and `map` draw
/// through the views without importing the browser.
@Suite struct ViewBoundaryTests {
    static func lines(of folder: String) throws -> [(file: String, line: String)] {
        try swiftFiles(under: folder).flatMap { file in file.lines.map { (file.path, $0) } }
    }

    @Test func theViewsReadNoCatalog() throws {
        let lines = try Self.lines(of: "Sources/QuakeViews")
        #expect(!lines.isEmpty)
        let reaching = lines.filter { _, line in
            let code = line.components(separatedBy: "//")[0]
            return code.contains("import GRDB") || ["ResultsController", "QuakeCatalog", "DatabaseReader", "dbWriter"]
                .contains { code.contains($0) }
        }
        #expect(reaching.map { "\($0.file): \($0.line)" } == [])
    }

    @Test func statsAndMapDrawWithoutTheBrowser() throws {
        let lines = try Self.lines(of: "Sources/quakes-tui")
        let importing = Set(lines.filter { $0.line == "import QuakesApp" }.map(\.file))
        for command in ["StatsCommand.swift", "StatsOutput.swift", "MapCommand.swift"] {
            #expect(!importing.contains(command), "\(command) imports the browser")
        }
    }
}
