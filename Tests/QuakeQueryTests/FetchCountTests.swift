import Foundation
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// How many fetches the controller makes: one per configuration that
/// differs from the current one, one per commit. Counted by generation: the
/// controller numbers every fetch it starts, so the generation of the
/// newest snapshot minus the one before the change is how many fetches the
/// change started, and the snapshots delivered since show which completed.
@Suite(.timeLimit(.minutes(10))) struct FetchCountTests {
    let week: WeekCatalog

    init() throws { week = try WeekCatalog() }

    /// A started controller, its complete first snapshot delivered, and
    /// the log of everything delivered after that.
    private func settledController(changesSince: Date = Date()) async throws -> (ResultsController, SnapshotLog, Int) {
        let controller = try ResultsController(week.catalog, configuration: FetchConfiguration(), changesSince: changesSince)
        try controller.start()
        let first = try await waitForSnapshot(controller) { $0.isComplete }
        let log = SnapshotLog()
        controller.onSnapshot { log.append($0) }
        return (controller, log, first.generation)
    }

    /// Past the poll interval with a second to spare, for a second fetch
    /// that should not come. Counted in short sleeps like `waitForSnapshot`.
    private func waitPastThePoller() async throws {
        for _ in 0..<250 { try await Task.sleep(nanoseconds: 5_000_000) }
    }

    /// The generations of the complete snapshots delivered, in order.
    private func completeGenerations(_ log: SnapshotLog) -> [Int] {
        log.all.filter(\.isComplete).map(\.generation)
    }

    @Test func settingAnEqualConfigurationFetchesNothing() async throws {
        let (controller, log, before) = try await settledController()
        try controller.fetch { $0.predicate = try QuakePredicate("magnitude >= 4") }
        let filtered = try await waitForSnapshot(controller) { $0.isComplete && $0.configuration.predicate != nil }
        #expect(filtered.generation == before + 1)

        // The same values again, each way a configuration can be set.
        controller.fetch(controller.configuration)
        try controller.fetch { $0.predicate = try QuakePredicate("magnitude >= 4") }   // parsed anew: equal, not the same instance
        controller.fetch { $0.sortKeys = [SortKey(.time, ascending: false)] }
        controller.fetch { $0.sortDescriptors = [SortDescriptor(\Quake.time, order: .reverse)] }
        controller.fetch { $0.sectionIdentifier = nil }
        controller.fetch(FetchConfiguration(predicate: try QuakePredicate("magnitude >= 4")))

        // Then a different one: the next fetch, with no other in between.
        controller.fetch { $0.sortKeys = [SortKey(.magnitude, ascending: false)] }
        let sorted = try await waitForSnapshot(controller) { $0.isComplete && $0.configuration.sortKeys.first?.field == .magnitude }
        #expect(sorted.generation == before + 2, "only the two different configurations were fetched")
        #expect(completeGenerations(log) == [before + 1, before + 2])
        #expect(sorted.count == filtered.count)
        controller.stop()
    }

    @Test func aTextEqualInSwiftButNotInBytesIsADifferentConfiguration() async throws {
        // "Île" precomposed (U+00CE) and as I + U+0302: Swift's == calls them
        // equal, SQLite compares bytes and finds only the stored spelling.
        let (controller, _, before) = try await settledController()
        try controller.fetch { $0.predicate = try QuakePredicate("place == %@", "\u{CE}le Somewhere") }
        let precomposed = try await waitForSnapshot(controller) { $0.isComplete && $0.generation == before + 1 }
        #expect(precomposed.count == 1)
        try controller.fetch { $0.predicate = try QuakePredicate("place == %@", "I\u{302}le Somewhere") }
        let decomposed = try await waitForSnapshot(controller) { $0.isComplete && $0.generation == before + 2 }
        #expect(decomposed.count == 0, "the decomposed text is fetched, and matches no stored byte")
        controller.stop()
    }

    @Test func anImportThroughThisProcessIsFetchedOnce() async throws {
        try await expectOneFetch(of: "the observation's fetch, and not the poller's after it") {
            _ = try QuakeImporter(catalog: week.catalog).importFile(at: Fixture.day2014)
        }
    }

    @Test func anImportByAnotherProcessIsFetchedOnce() async throws {
        try await expectOneFetch(of: "the poller's fetch") {
            let result = try runQuakesTUI(["import", "--db", week.catalog.path, Fixture.day2014])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    /// `importing` adds the 146 quakes of the 2014 day: exactly one fetch
    /// follows, `which` one, and nothing after it.
    func expectOneFetch(of which: Comment, sourceLocation: SourceLocation = #_sourceLocation,
                        importing: () throws -> Void) async throws {
        let (controller, log, before) = try await settledController()
        try importing()
        _ = try await waitForSnapshot(controller) { $0.isComplete && $0.count == 4713 + 146 }
        try await waitPastThePoller()
        #expect(completeGenerations(log) == [before + 1], which, sourceLocation: sourceLocation)
        #expect(controller.snapshot?.generation == before + 1, sourceLocation: sourceLocation)
        controller.stop()
    }

    @Test func aDeleteIsFetchedOnce() async throws {
        let (controller, log, before) = try await settledController()
        _ = try week.catalog.delete(ids: ["hv70264586", "hv70264576"])
        let after = try await waitForSnapshot(controller) { $0.isComplete && $0.count == 4711 }
        try await waitPastThePoller()
        #expect(after.rows(in: 0..<1).first?.id == "ci38197512")
        #expect(completeGenerations(log) == [before + 1], "the observation's fetch; the poller adds none")
        #expect(controller.snapshot?.generation == before + 1)
        controller.stop()
    }

    @Test func recentChangesAreTheLastThirtySeconds() async throws {
        // Changes since an hour ago would include all three times; the
        // marks last 30 s, so only the row changed 5 s ago is reported.
        let (controller, _, before) = try await settledController(changesSince: Date(timeIntervalSinceNow: -3600))
        let now = Date().epochMilliseconds
        try await week.catalog.dbWriter.write { db in
            // The whole week was imported a moment ago: make that 2 minutes ago.
            try db.execute(sql: "UPDATE quake SET changedAt = ?", arguments: [now - 120_000])
            try db.execute(sql: "UPDATE quake SET changedAt = ? WHERE id = ?", arguments: [now - 31_000, "hv70264586"])
            try db.execute(sql: "UPDATE quake SET changedAt = ? WHERE id = ?", arguments: [now - 5_000, "hv70264576"])
        }
        let after = try await waitForSnapshot(controller) { $0.isComplete && $0.generation > before }
        #expect(after.recentlyChanged.count == 1, "not the rest of the week, changed 2 minutes ago")
        #expect(after.recentlyChanged["hv70264586"] == nil, "changed 31 s ago")
        #expect(after.recentlyChanged["hv70264576"]?.changedAt == Date(epochMilliseconds: now - 5_000))
        controller.stop()
    }

    /// Since the browser's last look (`marksSince`), older changes are
    /// reported too, each with when its row was first stored: an insert's
    /// own moment, an earlier one for a row changed since, none for a row
    /// stored before the catalog kept it.
    @Test func changesSinceTheLastLookAreReportedWithWhenTheirRowsWereAdded() async throws {
        let (controller, _, before) = try await settledController(changesSince: Date(timeIntervalSinceNow: -3600))
        let now = Date().epochMilliseconds
        controller.marksSince = Date(epochMilliseconds: now - 600_000)
        try await week.catalog.dbWriter.write { db in
            try db.execute(sql: "UPDATE quake SET changedAt = ?, addedAt = NULL", arguments: [now - 1_200_000])
            try db.execute(sql: "UPDATE quake SET changedAt = ?, addedAt = ? WHERE id = ?",
                           arguments: [now - 300_000, now - 300_000, "hv70264586"])
            try db.execute(sql: "UPDATE quake SET changedAt = ?, addedAt = ? WHERE id = ?",
                           arguments: [now - 200_000, now - 900_000, "hv70264576"])
            try db.execute(sql: "UPDATE quake SET changedAt = ? WHERE id = ?", arguments: [now - 100_000, "ci38197512"])
        }
        let after = try await waitForSnapshot(controller) { $0.isComplete && $0.generation > before }
        #expect(Set(after.recentlyChanged.keys) == ["hv70264586", "hv70264576", "ci38197512"],
                "the three changed in the last ten minutes, not the rest, 20 minutes ago")
        let since = Date(epochMilliseconds: now - 600_000)
        #expect(after.recentlyChanged["hv70264586"]?.isAddition(after: since) == true)
        #expect(after.recentlyChanged["hv70264576"]?.isAddition(after: since) == false, "added before, changed since")
        #expect(after.recentlyChanged["ci38197512"]?.addedAt == nil)
        controller.stop()
    }

    /// A large import changes more rows than are reported: the newest are,
    /// so a quake that came after it is still marked.
    @Test func moreChangesThanReportedKeepTheNewest() async throws {
        let folder = TemporaryFolder()
        let path = folder.file("synthetic.geojson")
        try SyntheticFeed.write(count: ResultsPage.recentChangesLimit + 500, to: path)
        _ = try QuakeImporter(catalog: week.catalog).importFile(at: path)
        let (controller, _, before) = try await settledController(changesSince: Date(timeIntervalSinceNow: -3600))
        let now = Date().epochMilliseconds
        try await week.catalog.dbWriter.write { db in
            try db.execute(sql: "UPDATE quake SET changedAt = ? WHERE id LIKE 'zz%'", arguments: [now - 10_000])
            try db.execute(sql: "UPDATE quake SET changedAt = ? WHERE id = 'hv70264586'", arguments: [now - 1_000])
        }
        let after = try await waitForSnapshot(controller) { $0.isComplete && $0.generation > before }
        #expect(after.recentlyChanged.count == ResultsPage.recentChangesLimit)
        #expect(after.recentlyChanged["hv70264586"] != nil, "the newest change, after 10,500 older ones")
        controller.stop()
    }
}
