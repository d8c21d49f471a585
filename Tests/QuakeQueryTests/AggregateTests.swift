import Foundation
import PropertyBased
import QuakeQuery
import QuakeStore
import Testing

/// Requests of the kinds a map and charts make: cells of a lat/lon grid
/// (origins off the grid of degrees), hours, tenths of magnitude, calendar
/// months by network, the whole results, and a viewport restriction.
private let requests: [AggregateRequest] = [
    AggregateRequest(groups: [.bin(.latitude, width: 7.5, origin: -90), .bin(.longitude, width: 11.25, origin: -180)],
                     measures: [.max(.magnitude), .min(.magnitude)]),
    AggregateRequest(groups: [.bin(.latitude, width: 2.5, origin: -33.3), .bin(.longitude, width: 0.7, origin: -151.2)],
                     measures: [.max(.felt)]),
    AggregateRequest(groups: [.bin(.time, width: 3_600_000, origin: 0)], measures: [.min(.time), .max(.time)]),
    AggregateRequest(groups: [.bin(.time, width: 604_800_000, origin: 1_528_588_800_000)], measures: [.max(.updated)]),
    AggregateRequest(groups: [.rounded(.magnitude, decimals: 1)], measures: [.min(.depth), .max(.depth)]),
    AggregateRequest(groups: [.calendar(.time, .month), .value(.net)], measures: [.max(.place), .min(.alert)]),
    AggregateRequest(groups: [.calendar(.time, .year), .value(.alert)], measures: [.min(.place)]),
    AggregateRequest(measures: [.min(.magnitude), .max(.felt), .min(.latitude), .max(.longitude)]),
    AggregateRequest(groups: [.bin(.latitude, width: 1, origin: 15), .bin(.longitude, width: 1, origin: -160)],
                     measures: [.max(.magnitude)],
                     restriction: try! QuakePredicate("latitude BETWEEN {15, 25} AND longitude BETWEEN {-160, -150}")),
    AggregateRequest(groups: [.value(.magnitude)], restriction: try! QuakePredicate("place CONTAINS[cd] 'hawaii'")),
    // A map's dots: the whole world at 100x30 cells, and a view across the antimeridian.
    AggregateRequest(groups: [.grid(.latitude, from: 90, to: -90, count: 120), .grid(.longitude, from: -180, to: 180, count: 200)],
                     measures: [.max(.magnitude)]),
    AggregateRequest(groups: [.grid(.latitude, from: 10, to: -40, count: 48), .grid(.longitude, from: 150, to: 215.5, count: 70, period: 360)],
                     measures: [.max(.magnitude)]),
]

