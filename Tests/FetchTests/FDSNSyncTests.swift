import Foundation
import Testing
import TestSupport

/// `sync` after `fetch --service URL`: a URL's service is asked again from a
/// day before the newest quake stored in the source's range; what is new
/// or revised there lands, the rest counts unchanged.
@Suite("sync of an FDSN source", .timeLimit(.minutes(10)))
struct FDSNSyncTests {
    let harness = FDSNHarness()

    func magnitude(_ id: String) throws -> Double? {
        try harness.read { db in try Double.fetchOne(db, sql: "SELECT magnitude FROM quake WHERE id = ?", arguments: [id]) }
    }

    @Test("a new event and a revised magnitude: `synced … 1 new, 1 updated`; then nothing new")
    func syncNewAndRevised() throws {
        let (path, synthetic) = try harness.syntheticCatalog(300, from: "2018-06-01T00:00:00", to: "2018-06-28T00:00:00")
        let server = try FDSNServer(catalog: path)
        let fetched = try harness.fetch(server, ["--start", "2018-06-01", "--end", "2018-07-01"])
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stdout == "fetched \(server.baseURL) 2018-06-01…2018-07-01 in 1 window: 300 new, 0 updated, 0 skipped\n")

        // The newest event revised (a magnitude it never had), one event added after it.
        var events = synthetic
        let newest = events.indices.max { millis(events[$0]) < millis(events[$1]) }!
        let revisedID = events[newest].id
        events[newest].magnitude = events[newest].magnitude == "6.6" ? "6.7" : "6.6"
        events[newest].updatedText = "2018-07-05T00:00:00.000"
        events.append(CatalogEvent(id: "new0001", timeText: "2018-06-29T12:00:00.000", latitude: "35.5", longitude: "139.5",
                                   depth: "10", magnitude: "5.1", place: "Near Tokyo, Japan",
                                   updatedText: "2018-06-29T12:10:00.000"))
        try FDSNCatalog.write(events, to: path)

        let from = millis(events[newest]) - 86_400_000
        let synced = try harness.run("sync", ["--max-rate", "100"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr == "")
        #expect(synced.stdout == "synced \(server.baseURL) \(rangeText(from, millis("2018-07-01"))) in 1 window: 1 new, 1 updated, 0 skipped\n")
        #expect(try magnitude(revisedID) == Double(events[newest].magnitude))
        #expect(try magnitude("new0001") == 5.1)
        #expect(Set(try harness.storedIDs()) == Set(events.map(\.id)))
        let query = try #require(LoggedRequest.log(server).last { $0.endpoint == "query" })
        #expect(query.window.start == from && query.window.end == millis("2018-07-01"))
        #expect(query.parameters["updatedafter"] == nil, "a URL's service is not trusted with updatedafter")

        // Again: from a day before the new newest quake, nothing new.
        let again = try harness.run("sync", ["--max-rate", "100"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "synced \(server.baseURL) 2018-06-28 12:00…2018-07-01 in 1 window: 0 new, 0 updated, 0 skipped\n")
        let source = try harness.read { db in try Int.fetchOne(db, sql: "SELECT events FROM fetchSource") }
        #expect(source == 302)
    }

    @Test("sync with no source remembered: one line, exit 1")
    func nothingToSync() throws {
        let result = try harness.run("sync")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: nothing to sync: the catalog remembers no source (fetch --service NAME or --feed NAME first)\n")
    }

    @Test("sync goes on with an unfinished backfill first, then says what it fetched")
    func syncFinishesBackfill() throws {
        let (path, catalog) = try harness.syntheticCatalog(3000, from: "2018-06-01T00:00:00", to: "2018-06-30T23:59:59")
        let first = try FDSNServer(catalog: path, options: ["--limit", "500", "--cut-at", "2"])
        let failed = try harness.fetch(first, ["--start", "2018-06-01", "--end", "2018-07-01"])
        #expect(failed.status == 1)
        let doneBefore = try harness.windows().filter(\.done).count
        #expect(doneBefore == 1)
        let kept = try harness.storedIDs().count
        let synced = try harness.run("sync", ["--max-rate", "100"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let ledger = try harness.windows()
        #expect(ledger.allSatisfy { $0.done })
        let ids = try harness.storedIDs()
        #expect(ids.count == 3000 && Set(ids) == Set(catalog.map(\.id)))
        #expect(synced.stdout == "synced \(first.baseURL) 2018-06-01…2018-07-01 in \(ledger.count) windows (1 done before): "
                + "\(thousands(3000 - kept)) new, 0 updated, 0 skipped\n")
    }
}
