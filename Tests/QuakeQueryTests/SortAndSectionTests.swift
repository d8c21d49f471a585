import Foundation
import PropertyBased
@testable import QuakeQuery
import QuakeStore
import Testing

@Suite struct SortAndSectionTests {
    let week: WeekCatalog

    init() throws { week = try WeekCatalog() }

    func rows(_ configuration: FetchConfiguration) throws -> [Quake] {
        try WeekCatalog.allRows(ResultsController(week.catalog, configuration: configuration).fetchNow())
    }

    @Test func theDefaultOrderIsNewestFirst() throws {
        let rows = try rows(FetchConfiguration())
        #expect(rows.count == 4713)
        #expect(rows.prefix(3).map(\.id) == ["hv70264586", "hv70264576", "ci38197512"])
        #expect(rows.map(\.time) == rows.map(\.time).sorted(by: >))
    }

    @Test(arguments: QuakeField.sortable, [true, false])
    func everySortableColumnSortsBothWaysWithNullsLast(field: QuakeField, ascending: Bool) throws {
        let configuration = FetchConfiguration(sortKeys: [SortKey(field, ascending: ascending)])
        let sql = try rows(configuration).map(\.id)
        #expect(sql == oracleOrder(week.all, configuration).map(\.id))
        if field == .magnitude {
            #expect(sql.suffix(2).sorted() == ["zz0001", "zz0002"], "unknown magnitudes sort last")
        }
    }

    @Test func magnitudeExtremesMatchTheFile() throws {
        let down = try rows(FetchConfiguration(sortKeys: [SortKey(.magnitude, ascending: false)]))
        let up = try rows(FetchConfiguration(sortKeys: [SortKey(.magnitude, ascending: true)]))
        #expect(down.first?.magnitude == 5.8)
        #expect(up.first?.magnitude == -0.39)
    }

    @Test func placeSortsByItsFoldedForm() throws {
        let rows = try rows(FetchConfiguration(sortKeys: [SortKey(.place, ascending: true)]))
        let folded = rows.map(\.placeFolded)
        #expect(folded == folded.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        // "Île Somewhere" sorts as "ile somewhere", among the i's, not after z.
        let ile = try #require(rows.firstIndex { $0.id == "zz0002" })
        #expect(rows[ile - 1].placeFolded <= "ile somewhere" && rows[ile + 1].placeFolded >= "ile somewhere")
    }

    @Test func severalKeysBreakTiesInOrder() throws {
        let configuration = FetchConfiguration(sortKeys: [SortKey(.net, ascending: true), SortKey(.magnitude, ascending: false)])
        #expect(try rows(configuration).map(\.id) == oracleOrder(week.all, configuration).map(\.id))
    }

