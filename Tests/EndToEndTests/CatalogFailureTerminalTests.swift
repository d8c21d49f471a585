import Foundation
import Testing
import TestSupport

/// The browser, in a real terminal, on a catalog it cannot use: it says why
/// in one line, `error: database PATH: <reason>`, before touching the
/// screen, exits 1, and leaves the terminal and the file as they were.
@Suite("Catalog failures in the terminal", .timeLimit(.minutes(10)))
struct CatalogFailureTerminalTests {
    /// Runs the browser on `db` in tmux; checks the one error line, the
    /// exit status 1, a sane terminal and no crash report.
    func expectRefused(_ db: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try PaneCommand(["--db", db])
        let (status, output, pane) = run.waitForExit()
        #expect(status == 1, "\(pane)", sourceLocation: sourceLocation)
        #expect(output == ["error: database \(db): \(reason)"], "\(pane)", sourceLocation: sourceLocation)
        TerminalTests.expectSaneTerminal(pane, sourceLocation: sourceLocation)
    }

    static func bytes(_ path: String) -> Data? { try? Data(contentsOf: URL(fileURLWithPath: path)) }

    /// A catalog holding the 4.5_month fixture (409 quakes).
    static func monthCatalog(_ path: String) throws {
        let result = try runQuakesTUI(["import", "--db", path, Fixture.month2014])
        guard result.status == 0 else { throw HarnessError("fixture import failed: \(result.stderr)") }
    }

    @Test("random bytes")
    func randomBytes() throws {
        let folder = TemporaryFolder()
        let junk = folder.write("junk.sqlite", CatalogDamage.garbage(count: 65536))
        try expectRefused(junk, "not a SQLite database (file is corrupt or of another kind)")
        #expect(Self.bytes(junk) == CatalogDamage.garbage(count: 65536))
    }

    @Test("another application's database, and a catalog of a newer quakes-tui: refused unchanged")
    func notOurs() throws {
        let folder = TemporaryFolder()
        let contacts = folder.file("contacts.db")
        try CatalogProbe.execute(contacts, "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ann')")
        let contactsBefore = Self.bytes(contacts)
        try expectRefused(contacts, "not a quakes-tui catalog (it holds other tables); nothing was changed")
        #expect(Self.bytes(contacts) == contactsBefore)

        let newer = folder.file("newer.sqlite")
        try Self.monthCatalog(newer)
        try CatalogProbe.execute(newer, "INSERT INTO grdb_migrations VALUES ('v9: later')")
        let newerBefore = Self.bytes(newer)
        try expectRefused(newer, "made by a newer quakes-tui; upgrade quakes-tui to open it")
        #expect(Self.bytes(newer) == newerBefore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["contacts.db", "newer.sqlite"])
    }

    @Test("a directory")
    func directory() throws {
        let folder = TemporaryFolder()
        let dir = folder.file("catalog")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        try expectRefused(dir, "is a directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
    }

    @Test("a read-only catalog, and a catalog in a read-only folder, are browsed: read-only in the top line, d and r refused, nothing written")
    func readOnly() throws {
        let folder = TemporaryFolder()
        let db = folder.file("shared.sqlite")
        try Self.monthCatalog(db)
        let before = Self.bytes(db)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        try expectBrowsedReadOnly(db)
        #expect(Self.bytes(db) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["shared.sqlite"])

        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        let inLocked = locked + "/shared.sqlite"
        try Self.monthCatalog(inLocked)
        let lockedBefore = Self.bytes(inLocked)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        try expectBrowsedReadOnly(inLocked)
        #expect(Self.bytes(inLocked) == lockedBefore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked) == ["shared.sqlite"])
    }

    /// The browser on the read-only catalog `db` (the 409 quakes of the
    /// month fixture): shown, marked, deleting and refreshing refused, q
    /// ends it normally.
    func expectBrowsedReadOnly(_ db: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let session = try TmuxSession(arguments: ["--db", db])   // the last --db wins
        var pane = session.waitForTable()
        #expect(pane.top.hasPrefix(" quakes-tui  shared.sqlite  read-only  409 quakes  row 1  by time ▼"), "\(pane)",
                sourceLocation: sourceLocation)
        session.send("d")
        pane = session.waitUntil { $0.bottom.contains("catalog is read-only") }
        #expect(pane.bottom.trimmingCharacters(in: .whitespaces) == "catalog is read-only", "\(pane)", sourceLocation: sourceLocation)
        session.send("j")
        session.waitUntil { !$0.bottom.contains("catalog is read-only") }
        session.send("r")
        pane = session.waitUntil { $0.bottom.contains("catalog is read-only") }
        #expect(pane.bottom.trimmingCharacters(in: .whitespaces) == "catalog is read-only", "\(pane)", sourceLocation: sourceLocation)
        #expect(pane.rows.count > 10, "\(pane)", sourceLocation: sourceLocation)
        session.send("q")
        #expect(session.waitForExit().status == 0, sourceLocation: sourceLocation)
    }

    @Test("a catalog with its middle pages overwritten")
    func overwrittenPages() throws {
        let folder = TemporaryFolder()
        let db = folder.file("quakes.sqlite")
        try Self.monthCatalog(db)
        let damaged = try CatalogDamage.overwriteMiddlePages(of: db)
        let run = try PaneCommand(["--db", db])
        let (status, output, pane) = run.waitForExit(timeout: 5)
        #expect(status == 1, "\(pane)")
        #expect(output == ["error: database \(db): cannot read: database is corrupt"], "\(pane)")
        #expect(!pane.contains("Fatal error") && !pane.contains("crashed"), "\(pane)")
        #expect(CatalogDamage.isIntact(db, damaged: damaged), "not truncated, the damaged pages not rewritten")
    }
}
