import Foundation
import QuakeStore
import Testing

/// A catalog file that cannot be used as it is: damaged, not a file, not
/// writable, or on a full disk. Each time `import` and `list` print one line,
/// `error: database PATH: <reason>`, exit 1 without crashing, and leave the
/// file as it was (CatalogTests has the first cases: a read-only catalog on
/// import, a directory, a missing folder and junk on list; the browser's
/// side is in EndToEndTests' CatalogFailureTerminalTests).
@Suite("Database failures", .timeLimit(.minutes(10)))
struct DatabaseFailureTests {
    /// A catalog holding the 4.5_month fixture (409 quakes) at `name` in `folder`.
    static func monthCatalog(_ folder: TemporaryFolder, _ name: String = "quakes.sqlite") throws -> String {
        let path = folder.file(name)
        let result = try runQuakesTUI(["import", "--db", path, Fixture.month2014])
        guard result.status == 0 else { throw ChildProcessError("fixture import failed: \(result.stderr)") }
        return path
    }

    static func bytes(_ path: String) -> Data? { try? Data(contentsOf: URL(fileURLWithPath: path)) }

    /// One line on stderr, nothing on stdout, exit 1: no crash, no trace.
    static func expectOneLineError(_ result: CommandResult, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == line + "\n", sourceLocation: sourceLocation)
        #expect(result.stdout == "", sourceLocation: sourceLocation)
    }

    @Test("random bytes: import says it is not a SQLite database and writes nothing")
    func randomBytesOnImport() throws {
        let folder = TemporaryFolder()
        let junk = folder.write("junk.sqlite", CatalogDamage.garbage(count: 65536))
        let result = try runQuakesTUI(["import", "--db", junk, Fixture.day2014])
        Self.expectOneLineError(result, "error: database \(junk): not a SQLite database (file is corrupt or of another kind)")
        #expect(Self.bytes(junk) == CatalogDamage.garbage(count: 65536), "the file is left as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["junk.sqlite"], "no journal left beside it")
    }

    @Test("a catalog with its middle pages overwritten: import and fetch say it is corrupt, as list does, and write nothing")
    func overwrittenPagesOnImport() throws {
        let folder = TemporaryFolder()
        let db = try Self.monthCatalog(folder)
        let damaged = try CatalogDamage.overwriteMiddlePages(of: db)
        let result = try runQuakesTUI(["import", "--db", db, Fixture.day2014])
        Self.expectOneLineError(result, "error: database \(db): cannot read: database is corrupt")
        let fetched = try runQuakesTUI(["fetch", "--db", db, "--url", URL(fileURLWithPath: Fixture.day2014).absoluteString])
        Self.expectOneLineError(fetched, "error: database \(db): cannot read: database is corrupt")
        #expect(Self.bytes(db) == damaged, "the file is left byte for byte as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["quakes.sqlite"])
    }

    @Test("a catalog with its middle pages overwritten: list says it is corrupt in one line")
    func overwrittenPagesOnList() throws {
        let folder = TemporaryFolder()
        let db = try Self.monthCatalog(folder)
        let damaged = try CatalogDamage.overwriteMiddlePages(of: db)
        let result = try runQuakesTUI(["list", "--db", db, "--limit", "0", "--format", "csv"])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("Fatal error"))
        #expect(result.stderr == "error: database \(db): cannot read: database is corrupt\n")
        #expect(CatalogDamage.isIntact(db, damaged: damaged), "not truncated, the damaged pages not rewritten")
    }

    @Test("a directory: import refuses it in one line")
    func directoryOnImport() throws {
        let folder = TemporaryFolder()
        let dir = folder.file("catalog")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        let result = try runQuakesTUI(["import", "--db", dir, Fixture.day2014])
        Self.expectOneLineError(result, "error: database \(dir): is a directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
    }

    @Test("a one-letter relative path (a directory, or a new catalog) works like any other: no crash")
    func oneLetterRelativePath() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("d"), withIntermediateDirectories: false)
        let dir = try ChildProcess.quakesTUI(["import", "--db", "d", Fixture.day2014], workingDirectory: folder.path,
                                             outputPrefix: folder.file("dir"))
        #expect(dir.wait() == 1, "\(dir.stderr)")
        #expect(dir.stderr == "error: database d: is a directory\n")

        let new = try ChildProcess.quakesTUI(["import", "--db", "q", Fixture.day2014], workingDirectory: folder.path,
                                             outputPrefix: folder.file("new"))
        #expect(new.wait() == 0, "\(new.stderr)")
        #expect(new.stdout == "imported \(Fixture.day2014): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try CatalogProbe.count(folder.file("q")) == 146)
    }

    @Test("a read-only catalog: list reads it, and it is kept as it was")
    func readOnlyFileOnList() throws {
        let folder = TemporaryFolder()
        let db = try Self.monthCatalog(folder)
        let before = Self.bytes(db)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        let result = try runQuakesTUI(["list", "--db", db, "--limit", "0", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 410, "a header and the 409 quakes")
        #expect(Self.bytes(db) == before)
        #expect((try FileManager.default.attributesOfItem(atPath: db)[.posixPermissions] as? Int) == 0o444)
    }

    @Test("a read-only folder: import refuses an existing catalog in it, and a new one; list reads it")
    func readOnlyFolder() throws {
        let folder = TemporaryFolder()
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        let db = locked + "/quakes.sqlite"
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.month2014]).status == 0)
        let before = Self.bytes(db)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }

        let reason = "its folder is read-only (SQLite needs to write a journal next to it)"
        Self.expectOneLineError(try runQuakesTUI(["import", "--db", db, Fixture.day2014]), "error: database \(db): \(reason)")
        let listed = try runQuakesTUI(["list", "--db", db, "--limit", "2", "--format", "csv"])
        #expect(listed.status == 0 && listed.stdout.split(separator: "\n").count == 3, "\(listed.stderr)")
        let new = locked + "/new.sqlite"
        Self.expectOneLineError(try runQuakesTUI(["import", "--db", new, Fixture.day2014]),
                                "error: database \(new): folder \(locked) is read-only")
        #expect(Self.bytes(db) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked) == ["quakes.sqlite"])
    }

    /// A full disk, portably: the importer runs under a file size limit
    /// (`ulimit -f`; quakes-tui ignores SIGXFSZ), so SQLite's writes past it fail with
    /// EFBIG. SQLite reports that as a write I/O error, not SQLITE_FULL.
    @Test("a write refused by the system (file size limit): import fails in one line, the catalog intact")
    func fileSizeLimitOnImport() throws {
        let folder = TemporaryFolder()
        let db = try Self.monthCatalog(folder)
        let before = try CatalogProbe.rows(db)
        let size = try #require(Self.bytes(db)?.count)
        // 1,000 KiB: the 409-quake catalog (about 470 KiB) fits, the week
        // (4,711 quakes, about 4.5 MiB more) does not.
        let importer = try ChildProcess.quakesTUI(["import", "--db", db, Fixture.week], fileSizeLimit: 1000,
                                                  outputPrefix: folder.file("import"))
        #expect(importer.wait() == 1, "\(importer.stderr)")
        #expect(importer.terminatingSignal == nil)
        #expect(importer.stderr == """
            error: database \(db): cannot write: disk I/O error (the disk may be full, or the file over a size limit)

            """)
        #expect(importer.stdout == "")

        #expect(try #require(Self.bytes(db)?.count) >= size, "not truncated")
        #expect(try CatalogProbe.integrityCheck(db) == ["ok"])
        #expect(try CatalogProbe.rows(db) == before)
        // Room again: the same import goes through.
        let again = try runQuakesTUI(["import", "--db", db, Fixture.week])
        #expect(again.stdout == "imported \(Fixture.week): 4711 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try CatalogProbe.count(db) == 409 + 4711)
    }

    /// Whether this process may mount a tmpfs (root, and a kernel and
    /// container that allow it): tried once, on a scratch folder.
    static let canMountTmpfs: Bool = {
        guard geteuid() == 0 else { return false }
        let folder = TemporaryFolder()
        let point = folder.file("mnt")
        try? FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: false)
        guard let mount = try? ChildProcess(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", point],
                                            outputPrefix: folder.file("mount")),
              mount.wait(timeout: 10) == 0 else { return false }
        _ = try? ChildProcess(["umount", "-l", point], outputPrefix: folder.file("umount")).wait(timeout: 10)
        return true
    }()

    @Test("a really full disk (a small tmpfs, when it can be mounted): import says so, the catalog intact and readable",
          .enabled(if: canMountTmpfs))
    func fullDiskOnImport() throws {
        let folder = TemporaryFolder()
        let source = try Self.monthCatalog(folder, "source.sqlite")
        let point = folder.file("disk")
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: false)
        let mount = try ChildProcess(["mount", "-t", "tmpfs", "-o", "size=1200k", "tmpfs", point], outputPrefix: folder.file("mount"))
        try #require(mount.wait(timeout: 10) == 0, "\(mount.stderr)")
        defer { _ = try? ChildProcess(["umount", "-l", point], outputPrefix: folder.file("umount")).wait(timeout: 10) }
        let db = point + "/quakes.sqlite"
        try FileManager.default.copyItem(atPath: source, toPath: db)
        let before = try CatalogProbe.rows(db)
        let size = try #require(Self.bytes(db)?.count)

        let result = try runQuakesTUI(["import", "--db", db, Fixture.week])
        Self.expectOneLineError(result, "error: database \(db): cannot write: disk is full")
        #expect(try #require(Self.bytes(db)?.count) >= size, "not truncated")
        #expect(try CatalogProbe.integrityCheck(db) == ["ok"])
        #expect(try CatalogProbe.rows(db) == before)
        let list = try runQuakesTUI(["list", "--db", db, "--format", "csv"])
        #expect(list.status == 0, "a full disk does not stop reading: \(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 409 + 1)
    }
}
