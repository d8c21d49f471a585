import Foundation
import GRDB
@testable import QuakeStore
import Testing
import TestSupport

/// What `--db` names is opened only when it is a quakes-tui catalog (or
/// nothing yet); anything else is refused before a single byte is written,
/// and a catalog is read without writing when reading is all a command does.
@Suite("Catalog identity", .timeLimit(.minutes(10)))
struct CatalogIdentityTests {
    static func bytes(_ path: String) -> Data? { try? Data(contentsOf: URL(fileURLWithPath: path)) }

    static func modificationTime(_ path: String) -> timespec {
        var info = stat()
        stat(path, &info)
        return info.st_mtim
    }

    static func contents(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Every command a user can point at a file, each refusing it in the same line.
    static func everyCommand(_ db: String) -> [[String]] {
        [["list", "--db", db],
         ["import", "--db", db, Fixture.day2014],
         ["fetch", "--db", db, "--url", URL(fileURLWithPath: Fixture.day2014).absoluteString]]
    }

    static func expectRefusal(_ result: CommandResult, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == line + "\n", sourceLocation: sourceLocation)
        #expect(result.stdout == "", sourceLocation: sourceLocation)
    }

    /// A catalog with the 2014 day fixture (146 quakes), made by `import`.
    static func dayCatalog(_ folder: TemporaryFolder) throws -> String {
        let db = folder.file("quakes.sqlite")
        let result = try runQuakesTUI(["import", "--db", db, Fixture.day2014])
        guard result.status == 0 else { throw ChildProcessError("fixture import failed: \(result.stderr)") }
        return db
    }

    /// Another application's database, by what shows it is theirs: tables,
    /// views alone, or no schema yet but their `application_id` (Fossil's,
    /// 0x0F055113). None is made a catalog or seeded.
    static let foreignDatabases = [
        ("CREATE TABLE contacts (name TEXT, phone TEXT); INSERT INTO contacts VALUES ('Ann', '555-0100')",
         "it holds other tables"),
        ("CREATE VIEW answer AS SELECT 42 AS value", "it holds other views"),
        ("PRAGMA application_id = 252006675", "it carries another application's id, 0x0F055113"),
    ]

    @Test("another application's database is refused by every command, byte for byte unchanged, no -wal or -shm left",
          arguments: foreignDatabases)
    func foreignDatabase(_ example: (sql: String, reason: String)) throws {
        let folder = TemporaryFolder()
        let db = folder.file("theirs.db")
        try DatabaseQueue(path: db).writeWithoutTransaction { db in try db.execute(sql: example.sql) }
        try Self.expectEveryCommandRefuses(db, in: folder, "not a quakes-tui catalog (\(example.reason)); nothing was changed")
    }