    @Test func typedAndKeyNameDescriptorsAreOneState() throws {
        var configuration = FetchConfiguration()
        configuration.sortDescriptors = [SortDescriptor(\Quake.magnitude, order: .reverse), SortDescriptor(\Quake.time)]
        #expect(configuration.sortKeys == [SortKey(.magnitude, ascending: false), SortKey(.time, ascending: true)])
        configuration.sortKeys = try SortKey.parseList("place,-depth")
        #expect(configuration.sortDescriptors.map(\.keyPath) == [\Quake.place, \Quake.depth])
        #expect(configuration.sortDescriptors.map(\.order) == [.forward, .reverse])
        #expect(try SortKey.parseList("-mag,lat").map(\.description) == ["-magnitude", "latitude"])
        #expect(throws: SortKeyError(message: "unknown sort key 'size'; sortable keys are place, magnitude, time, depth, latitude, longitude, net, type, status, felt, cdi, mmi, sig, DISTANCE(…)")) {
            try SortKey.parseList("-size")
        }
    }

    @Test(arguments: SectionKey.allCases)
    func sectionsAreContiguousAndCountsSumToTheTotal(section: SectionKey) throws {
        for sortKeys in [[SortKey(.time, ascending: false)], [SortKey(.place, ascending: true)], [SortKey(.magnitude, ascending: true)]] {
            let configuration = FetchConfiguration(sortKeys: sortKeys, sectionIdentifier: section)
            let snapshot = try ResultsController(week.catalog, configuration: configuration).fetchNow()
            let rows = try WeekCatalog.allRows(snapshot)
            #expect(rows.map(\.id) == oracleOrder(week.all, configuration).map(\.id), "\(section) \(sortKeys)")
            #expect(snapshot.sections.map(\.count).reduce(0, +) == snapshot.count)
            #expect(Set(snapshot.sections.map(\.id)).count == snapshot.sections.count, "each section appears once")
            for section in snapshot.sections {
                let values = Set(rows[section.rowRange].map { configuration.sectionIdentifier!.value(of: $0) })
                #expect(values == [section.value], "section \(section.id) holds only its rows")
            }
        }
    }

    /// Counts per UTC day from the file (python), plus the two made-up quakes
    /// on the 12th and 13th.
    @Test func daySectionsAreTitledAndCountedAsTheFileHasThem() throws {
        let snapshot = try ResultsController(week.catalog, configuration: FetchConfiguration(sectionIdentifier: .day)).fetchNow()
        #expect(snapshot.sections.map { "\($0.id) \($0.count)" } == [
            "2018-06-14 298", "2018-06-13 694", "2018-06-12 644", "2018-06-11 718", "2018-06-10 565",
            "2018-06-09 725", "2018-06-08 749", "2018-06-07 320",
        ])
        // Sorting by time ascending turns the days around too.
        let ascending = try ResultsController(week.catalog, configuration: FetchConfiguration(
            sortKeys: [SortKey(.time, ascending: true)], sectionIdentifier: .day)).fetchNow()
        #expect(ascending.sections.first?.id == "2018-06-07")
        #expect(ascending.section(containing: 320)?.id == "2018-06-08")
    }

    @Test func magnitudeBandsHaveAnUnknownSectionLast() throws {
        let snapshot = try ResultsController(week.catalog, configuration: FetchConfiguration(sectionIdentifier: .magnitudeBand)).fetchNow()
        #expect(snapshot.sections.map { "\($0.id) \($0.count)" } == [
            "M5 27", "M4 87", "M3 137", "M2 2383", "M1 1392", "M0 639", "M-1 46", "M unknown 2",
        ])
        let network = try ResultsController(week.catalog, configuration: FetchConfiguration(sectionIdentifier: .network)).fetchNow()
        #expect(network.sections.prefix(3).map { "\($0.id) \($0.count)" } == ["ak 311", "ci 378", "hv 3071"])
    }

    /// Random predicates and sort keys: SQL and the in-memory oracle agree.
    @Test func randomConfigurationsAgreeWithTheOracle() async throws {
        let fields = QuakeField.sortable
        let predicates = [
            nil, "magnitude >= 2.5", "NOT (magnitude < 1)", "place CONTAINS[cd] 'hawaii'", "depth BETWEEN {0, 5}",
            "net IN {'ak', 'nc', 'zz'}", "magnitude == nil OR felt > 0", "type != 'earthquake'", "place LIKE[c] '*ca'",
        ]
        let week = self.week
        await propertyCheck(count: 60, input: Gen.int(in: 0...(predicates.count - 1)),
                            Gen.int(in: 0...(fields.count - 1)).array(of: 1...3),
                            Gen.bool.array(of: 3...3),
                            Gen.int(in: 0...SectionKey.allCases.count)) { predicateIndex, fieldIndexes, directions, sectionIndex in
            var configuration = FetchConfiguration(
                sortKeys: fieldIndexes.enumerated().map { SortKey(fields[$1], ascending: directions[$0]) },
                sectionIdentifier: sectionIndex < SectionKey.allCases.count ? SectionKey.allCases[sectionIndex] : nil)
            configuration.predicate = try! predicates[predicateIndex].map { try QuakePredicate($0) }
            let sql = try! WeekCatalog.allRows(ResultsController(week.catalog, configuration: configuration).fetchNow())
            #expect(sql.map(\.id) == oracleOrder(week.all, configuration).map(\.id), "\(configuration)")
        }
    }
}

