import Foundation
import GRDB
@testable import QuakeStore
import Testing
import TestSupport

/// A catalog's failures are one type: the path, the operation, a typed
/// reason and the error that caused it (GRDB's `DatabaseError`, a
/// `POSIXError`), on real files. The lines they print are the ones the
/// command-line tests quote (CatalogIdentityTests, DatabaseFailureTests).
@Suite("Catalog errors", .timeLimit(.minutes(10)))
struct CatalogErrorTests {
    /// A catalog holding the 4.5_month fixture (409 quakes), closed again.
    static func monthCatalog(_ folder: TemporaryFolder) throws -> String {
        _ = try importedCatalog(folder, feeds: [Fixture.month2014])
        return folder.file("quakes.sqlite")
    }

    static func resultCode(_ error: CatalogError) -> ResultCode? {
        (error.underlying as? DatabaseError)?.resultCode
    }

    @Test("a file of random bytes: not a SQLite database, SQLITE_NOTADB kept")
    func randomBytes() throws {
        let folder = TemporaryFolder()
        let junk = folder.write("junk.sqlite", CatalogDamage.garbage(count: 65536))
        let error = try #require(throws: CatalogError.self) { try QuakeCatalog(path: junk) }
        #expect(error.operation == .open)
        #expect(error.reason == .notADatabase)
        #expect(Self.resultCode(error) == .SQLITE_NOTADB)
        #expect(error.description == "database \(junk): not a SQLite database (file is corrupt or of another kind)")
    }

    @Test("a catalog with its middle pages overwritten, opened to write: corrupt, SQLITE_CORRUPT kept")
    func corruptOnOpen() throws {
        let folder = TemporaryFolder()
        let db = try Self.monthCatalog(folder)
        try CatalogDamage.overwriteMiddlePages(of: db)
        let error = try #require(throws: CatalogError.self) { try QuakeCatalog(path: db, purpose: .write) }
        #expect(error.operation == .read)
        #expect(error.reason == .corrupt)
        #expect(Self.resultCode(error) == .SQLITE_CORRUPT)
        #expect(error.description == "database \(db): cannot read: database is corrupt")
    }

