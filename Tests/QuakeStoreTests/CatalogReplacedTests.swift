import Foundation
@testable import QuakeStore
import Testing
import TestSupport

/// A catalog replaced (`mv new.sqlite cat.sqlite`) or removed while a
/// browser has it open: its next write went into `cat.sqlite-wal`, which
/// then paired with the other file and corrupted it. Every write now
/// checks that the path still names the file it opened.
@Suite("A catalog replaced while open")
struct CatalogReplacedTests {
    /// An open catalog at `cat.sqlite` (146 quakes), and a second catalog
    /// (409 quakes) closed and moved over it.
    static func replacedCatalog(_ folder: TemporaryFolder) throws -> (open: QuakeCatalog, replacementIDs: [String]) {
        let open = try QuakeCatalog(path: folder.file("cat.sqlite"))
        _ = try QuakeImporter(catalog: open).importFile(at: Fixture.day2014)
        // An idle browser's WAL holds nothing yet to replay into another file.
        try open.dbWriter.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        let other = folder.file("new.sqlite")
        do {
            let replacement = try QuakeCatalog(path: other)
            _ = try QuakeImporter(catalog: replacement).importFile(at: Fixture.month2014)
        }   // closed: its WAL checkpointed into new.sqlite and removed
        let ids = try CatalogProbe.ids(other)
        #expect(rename(other, folder.file("cat.sqlite")) == 0)
        return (open, ids)
    }

    @Test("a delete after the file was replaced is refused, and the new file is left whole")
    func deleteIntoAReplacedCatalogIsRefused() throws {
        let folder = TemporaryFolder()
        let (open, ids) = try Self.replacedCatalog(folder)
        #expect(ids.count == 409)

        let error = #expect(throws: CatalogError.self) { try open.delete(ids: [ids[0]]) }
        #expect(error?.description == "the catalog was replaced or removed while open; nothing was written")

        #expect(try CatalogProbe.integrityCheck(folder.file("cat.sqlite")) == ["ok"])
        #expect(try CatalogProbe.ids(folder.file("cat.sqlite")) == ids)
    }

    @Test("an import (the browser's refresh) into a replaced catalog is refused whole, inside its transaction")
    func importIntoAReplacedCatalogIsRefused() throws {
        let folder = TemporaryFolder()
        let (open, ids) = try Self.replacedCatalog(folder)

        let error = #expect(throws: CatalogError.self) {
            _ = try QuakeImporter(catalog: open).importFile(at: Fixture.week)
        }
        #expect(error?.description
                == "database \(folder.file("cat.sqlite")): the catalog was replaced or removed while open; nothing was written")

        #expect(try CatalogProbe.integrityCheck(folder.file("cat.sqlite")) == ["ok"])
        #expect(try CatalogProbe.ids(folder.file("cat.sqlite")) == ids)
    }

    @Test("a removed catalog is said in the same words")
    func deleteFromARemovedCatalogIsRefused() throws {
        let folder = TemporaryFolder()
        let open = try QuakeCatalog(path: folder.file("cat.sqlite"))
        _ = try QuakeImporter(catalog: open).importFile(at: Fixture.day2014)
        let id = try #require(try CatalogProbe.ids(open.path).first)
        #expect(unlink(open.path) == 0)

        let error = #expect(throws: CatalogError.self) { try open.delete(ids: [id]) }
        #expect(error?.description == "the catalog was replaced or removed while open; nothing was written")
        #expect(!FileManager.default.fileExists(atPath: open.path))
    }
}