/// Where the followed quake is (the browser's selection), reported with
/// each complete snapshot: from the first window when it is there, else
/// counted with the window's plan (a scan for a place text many quakes
/// match, lookups for a rare one), else nil when the results leave it out.
@Suite struct TrackedPositionTests {
    let week: WeekCatalog

    init() throws { week = try WeekCatalog() }

    static let configurations: [FetchConfiguration] = [
        FetchConfiguration(),
        FetchConfiguration(sortKeys: [SortKey(.magnitude, ascending: false)]),
        FetchConfiguration(predicate: QuakePredicate.placeContains("a")),        // most quakes: the scan plan
        FetchConfiguration(predicate: QuakePredicate.placeContains("kodiak")),   // a few: the lookup plan
        FetchConfiguration(predicate: QuakePredicate.placeContains("ca"), sortKeys: [SortKey(.depth, ascending: true)],
                           sectionIdentifier: .day),
    ]

    @Test(arguments: configurations)
    func theTrackedQuakesPositionIsItsIndexInTheOracleOrder(configuration: FetchConfiguration) throws {
        let expected = oracleOrder(week.all, configuration).map(\.id)
        // In the first window, past it, the last row, and one the results leave out.
        var ids = [0, 150, 450, expected.count - 1].filter { $0 >= 0 && $0 < expected.count }.map { expected[$0] }
        let excluded = week.all.first { !expected.contains($0.id) }?.id
        if let excluded { ids.append(excluded) }
        for id in ids {
            let controller = try ResultsController(week.catalog, configuration: configuration, windowSize: 200)
            controller.trackedID = id
            let snapshot = try controller.fetchNow()
            #expect(snapshot.trackedPosition?.index == expected.firstIndex(of: id), "\(id) in \(configuration)")
            #expect(snapshot.count == expected.count)
        }
    }

    /// The controller reads the rows around a followed quake before it
    /// delivers its position, from the quake itself (keyset both ways): the
    /// rows around it are the oracle's, at the start of a batch, in its
    /// middle, at its end, and at the very end of the results.
    @Test(arguments: configurations)
    func theRowsAroundTheTrackedQuakeAreTheOracles(configuration: FetchConfiguration) async throws {
        let expected = oracleOrder(week.all, configuration).map(\.id)
        for index in [300, 457, 699, expected.count - 1] where index >= 0 && index < expected.count {
            let controller = try ResultsController(week.catalog, configuration: configuration, windowSize: 200)
            controller.trackedID = expected[index]
            try controller.start()
            let snapshot = try await waitForSnapshot(controller) { $0.isComplete }
            controller.stop()
            #expect(snapshot.trackedPosition?.index == index)
            let around = max(0, index - 120)..<min(expected.count, index + 120)
            #expect(snapshot.rows(in: around).map(\.id) == Array(expected[around]), "around \(index) in \(configuration)")
        }
    }

    /// The columns a configuration reads, for the indexes built on first
    /// use: its sort keys, its section's column, the predicate's columns.
    @Test func aConfigurationNamesTheColumnsItReads() throws {
        let configuration = FetchConfiguration(predicate: try QuakePredicate("net == \"ak\" AND (mag > 3 OR felt != nil)"),
                                               sortKeys: [SortKey(.status, ascending: true), SortKey(.sig, ascending: false)],
                                               sectionIdentifier: .type)
        #expect(configuration.columns == ["status", "sig", "type", "felt", "magnitude", "net"])
        #expect(FetchConfiguration().columns == ["time"])
    }
}
