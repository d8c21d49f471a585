import Foundation
import GRDB
import QuakeStore
import Testing
import TestSupport
@testable import QuakesApp

/// Rows past the first window are read as the user scrolls to them. When
/// that read fails (the file was damaged under the browser), the bottom
/// line says so in one line instead of showing blank rows.
@Suite struct RowReadFailureTests {
    @Test func aDamagedCatalogFoundWhileScrollingIsSaidOnTheBottomLine() throws {
        let h = try BrowserHarness(width: 100, height: 8)
        #expect(h.lines[7].hasPrefix("/ filter"))
        try h.catalog.dbWriter.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        let size = try FileManager.default.attributesOfItem(atPath: h.catalog.path)[.size] as! Int
        let garbage = CatalogDamage.garbage(count: size - 4096)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: h.catalog.path))
        try file.seek(toOffset: 4096)   // every page but the first
        try file.write(contentsOf: garbage)
        try file.close()

        h.state.handle(.key(.character("G")))
        h.view.render(h.state, into: &h.screen)
        let bottom = h.lines[7]
        #expect(bottom.hasPrefix("error: database \(h.catalog.path): cannot read: "), "\(h.lines)")
        #expect(h.screen.style(row: 7, column: 0).foreground == .red)
        #expect(h.lines[1].hasPrefix("  1 Time ▼"), "the rest of the screen stays")
    }
}