    @Test("the same catalog read by list's way: SQLite's own SQLITE_CORRUPT, wrapped by reading(_:path:)")
    func corruptOnRead() throws {
        let folder = TemporaryFolder()
        let db = try Self.monthCatalog(folder)
        try CatalogDamage.overwriteMiddlePages(of: db)
        let catalog = try QuakeCatalog(path: db, purpose: .read)
        let raw = try #require(throws: DatabaseError.self) {
            try catalog.dbWriter.read { db in try Row.fetchAll(db, sql: "SELECT * FROM quake ORDER BY time") }
        }
        let error = try #require(CatalogError.reading(raw, path: db) as? CatalogError)
        #expect(error.operation == .read)
        #expect(error.reason == .corrupt)
        let kept = try #require(error.underlying as? DatabaseError)
        #expect(kept.extendedResultCode == raw.extendedResultCode && kept.message == raw.message, "the error GRDB threw")
        #expect(error.description == "database \(db): cannot read: database is corrupt")
    }

    @Test("another application's database: not a catalog, nothing underneath")
    func foreignDatabase() throws {
        let folder = TemporaryFolder()
        let db = folder.file("contacts.db")
        try CatalogProbe.execute(db, "CREATE TABLE contacts (name TEXT, phone TEXT)")
        let error = try #require(throws: CatalogError.self) { try QuakeCatalog(path: db) }
        #expect(error.operation == .open)
        #expect(error.reason == .notACatalog(.tables))
        #expect(error.underlying == nil)
        #expect(error.description == "database \(db): not a quakes-tui catalog (it holds other tables); nothing was changed")
    }

    @Test("a catalog with a migration this build does not know: made by a newer quakes-tui")
    func newerCatalog() throws {
        let folder = TemporaryFolder()
        let db = try Self.monthCatalog(folder)
        try CatalogProbe.execute(db, "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        let error = try #require(throws: CatalogError.self) { try QuakeCatalog(path: db) }
        #expect(error.reason == .madeByNewerVersion)
        #expect(error.description == "database \(db): made by a newer quakes-tui; upgrade quakes-tui to open it")
    }

    @Test("a read-only catalog: refused for writing (EACCES kept); an import through the browser's connection gets SQLITE_READONLY")
    func readOnlyCatalog() throws {
        let folder = TemporaryFolder()
        let db = try Self.monthCatalog(folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)

        let refused = try #require(throws: CatalogError.self) { try QuakeCatalog(path: db, purpose: .write) }
        #expect(refused.operation == .open)
        #expect(refused.reason == .readOnly)
        #expect((refused.underlying as? POSIXError)?.code == .EACCES)
        #expect(refused.description == "database \(db): read-only (permission denied)")

        let browsed = try QuakeCatalog(path: db, purpose: .browse)
        #expect(browsed.isReadOnly)
        let feed = singleQuakeFeed(id: "zz1", place: "Nowhere", magnitude: 3, time: 1_400_000_000_000)
        let error = try #require(throws: CatalogError.self) {
            try QuakeImporter(catalog: browsed).importData(Data(feed.utf8), name: "feed")
        }
        #expect(error.operation == .write)
        #expect(error.reason == .writeRefused)
        #expect(Self.resultCode(error) == .SQLITE_READONLY)
        #expect(error.description == "database \(db): cannot write: read-only")
        #expect(try CatalogProbe.count(db) == 409)
    }

    @Test("a read-only folder: the catalog in it, and a new one, refused with their reasons")
    func readOnlyFolder() throws {
        let folder = TemporaryFolder()
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        _ = try QuakeCatalog(path: locked + "/quakes.sqlite")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }

        let existing = try #require(throws: CatalogError.self) { try QuakeCatalog(path: locked + "/quakes.sqlite") }
        #expect(existing.reason == .folderReadOnly)
        #expect(existing.description
                == "database \(locked)/quakes.sqlite: its folder is read-only (SQLite needs to write a journal next to it)")
        let new = try #require(throws: CatalogError.self) { try QuakeCatalog(path: locked + "/new.sqlite") }
        #expect(new.reason == .newCatalogFolderReadOnly(folder: locked))
        #expect(new.description == "database \(locked)/new.sqlite: folder \(locked) is read-only")
    }

    @Test("paths refused before SQLite sees them: each reason and its line")
    func refusedPaths() throws {
        let folder = TemporaryFolder()
        let long = folder.path + "/" + String(repeating: "x", count: 600)
        let cases: [(path: String, reason: CatalogError.Reason, line: String)] = [
            (folder.path, .isDirectory, "is a directory"),
            ("/dev/null", .notRegularFile, "not a regular file"),
            (folder.file("missing/q.sqlite"), .folderMissing(folder: folder.file("missing")),
             "folder \(folder.file("missing")) does not exist"),
            (long, .pathTooLong(bytes: long.utf8.count), """
                path too long for SQLite (\(long.utf8.count) bytes; at most 504, \
                so that its -journal name fits SQLite's 512-byte limit)
                """),
        ]
        for (path, reason, line) in cases {
            let error = try #require(throws: CatalogError.self) { try QuakeCatalog(path: path) }
            #expect(error.operation == .open)
            #expect(error.reason == reason)
            #expect(error.description == "database \(path): \(line)")
        }
        let missing = try #require(throws: CatalogError.self) { try QuakeCatalog(path: folder.file("missing/q.sqlite")) }
        #expect((missing.underlying as? POSIXError)?.code == .ENOENT)
    }

    @Test("wrapped once: a CatalogError, or an error not of SQLite, comes back as it is")
    func wrappedOnce() throws {
        let original = CatalogError(wrapping: DatabaseError(resultCode: .SQLITE_FULL), path: "q.sqlite", operation: .write)
        #expect(original.description == "database q.sqlite: cannot write: disk is full")
        let again = try #require(CatalogError.reading(original, path: "other.sqlite") as? CatalogError)
        #expect(again.path == "q.sqlite" && again.operation == .write && again.reason == .diskFull)
        #expect((again.underlying as? DatabaseError)?.resultCode == .SQLITE_FULL, "not a CatalogError inside a CatalogError")

        let importError = ImportError(name: "f.json", message: "empty file", location: "1:1")
        #expect(CatalogError.wrapping(importError, path: "q.sqlite", operation: .write) as? ImportError == importError)

        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let empty = try #require(throws: ImportError.self) {
            try QuakeImporter(catalog: catalog).importData(Data(), name: "empty.json")
        }
        #expect(empty.description == "empty.json: empty file at 1:1", "an import's own error is not the catalog's")
    }

    @Test("SQLite's result codes as reasons, the words users read")
    func reasonsOfSQLiteErrors() {
        let cases: [(ResultCode, CatalogError.Reason, String)] = [
            (.SQLITE_IOERR_WRITE, .writeIOError, "disk I/O error (the disk may be full, or the file over a size limit)"),
            (.SQLITE_IOERR_FSYNC, .writeIOError, "disk I/O error (the disk may be full, or the file over a size limit)"),
            (.SQLITE_IOERR_SHORT_READ, .readIOError, "disk I/O error reading the file"),
            (.SQLITE_IOERR, .ioError, "disk I/O error"),
            (.SQLITE_FULL, .diskFull, "disk is full"),
            (.SQLITE_BUSY, .locked, "database is locked by another process"),
            (.SQLITE_CANTOPEN, .cannotOpenFile, "cannot open file"),
            (.SQLITE_READONLY, .writeRefused, "read-only"),
        ]
        for (code, reason, words) in cases {
            let error = CatalogError(wrapping: DatabaseError(resultCode: code), path: "q.sqlite", operation: .write)
            #expect(error.reason == reason)
            #expect(error.reason.description == words)
            #expect((error.underlying as? DatabaseError)?.extendedResultCode == code)
        }
        let other = CatalogError.Reason(DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "UNIQUE constraint failed"))
        #expect(other == .other("UNIQUE constraint failed"))
    }
}
