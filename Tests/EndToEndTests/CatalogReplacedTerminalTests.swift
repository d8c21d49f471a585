import Foundation
import Testing
import TestSupport

/// `mv new.sqlite cat.sqlite` while the browser has `cat.sqlite` open: its
/// next write would have gone into `cat.sqlite-wal`, which pairs with the
/// new file, and corrupted it. The browser refuses the write, says so, and
/// opens what the path names now when asked.
@Suite("A catalog replaced under the browser", .timeLimit(.minutes(10)))
struct CatalogReplacedTerminalTests {
    @Test("d then y on a replaced catalog: nothing written, the question to reopen, y shows the new file")
    func deleteOnAReplacedCatalog() throws {
        let folder = TemporaryFolder()
        let db = folder.file("cat.sqlite")
        let replacement = folder.file("new.sqlite")
        for (path, feed) in [(db, Fixture.day2014), (replacement, Fixture.month2014)] {
            let result = try runQuakesTUI(["import", "--db", path, feed])
            guard result.status == 0 else { throw HarnessError("fixture import failed: \(result.stderr)") }
        }
        let ids = try CatalogProbe.ids(replacement)
        let session = try TmuxSession(arguments: ["--db", db])
        var pane = session.waitForTable()
        #expect(pane.top.contains(" 146 quakes "), "\(pane)")

        #expect(rename(replacement, db) == 0)
        session.send("d")
        session.waitUntil { $0.bottom.hasPrefix("Delete ") }
        session.send("y")
        pane = session.waitUntil { $0.bottom.contains("Reopen") }
        #expect(pane.bottom.trimmingCharacters(in: .whitespaces)
                == "error: the catalog was replaced or removed while open; nothing was written. Reopen it? (y/n)", "\(pane)")

        session.send("y")
        pane = session.waitUntil { $0.top.contains(" 409 quakes ") }
        #expect(pane.bottom.trimmingCharacters(in: .whitespaces) == "reopened \(db)", "\(pane)")
        session.send("q")
        #expect(session.waitForExit().status == 0)
        #expect(try CatalogProbe.integrityCheck(db) == ["ok"])
        #expect(try CatalogProbe.ids(db) == ids)
    }
}
