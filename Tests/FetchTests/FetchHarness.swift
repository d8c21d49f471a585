import Foundation
import QuakeStore
import Testing
import TestSupport

/// A catalog holding the March 2014 M4.5+ month (409 quakes), the test HTTP
/// server, and a config folder of the test's own: what the fetch suites share.
struct FetchHarness {
    let server: FeedServer
    let folder = TemporaryFolder()
    let db: String
    /// No user config file leaks in.
    let environment: [String: String]

    init() throws {
        server = try FeedServer()
        db = folder.file("quakes.sqlite")
        environment = ["XDG_CONFIG_HOME": folder.file("config")]
        let seeded = try runQuakesTUI(["import", "--db", db, Fixture.month2014], environment: environment)
        #expect(seeded.status == 0, "\(seeded.stderr)")
    }

    func fetch(_ arguments: [String]) throws -> CommandResult {
        try runQuakesTUI(["fetch", "--db", db] + arguments, environment: environment)
    }

    var configPath: String { folder.file("config/quakes-tui/config.toml") }

    func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: folder.file("config/quakes-tui"), withIntermediateDirectories: true)
        folder.write("config/quakes-tui/config.toml", text)
    }

    func catalogIDs() throws -> Set<String> {
        try Set(QuakeCatalog(path: db).dbWriter.read { db in try String.fetchAll(db, sql: "SELECT id FROM quake") })
    }

    /// A failed fetch leaves the 409 quakes alone and records no update.
    func expectUntouched(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try catalogIDs() == Set(try Fixture.features(Fixture.month2014).map { $0["id"] as! String }),
                sourceLocation: sourceLocation)
        #expect(try QuakeCatalog(path: db).lastFetch() == nil, sourceLocation: sourceLocation)
    }
}
