import Foundation
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// An observed aggregate depends on which quakes are selected (the
/// predicate and the catalog's data), not on their order: a sort or a
/// sections change reads none again (it re-ran the map's aggregate on every
/// sort), a selection change or a commit does.
@Suite(.timeLimit(.minutes(10)))
struct AggregateKeyTests {
    static let grid = AggregateRequest(groups: [.bin(.latitude, width: 10, origin: -90), .bin(.longitude, width: 10, origin: -180)],
                                       measures: [.max(.magnitude)])

    @Test func aSortOrSectionsReadsNoAggregateASelectionOrACommitDoes() async throws {
        let week = try WeekCatalog()
        let controller = try ResultsController(week.catalog, configuration: FetchConfiguration())
        let results = AggregateLog()
        let observation = controller.onAggregate(Self.grid) { results.append($0, newestSnapshot: nil) }
        try controller.start()
        let first = try await waitForAggregate(results) { _ in true }
        #expect(first.rows == AggregateOracle.rows(week.all, predicate: nil, Self.grid))
        let reads = controller.aggregateReads

        controller.fetch { $0.sortKeys = [SortKey(.magnitude, ascending: false)] }
        let sorted = try await waitForAggregate(results) { $0.configuration.sortKeys.first?.field == .magnitude }
        controller.fetch { $0.sectionIdentifier = .day }
        let sectioned = try await waitForAggregate(results) { $0.configuration.sectionIdentifier == .day }
        #expect(sorted.generation > first.generation && sectioned.generation > sorted.generation,
                "delivered for each new snapshot")
        #expect(sorted.rows == first.rows && sectioned.rows == first.rows)
        #expect(controller.aggregateReads == reads, "a sort and a sections change read no aggregate")

        let predicate = try QuakePredicate("magnitude >= 2.5")
        controller.fetch { $0.predicate = predicate }
        let filtered = try await waitForAggregate(results) { $0.configuration.predicate == predicate }
        #expect(filtered.rows == AggregateOracle.rows(week.all, predicate: predicate, Self.grid))
        #expect(controller.aggregateReads == reads + 1, "a new selection is read")

        // A commit: the same selection over changed data is read again.
        let time = Int64(Date(timeIntervalSince1970: 1_528_900_000).timeIntervalSince1970 * 1000)
        _ = try QuakeImporter(catalog: week.catalog).importData(
            Data(singleQuakeFeed(id: "us1000zzzz", place: "Key test", magnitude: 6.1, time: time).utf8), name: "commit")
        let committed = try await waitForAggregate(results) { $0.count == filtered.count + 1 }
        #expect(committed.configuration.predicate == predicate)
        #expect(controller.aggregateReads == reads + 2, "a commit is read")
        observation.cancel()
        controller.stop()
    }
}
