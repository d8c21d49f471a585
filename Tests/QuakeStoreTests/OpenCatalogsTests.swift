import Foundation
import GRDB
import Testing
@testable import QuakeStore

/// A catalog's close that cannot end in time (its writer busy) is said, so
/// that the program ends without running exit handlers beside SQLite
/// (`exitClosingCatalogs`); an idle catalog closes within the wait.
struct OpenCatalogsTests {
    @Test func aCloseHeldUpByAWriteIsSaidNotToHaveEnded() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let pool = try #require(catalog.dbWriter as? DatabasePool)
        let writing = DispatchSemaphore(value: 0)
        let writeDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? pool.writeWithoutTransaction { _ in
                writing.signal()
                Thread.sleep(forTimeInterval: 1)
            }
            writeDone.signal()
        }
        writing.wait()
        #expect(OpenCatalogs.close([pool], waiting: 0.1) == false)
        writeDone.wait()

        let idle = try #require(try folder.catalog("idle.sqlite").dbWriter as? DatabasePool)
        #expect(OpenCatalogs.close([idle], waiting: 5) == true)
        #expect(throws: (any Error).self) { try idle.read { db in try Int.fetchOne(db, sql: "SELECT 1") } }
    }
}