    @Test("an empty SQLite database without another application's id becomes a new catalog")
    func unclaimedEmptyDatabase() throws {
        let folder = TemporaryFolder()
        let unclaimed = folder.file("unclaimed.db")
        try DatabaseQueue(path: unclaimed).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA user_version = 0")
        }
        let result = try runQuakesTUI(["import", "--db", unclaimed, Fixture.day2014])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
    }

    /// `script`, Python's sqlite3 on `db` (bound to `c`), then an exit
    /// without closing: what a writer that died leaves beside its file.
    static func abandonWriter(_ db: String, in folder: TemporaryFolder, _ script: String) throws {
        let writer = try ChildProcess(["python3", "-c", "import sqlite3, os\nc = sqlite3.connect('\(db)')\n\(script)\nos._exit(0)"],
                                      outputPrefix: folder.file("writer"))
        try #require(writer.wait() == 0, "\(writer.stderr)")
    }

    @Test("another application's database with a WAL its writer left is refused with its WAL neither checkpointed nor removed")
    func foreignDatabaseWithLeftoverWAL() throws {
        let folder = TemporaryFolder()
        let db = folder.file("contacts.db")
        // A writer that ends without closing leaves its last commit in the -wal only.
        try Self.abandonWriter(db, in: folder, """
            c.execute('PRAGMA journal_mode=WAL')
            c.execute('CREATE TABLE contacts (name TEXT)'); c.execute("INSERT INTO contacts VALUES ('Ann')"); c.commit()
            """)
        let wal = try #require(Self.bytes(db + "-wal"))
        #expect(wal.count > 0)
        try Self.expectEveryCommandRefuses(db, in: folder,
                                           "not a quakes-tui catalog (it holds other tables); nothing was changed")
        #expect(Self.bytes(db + "-wal") == wal)
    }

    @Test("another application's database with a hot rollback journal is refused, the journal not rolled back")
    func foreignDatabaseWithHotJournal() throws {
        let folder = TemporaryFolder()
        let db = folder.file("contacts.db")
        // A transaction bigger than the cache spills into the file: the journal is hot when the writer dies.
        try Self.abandonWriter(db, in: folder, """
            c.execute('CREATE TABLE contacts (name TEXT)'); c.commit()
            c.execute('PRAGMA cache_size=1'); c.execute('BEGIN')
            for i in range(2000): c.execute('INSERT INTO contacts VALUES (?)', ('x' * 100,))
            """)
        let journal = try #require(Self.bytes(db + "-journal"))
        try Self.expectEveryCommandRefuses(db, in: folder, """
            not a quakes-tui catalog (it holds another program's unfinished transaction, in its -journal); \
            nothing was changed
            """)
        #expect(Self.bytes(db + "-journal") == journal)
    }

    /// Each command prints `error: database DB: <reason>` and exits 1, the
    /// file byte for byte as it was and nothing new beside it.
    static func expectEveryCommandRefuses(_ db: String, in folder: TemporaryFolder, _ reason: String,
                                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try #require(Self.bytes(db))
        let files = try Self.contents(folder)
        for arguments in Self.everyCommand(db) {
            Self.expectRefusal(try runQuakesTUI(arguments), "error: database \(db): \(reason)", sourceLocation: sourceLocation)
            #expect(Self.bytes(db) == before, "\(arguments[0]) changed the file", sourceLocation: sourceLocation)
            #expect(try Self.contents(folder) == files, "\(arguments[0]) left files beside it", sourceLocation: sourceLocation)
        }
    }

    @Test("a catalog made by a newer quakes-tui is refused unchanged")
    func newerCatalog() throws {
        let folder = TemporaryFolder()
        let db = try Self.dayCatalog(folder)
        try DatabaseQueue(path: db).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v9: from a later version')")
        }
        try Self.expectEveryCommandRefuses(db, in: folder, "made by a newer quakes-tui; upgrade quakes-tui to open it")
    }

    @Test("/dev/null, a FIFO: not a regular file, and nothing is created next to them")
    func notARegularFile() throws {
        let folder = TemporaryFolder()
        let fifo = folder.file("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        let journalInDev = FileManager.default.fileExists(atPath: "/dev/null-journal")
        for db in ["/dev/null", fifo] {
            for arguments in Self.everyCommand(db) {
                Self.expectRefusal(try runQuakesTUI(arguments), "error: database \(db): not a regular file")
            }
        }
        #expect(try Self.contents(folder) == ["fifo"])
        #expect(FileManager.default.fileExists(atPath: "/dev/null-journal") == journalInDev)
    }

    @Test("a path over SQLite's limit says so")
    func overLongPath() throws {
        let folder = TemporaryFolder()
        let db = folder.path + "/" + String(repeating: "d", count: 200) + "/" + String(repeating: "q", count: 300) + ".sqlite"
        let bytes = db.utf8.count
        Self.expectRefusal(try runQuakesTUI(["list", "--db", db]), """
            error: database \(db): path too long for SQLite (\(bytes) bytes; at most 504, \
            so that its -journal name fits SQLite's 512-byte limit)
            """)
    }

    @Test("--db with an empty path is a usage error")
    func emptyPath() throws {
        let result = try runQuakesTUI(["list", "--db", ""])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --db must name a file, not be empty\nSee 'quakes-tui list --help'.\n")
    }

    @Test("list leaves an up-to-date catalog's bytes and modification time as they were, and no -wal or -shm")
    func listDoesNotWrite() throws {
        let folder = TemporaryFolder()
        let db = try Self.dayCatalog(folder)
        let before = try #require(Self.bytes(db))
        let time = Self.modificationTime(db)
        let result = try runQuakesTUI(["list", "--db", db, "--limit", "3", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 4)
        #expect(Self.bytes(db) == before)
        let after = Self.modificationTime(db)
        #expect(after.tv_sec == time.tv_sec && after.tv_nsec == time.tv_nsec)
        #expect(try Self.contents(folder) == ["quakes.sqlite"])
    }

    @Test("a read-only catalog, or one in a read-only folder, is read by list; import still refuses it")
    func readOnlyCatalogsAreRead() throws {
        let folder = TemporaryFolder()
        let db = try Self.dayCatalog(folder)
        let expected = try runQuakesTUI(["list", "--db", db, "--limit", "0", "--format", "csv"])
        #expect(expected.status == 0 && expected.stdout.split(separator: "\n").count == 147)
        let before = try #require(Self.bytes(db))

        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        let fromFile = try runQuakesTUI(["list", "--db", db, "--limit", "0", "--format", "csv"])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout == expected.stdout)
        Self.expectRefusal(try runQuakesTUI(["import", "--db", db, Fixture.month2014]),
                           "error: database \(db): read-only (permission denied)")
        #expect(Self.bytes(db) == before)
        #expect(try Self.contents(folder) == ["quakes.sqlite"])

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: db)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let fromFolder = try runQuakesTUI(["list", "--db", db, "--limit", "0", "--format", "csv"])
        #expect(fromFolder.status == 0, "\(fromFolder.stderr)")
        #expect(fromFolder.stdout == expected.stdout)
        #expect(Self.bytes(db) == before)
        #expect(try Self.contents(folder) == ["quakes.sqlite"])
    }

    @Test("a catalog made before the mark is upgraded in place: marked, its quakes kept")
    func unmarkedCatalogIsUpgraded() throws {
        let folder = TemporaryFolder()
        let db = try Self.dayCatalog(folder)
        let rows = try CatalogProbe.rows(db)
        let schema = try CatalogProbe.schemaObjects(db)
        try DatabaseQueue(path: db).write { db in try db.execute(sql: "PRAGMA application_id = 0") }

        let result = try runQuakesTUI(["list", "--db", db, "--limit", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try DatabaseQueue(path: db).read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
                == 0x5155_414B)
        #expect(try CatalogProbe.rows(db) == rows)
        #expect(try CatalogProbe.schemaObjects(db) == schema)
    }

    @Test("a catalog of the first schema version is upgraded to the same schema a new catalog has")
    func firstVersionCatalogIsUpgraded() throws {
        let folder = TemporaryFolder()
        let old = folder.file("v1.sqlite")
        try DatabaseQueue(path: old).write { db in
            try Schema.migrations[0].run(db)
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES (?)", arguments: [Schema.migrations[0].identifier])
        }
        let fresh = folder.file("fresh.sqlite")
        _ = try QuakeCatalog(path: fresh)
        let imported = try runQuakesTUI(["import", "--db", old, Fixture.day2014])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try CatalogProbe.schemaObjects(old) == CatalogProbe.schemaObjects(fresh))
        #expect(try CatalogProbe.count(old) == 146)
    }

    /// What made the test below fail now and then: the open's switch to
    /// WAL found another writer creating the catalog, and SQLite answered
    /// "database is locked" at once (it does not wait there).
    @Test("an open while another connection holds the write lock of a catalog being created waits for it")
    func openWaitsForACreation() throws {
        let folder = TemporaryFolder()
        let path = folder.file("new.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true   // its transaction stays open between two accesses
        let creator = try DatabaseQueue(path: path, configuration: holding)
        try creator.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            try? creator.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
            released.signal()
        }
        let catalog = try QuakeCatalog(path: path, busyTimeout: 10)
        #expect(released.wait(timeout: .now()) == .success, "opened only once the lock was released")
        #expect(try catalog.dbWriter.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try catalog.count() == 0)
    }

    @Test("two imports and a list started at once on a catalog that does not exist yet all succeed")
    func concurrentCreation() throws {
        let folder = TemporaryFolder()
        let db = folder.file("new.sqlite")
        for round in 0..<3 {
            try? FileManager.default.removeItem(atPath: db)
            let runs = try [
                ChildProcess.quakesTUI(["import", "--db", db, Fixture.day2014], outputPrefix: folder.file("a\(round)")),
                ChildProcess.quakesTUI(["import", "--db", db, Fixture.month2014], outputPrefix: folder.file("b\(round)")),
                ChildProcess.quakesTUI(["list", "--db", db, "--limit", "1"], outputPrefix: folder.file("c\(round)")),
            ]
            for run in runs {
                #expect(run.wait() == 0, "round \(round): \(run.stderr)")
                #expect(run.stderr == "", "round \(round)")
            }
            let ids = Set(try CatalogProbe.ids(db))
            let fixtures = try Set((Fixture.features(Fixture.day2014) + Fixture.features(Fixture.month2014))
                .map { $0["id"] as! String })
            #expect(fixtures.isSubset(of: ids), "round \(round)")
            #expect(try CatalogProbe.integrityCheck(db) == ["ok"])
        }
    }
}