/// Aggregates against counts computed in Swift from the rows themselves.
/// Serialized, like the predicate oracle: CPU-bound and blocking.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AggregateTests {
    /// Three of the requests (which three turns with `turn`: the oracle is
    /// slow in a debug build) over the predicate's results, computed
    /// synchronously, against the oracle; without a restriction the counts
    /// add up to the table's own count.
    private func expectOracleAgrees(_ text: String, _ catalog: LoadedCatalog, turn: Int) throws {
        let predicate = try QuakePredicate(text)
        let controller = try ResultsController(catalog.database, configuration: FetchConfiguration(predicate: predicate))
        let tableCount = try controller.fetchNow().count
        let selected = catalog.quakes.filter(predicate.selects)
        for offset in [0, 3, 7] {
            let request = requests[(turn + offset) % requests.count]
            let result = try controller.aggregate(request)
            #expect(result.rows == AggregateOracle.rows(selected, predicate: nil, request), "\(text): \(request)")
            if request.restriction == nil { #expect(result.count == tableCount, "\(text): \(request)") }
            #expect(result.request == request)
            #expect(result.configuration.predicate == predicate)
        }
    }

    @Test("group counts and measures equal Swift's for the oracle predicates", arguments: oraclePredicates.indices)
    func oraclePredicate(_ index: Int) throws {
        try expectOracleAgrees(oraclePredicates[index], try SharedCatalogs.oracle.get(), turn: index)
    }

    @Test("group counts and measures equal Swift's for random predicates")
    func randomPredicates() async throws {
        let catalog = try SharedCatalogs.oracle.get()
        let grammar = PredicateGrammar(quakes: catalog.quakes)
        let predicates = Generator<String, Shrink.None<String>> { rng in grammar.predicate(depth: 2, using: &rng) }
        await propertyCheck(count: 40, input: predicates) { text in try expectOracleAgrees(text, catalog, turn: text.utf8.count) }
    }

    /// Hand-made quakes on the edges: below zero, on a bin's lower bound,
    /// the last millisecond of a month, before 1970, magnitudes at halves.
    /// Each expectation is worked out by hand from the definitions.
    private static let edges: [(id: String, latitude: Double, longitude: Double, time: String, magnitude: Double?,
                                latitudeBin: Int, longitudeBin: Int, month: Int, tenths: Int?, hour: Int)] = [
        ("e-south", -0.5, -0.5, "2018-05-31T23:59:59.999Z", -0.25, -1, -1, 2018 * 12 + 4, -3, 424_391),
        ("e-origin", 0, 0, "2018-06-01T00:00:00.000Z", 0.05, 0, 0, 2018 * 12 + 5, 1, 424_392),
        ("e-bound", -10, -180, "2017-12-31T23:59:59.999Z", 4.45, -1, -180, 2017 * 12 + 11, 45, 420_767),
        ("e-pole", -89.99, 179.99, "1969-12-31T23:59:59.999Z", -0.45, -9, 179, 1969 * 12 + 11, -5, -1),
        ("e-older", 9.99, -0.01, "1969-12-31T22:59:59.999Z", nil, 0, -1, 1969 * 12 + 11, nil, -2),
        ("e-year-one", 10, 1e-9, "0001-01-01T00:00:00.000Z", 2.35, 1, 0, 1 * 12 + 0, 24, -17_259_888),
    ]

    @Test("bins floor below zero, rounding takes halves away from zero, months are UTC")
    func edgeValues() throws {
        let folder = NSTemporaryDirectory() + "quakes-aggregate-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = try QuakeCatalog(path: folder + "/edges.sqlite")
        let features = try Self.edges.map { edge in
            try Self.feature(edge.id, latitude: edge.latitude, longitude: edge.longitude,
                             time: #require(ISOTime.epochMilliseconds(edge.time)), magnitude: edge.magnitude)
        }
        let feed = try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": features])
        #expect(try QuakeImporter(catalog: catalog).importData(feed, name: "edges").new == Self.edges.count)

        // Grouped by id too, so each row is one quake and shows its keys.
        let controller = try ResultsController(catalog)
        let result = try controller.aggregate(AggregateRequest(groups: [
            .value(.id), .bin(.latitude, width: 10, origin: 0), .bin(.longitude, width: 1, origin: 0),
            .calendar(.time, .month), .rounded(.magnitude, decimals: 1), .bin(.time, width: 3_600_000, origin: 0),
            .calendar(.time, .year),
        ]))
        let byID = Dictionary(uniqueKeysWithValues: result.rows.map { ($0.keys[0], $0) })
        for edge in Self.edges {
            let row = try #require(byID[.text(edge.id)], "\(edge.id)")
            #expect(row.count == 1)
            #expect(row.index(1) == edge.latitudeBin, "\(edge.id) latitude \(edge.latitude)")
            #expect(row.index(2) == edge.longitudeBin, "\(edge.id) longitude \(edge.longitude)")
            #expect(row.index(3) == edge.month, "\(edge.id) \(edge.time)")
            #expect(row.index(4) == edge.tenths, "\(edge.id) magnitude \(String(describing: edge.magnitude))")
            #expect(row.keys[4].isNull == (edge.magnitude == nil))
            #expect(row.index(5) == edge.hour, "\(edge.id) \(edge.time)")
            #expect(row.index(6) == edge.month / 12, "\(edge.id) \(edge.time)")
        }
        let all = try catalog.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake") }
        #expect(result.rows == AggregateOracle.rows(all, predicate: nil, result.request))
    }

    /// A GeoJSON feature at the given place, time and magnitude.
    private static func feature(_ id: String, latitude: Double, longitude: Double, time: Int64,
                                magnitude: Double?) -> [String: Any] {
        var feature = ExtraQuakes.feature(id, mag: magnitude, place: "Edge \(id)", felt: nil, alert: nil)
        var properties = feature["properties"] as! [String: Any]
        properties["time"] = time
        properties["updated"] = time
        feature["properties"] = properties
        feature["geometry"] = ["type": "Point", "coordinates": [longitude, latitude, 10.0]]
        return feature
    }
}

extension AggregateTests {
    /// Aggregates a started controller keeps current.
    @Suite(.timeLimit(.minutes(10)))
    struct Observations {
        let week: WeekCatalog

        init() throws { week = try WeekCatalog() }

        static let grid = AggregateRequest(groups: [.bin(.latitude, width: 10, origin: -90), .bin(.longitude, width: 10, origin: -180)],
                                           measures: [.max(.magnitude)])
        static let months = AggregateRequest(groups: [.calendar(.time, .year), .value(.net)], measures: [.min(.time)])

        /// A controller whose snapshots go to a log, and an observation of
        /// `request` whose results go to another, noting the newest
        /// snapshot's generation as each result is handed over.
        private func observed(_ request: AggregateRequest, registerFirst: Bool = false) async throws
            -> (ResultsController, AggregateObservation, SnapshotLog, AggregateLog) {
            let controller = try ResultsController(week.catalog, configuration: FetchConfiguration())
            let snapshots = SnapshotLog(), results = AggregateLog()
            controller.onSnapshot { snapshots.append($0) }
            func observe() -> AggregateObservation {
                controller.onAggregate(request) { [weak controller] in
                    results.append($0, newestSnapshot: controller?.snapshot?.generation)
                }
            }
            let early = registerFirst ? observe() : nil
            try controller.start()
            _ = try await waitForSnapshot(controller) { $0.isComplete }
            return (controller, early ?? observe(), snapshots, results)
        }

        /// Every result was handed over while its snapshot was the newest, and
        /// belongs to a delivered complete snapshot (of the same count, when
        /// not restricted further).
        private func expectNeverStale(_ snapshots: SnapshotLog, _ results: AggregateLog) {
            let complete = Dictionary(snapshots.all.filter(\.isComplete).map { ($0.generation, $0) }) { a, _ in a }
            for (result, newest) in results.withNewestSnapshots {
                #expect(newest == result.generation, "handed over after a newer snapshot")
                #expect(complete[result.generation]?.configuration == result.configuration, "generation \(result.generation)")
                if result.request.restriction == nil {
                    #expect(complete[result.generation]?.count == result.count, "generation \(result.generation)")
                }
            }
        }

        @Test func anObservedAggregateFollowsTheConfigurationAndItsRequest() async throws {
            let (controller, observation, snapshots, results) = try await observed(Self.grid)
            let first = try #require(controller.snapshot)
            let initial = try await waitForAggregate(results) { _ in true }
            #expect(initial.generation == first.generation, "computed at once for the current snapshot")
            #expect(initial.rows == AggregateOracle.rows(week.all, predicate: nil, Self.grid))

            let predicate = try QuakePredicate("magnitude >= 2.5 OR place CONTAINS[cd] 'alaska'")
            controller.fetch { $0.predicate = predicate }
            let filtered = try await waitForAggregate(results) { $0.configuration.predicate != nil }
            #expect(filtered.generation > first.generation)
            #expect(filtered.rows == AggregateOracle.rows(week.all, predicate: predicate, Self.grid))

            // The map pans: the new request over the same snapshot, no fetch.
            let snapshotsBefore = snapshots.all.count
            let panned = AggregateRequest(groups: Self.grid.groups, measures: Self.grid.measures,
                                          restriction: try QuakePredicate("latitude BETWEEN {50, 70}"))
            observation.request = panned
            let moved = try await waitForAggregate(results) { $0.request == panned }
            #expect(moved.generation == filtered.generation)
            #expect(moved.rows == AggregateOracle.rows(week.all, predicate: predicate, panned))
            #expect(snapshots.all.count == snapshotsBefore, "no rows fetched for a new request")
            #expect(controller.snapshot?.generation == filtered.generation)
            expectNeverStale(snapshots, results)
            controller.stop()
        }

        @Test func anImportGivesNewCounts() async throws {
            let (controller, _, snapshots, results) = try await observed(Self.months)
            _ = try await waitForAggregate(results) { _ in true }
            _ = try QuakeImporter(catalog: week.catalog).importFile(at: Fixture.day2014)
            let after = try await waitForAggregate(results) { $0.count == 4713 + 146 }
            let all = try await week.catalog.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake") }
            #expect(all.count == 4713 + 146)
            #expect(after.rows == AggregateOracle.rows(all, predicate: nil, Self.months))
            #expect(after.rows.contains { $0.index(0) == 2014 }, "the 2014 day is counted")
            let snapshot = snapshots.all.first { $0.isComplete && $0.generation == after.generation }
            #expect(snapshot?.count == after.count)
            controller.stop()
        }

        @Test func aBurstOfChangesNeverDeliversAStaleAggregate() async throws {
            let (controller, _, snapshots, results) = try await observed(Self.grid, registerFirst: true)
            let words = (1...100).map { String("volcano, hawaii".prefix($0 % 15 + 1)) }
            for word in words { controller.fetch { $0.predicate = QuakePredicate.placeContains(word) } }
            let last = QuakePredicate.placeContains(words.last!)
            let final = try await waitForAggregate(results) { $0.configuration.predicate == last }
            #expect(final.generation == controller.snapshot?.generation)
            let generations = results.all.map(\.generation)
            #expect(generations == generations.sorted() && Set(generations).count == generations.count,
                    "never an older result after a newer one, nor one twice")
            expectNeverStale(snapshots, results)
            for result in results.all {
                #expect(result.rows == AggregateOracle.rows(week.all, predicate: result.configuration.predicate, Self.grid),
                        "\(String(describing: result.configuration.predicate))")
            }
            controller.stop()
        }

        @Test func aCancelledObservationStops() async throws {
            let (controller, cancelled, _, cancelledResults) = try await observed(Self.grid)
            _ = try await waitForAggregate(cancelledResults) { _ in true }
            let kept = AggregateLog()
            let observation = controller.onAggregate(Self.months) { kept.append($0, newestSnapshot: nil) }
            cancelled.cancel()
            let deliveredBefore = cancelledResults.all.count
            for magnitude in [3.0, 4.0] {
                let predicate = try QuakePredicate("magnitude >= %@", magnitude)
                controller.fetch { $0.predicate = predicate }
                let result = try await waitForAggregate(kept) { $0.configuration.predicate == predicate }
                #expect(result.rows == AggregateOracle.rows(week.all, predicate: predicate, Self.months))
            }
            // The second change's results came after every observation's
            // results of the first (one serial queue): none for the cancelled one.
            #expect(cancelledResults.all.count == deliveredBefore)
            observation.cancel()
            controller.stop()
        }

        @Test func aggregatesArriveOnAnAsyncStream() async throws {
            let controller = try ResultsController(week.catalog, configuration: FetchConfiguration())
            let stream = controller.aggregates(Self.months)
            try controller.start()
            var first: AggregateResult?
            for await result in stream {
                first = result
                break
            }
            #expect(first?.rows == AggregateOracle.rows(week.all, predicate: nil, Self.months))
            #expect(first?.generation == controller.snapshot?.generation)
            controller.stop()
        }
    }
}
