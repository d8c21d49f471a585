import Foundation
import QuakeQuery
import QuakeStore
import Testing

@Suite struct ResultsControllerTests {
    let week: WeekCatalog

    init() throws { week = try WeekCatalog() }

    @Test func theFirstRowsComeBeforeTheCountThenTheCount() async throws {
        let controller = try ResultsController(week.catalog, sortDescriptors: [SortDescriptor(\Quake.time, order: .reverse)])
        let seen = SnapshotLog()
        controller.onSnapshot { seen.append($0) }
        try controller.start()
        let complete = try await waitForSnapshot(controller) { $0.isComplete }
        let log = seen.all
        #expect(log.first?.isCountPending == true, "the first delivery does not wait for the count")
        #expect(log.first?.rows(in: 0..<3).map(\.id) == ["hv70264586", "hv70264576", "ci38197512"])
        #expect(complete.count == 4713)
        #expect(complete.rows(in: 0..<3).map(\.id) == ["hv70264586", "hv70264576", "ci38197512"])
        #expect(complete.rows(in: 4711..<4800).count == 2, "rows past the end are not invented")
        #expect(complete.quake(at: 2500)?.id == oracleOrder(week.all, controller.configuration)[2500].id,
                "rows far from the first window are fetched on demand")
        controller.stop()
    }

    @Test func settingThePredicateRefetches() async throws {
        let controller = try ResultsController(week.catalog, sortDescriptors: [SortDescriptor(\Quake.time, order: .reverse)])
        try controller.start()
        _ = try await waitForSnapshot(controller) { $0.isComplete }
        try controller.fetch { $0.predicate = try QuakePredicate("place CONTAINS[cd] %@", "alaska") }
        let snapshot = try await waitForSnapshot(controller) { $0.isComplete && $0.configuration.predicate != nil }
        #expect(snapshot.count == 316)
        #expect(snapshot.rows(in: 0..<316).allSatisfy { $0.place.lowercased().contains("alaska") })
        controller.stop()
    }

    @Test func changesOfTheConfigurationRefetch() async throws {
        let controller = try ResultsController(week.catalog, sortDescriptors: [SortDescriptor(\Quake.time, order: .reverse)])
        try controller.start()
        controller.fetch { $0.sortDescriptors = [SortDescriptor(\Quake.magnitude, order: .reverse)] }
        #expect(controller.sortKeys == [SortKey(.magnitude, ascending: false)])
        let bySize = try await waitForSnapshot(controller) { $0.isComplete && $0.configuration.sortKeys.first?.field == .magnitude }
        #expect(bySize.quake(at: 0)?.magnitude == 5.8)

        try controller.fetch { $0.predicate = try QuakePredicate("net == 'nc'") }
        let nc = try await waitForSnapshot(controller) { $0.isComplete && $0.configuration.predicate != nil }
        #expect(nc.count == 401)

        controller.fetch { $0.sectionIdentifier = .day }
        let sectioned = try await waitForSnapshot(controller) { $0.isComplete && $0.configuration.sectionIdentifier == .day }
        #expect(sectioned.sections.map(\.count).reduce(0, +) == 401)
        controller.stop()
    }

    @Test func aBurstOfChangesDeliversTheLastConfiguration() async throws {
        let controller = try ResultsController(week.catalog, sortDescriptors: [SortDescriptor(\Quake.time, order: .reverse)])
        let seen = SnapshotLog()
        controller.onSnapshot { seen.append($0) }
        try controller.start()
        let words = (1...100).map { String("volcano, hawaii".prefix($0 % 15 + 1)) }
        for word in words { controller.fetch { $0.predicate = QuakePredicate.placeContains(word) } }
        let last = try await waitForSnapshot(controller) { $0.isComplete && $0.configuration.predicate == QuakePredicate.placeContains(words.last!) }
        let expected = oracleOrder(week.all, controller.configuration)
        #expect(last.count == expected.count)
        #expect(last.rows(in: 0..<50).map(\.id) == expected.prefix(50).map(\.id))
        let complete = seen.all.filter(\.isComplete)
        #expect(complete.count < 100, "stale configurations are dropped, not all fetched")
        #expect(seen.all.map(\.generation) == seen.all.map(\.generation).sorted(), "never an older result after a newer one")
        controller.stop()
    }

    @Test func anImportThroughTheStoreYieldsANewSnapshot() async throws {
        let controller = try ResultsController(week.catalog, sortDescriptors: [SortDescriptor(\Quake.time, order: .reverse)])
        try controller.start()
        _ = try await waitForSnapshot(controller) { $0.count == 4713 }
        _ = try QuakeImporter(catalog: week.catalog).importFile(at: Fixture.day2014)
        let after = try await waitForSnapshot(controller) { $0.count == 4713 + 146 }
        #expect(after.rows(in: 4713..<4859).map(\.id) == (try feedIDsNewestFirst(Fixture.day2014)),
                "the new rows, oldest of all, at the end in time order")
        #expect(after.rows(in: 0..<1).first?.id == "hv70264586")
        controller.stop()
    }

    /// The ids of a feed file's features, newest first (ties by id, descending).
    private func feedIDsNewestFirst(_ path: String) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        let features = (json["features"] as! [[String: Any]]).map {
            ($0["id"] as! String, (($0["properties"] as! [String: Any])["time"] as! NSNumber).int64Value)
        }
        return features.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 > $1.0 }.map(\.0)
    }

    @Test func anImportFromAnotherProcessIsNoticed() async throws {
        let controller = try ResultsController(week.catalog, sortDescriptors: [SortDescriptor(\Quake.time, order: .reverse)])
        try controller.start()
        _ = try await waitForSnapshot(controller) { $0.count == 4713 }
        let result = try runQuakesTUI(["import", "--db", week.catalog.path, Fixture.month2014])
        #expect(result.status == 0, "\(result.stderr)")
        let after = try await waitForSnapshot(controller) { $0.count == 4713 + 409 }
        #expect(after.rows(in: 0..<1).first?.id == "hv70264586")
        #expect(after.rows(in: 4713..<5122).map(\.id) == (try feedIDsNewestFirst(Fixture.month2014)),
                "the other process's rows, in time order after the week's")
        controller.stop()
    }

    @Test func deletingRemovesRowsFromTheSnapshot() async throws {
        let controller = try ResultsController(week.catalog, sortDescriptors: [SortDescriptor(\Quake.time, order: .reverse)])
        try controller.start()
        _ = try await waitForSnapshot(controller) { $0.count == 4713 }
        _ = try week.catalog.delete(ids: ["hv70264586", "hv70264576"])
        let after = try await waitForSnapshot(controller) { $0.count == 4711 }
        #expect(after.rows(in: 0..<1).first?.id == "ci38197512")
        #expect(try week.catalog.count() == 4711)
        controller.stop()
    }

    @Test func snapshotsArriveOnAnAsyncStream() async throws {
        let controller = try ResultsController(week.catalog, sortDescriptors: [SortDescriptor(\Quake.depth)])
        let stream = controller.snapshots
        try controller.start()
        var complete: ResultsSnapshot?
        for await snapshot in stream where snapshot.isComplete {
            complete = snapshot
            break
        }
        #expect(complete?.count == 4713)
        #expect(complete?.quake(at: 0)?.depth == week.all.map(\.depth).min())
        controller.stop()
    }
}

/// Snapshots as delivered, from the controller's queue.
final class SnapshotLog: @unchecked Sendable {
    private let lock = NSLock()
    private var snapshots: [ResultsSnapshot] = []

    func append(_ snapshot: ResultsSnapshot) { lock.withLock { snapshots.append(snapshot) } }
    var all: [ResultsSnapshot] { lock.withLock { snapshots } }
}
