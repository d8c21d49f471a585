import QuakeSeismology
import Testing

/// Gardner–Knopoff on HMTK's 11-event catalogue (SeismoStats
/// dec_gardner_knopoff_test.py, commit 4605c4e, l. 32–52). The flags are the
/// file's `mainshock_flag` column; the clusters, mainshocks and roles follow
/// by hand from the windows: the M7 of 1980-01-01 (event 2; L = 70.7 km,
/// T = 918.9 days) takes events 1 (0.6° = 66.7 km, 1 day before), 3 (66.7 km,
/// 30 days after) and 4 (same place, 102 days after) but not event 0
/// (0.8° = 89.0 km). The M5s are then visited in time order (L = 40.0 km,
/// T = 143.7 days): 0 alone, 5 takes 6, 8 takes 7 and 9; 10 is alone.
struct GardnerKnopoffDeclusteringTests {
    @Test func hmtkCatalogueFlags() throws {
        let (events, flags) = try DeclusteringFixtures.gardnerKnopoffCatalogue()
        let result = try GardnerKnopoffDeclustering().decluster(events)
        #expect(flags.map { $0 ? 1 : 0 } == [1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1])
        #expect(result.role.map { $0 == .mainshock } == flags)
        #expect(result.mainshock == [0, 2, 2, 2, 2, 5, 5, 8, 8, 8, 10])
        // Numbered by each cluster's first event: {0}, {1,2,3,4}, {5,6}, {7,8,9}, {10}.
        #expect(result.cluster == [1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5])
        #expect(result.role == [.mainshock, .foreshock, .mainshock, .aftershock, .aftershock, .mainshock,
                                .aftershock, .foreshock, .mainshock, .aftershock, .mainshock])
    }

    @Test func hmtkCatalogueWithATimeCutoffOf100Days() throws {
        // l. 40–52: with T capped at 100 days event 4 (102 days after the M7) is a mainshock.
        let (events, _) = try DeclusteringFixtures.gardnerKnopoffCatalogue()
        let result = try GardnerKnopoffDeclustering(timeCutoffDays: 100).decluster(events)
        #expect(result.role.map { $0 == .mainshock ? 1 : 0 } == [1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1])
        #expect(result.mainshock == [0, 2, 2, 2, 4, 5, 5, 8, 8, 8, 10])
        #expect(result.cluster == [1, 2, 2, 2, 3, 4, 4, 5, 5, 5, 6])
    }

    @Test func noForeshockWindowMakesTheEarlierEventsMainshocks() throws {
        // f = 0: no window reaches back. The M7 (2) takes 3 and 4 only; event 0 (M5, visited
        // first of the M5s) takes 1 (0.2° = 22.2 km, 2 days after); 5 takes 6; 8 takes 9 but not
        // 7 (the day before), which opens its own cluster when visited last (M3.7).
        let (events, _) = try DeclusteringFixtures.gardnerKnopoffCatalogue()
        let result = try GardnerKnopoffDeclustering(foreshockTimeFraction: 0).decluster(events)
        #expect(result.mainshock == [0, 0, 2, 2, 2, 5, 5, 7, 8, 8, 10])
        #expect(result.role == [.mainshock, .aftershock, .mainshock, .aftershock, .aftershock, .mainshock,
                                .aftershock, .mainshock, .mainshock, .aftershock, .mainshock])
    }

    @Test func progressIsReportedAndCanCancel() throws {
        let (events, _) = try DeclusteringFixtures.gardnerKnopoffCatalogue()
        var fractions: [Double] = []
        _ = try GardnerKnopoffDeclustering().decluster(events) { fractions.append($0); return true }
        #expect(fractions.first == 0 && fractions.last == 1 && fractions == fractions.sorted())
        #expect(fractions.count <= 100)
        let error = #expect(throws: DeclusteringCancelled.self) {
            try GardnerKnopoffDeclustering().decluster(events) { $0 < 0.5 }
        }
        #expect(error?.description == "Gardner–Knopoff declustering cancelled at 54% of 11 events")
    }

    @Test func aMissingMagnitudeIsNamed() {
        let events = EventColumns(times: [0, 1], latitudes: [0, 0], longitudes: [0, 0], depths: [0, 0], magnitudes: [3, .nan])
        let error = #expect(throws: DeclusteringInputError.self) { try GardnerKnopoffDeclustering().decluster(events) }
        #expect(error?.description == "Gardner–Knopoff declustering: event 1 has a magnitude of nan")
    }
}

/// Gardner–Knopoff on the Swiss 2023 catalogue against
/// reference_gardner_knopoff.py (expected_gardner_knopoff_<window>.csv).
struct GardnerKnopoffSwissCatalogueTests {
    @Test(arguments: [(DeclusteringWindow.gk, 1079), (.gruenthal, 741), (.uhrhammer, 1544)])
    func matchesTheReference(window: DeclusteringWindow, clusters: Int) throws {
        let events = try DeclusteringFixtures.swissCatalogue()
        let expected = try DeclusteringFixtures.expected("declustering/expected_gardner_knopoff_\(window.rawValue).csv")
        let result = try GardnerKnopoffDeclustering(window: window).decluster(events)
        #expect(result.cluster.max() == clusters)
        #expect(firstDeclusteringDifference(result, expected) == nil)
    }
}

struct EmptyCatalogueDeclusteringTests {
    @Test func anEmptyCatalogueHasNoClusters() throws {
        let empty = EventColumns(times: [], latitudes: [], longitudes: [], depths: [], magnitudes: [])
        #expect(try GardnerKnopoffDeclustering().decluster(empty) == Declustering(cluster: [], mainshock: [], role: []))
        #expect(try ReasenbergDeclustering().decluster(empty) == Declustering(cluster: [], mainshock: [], role: []))
    }
}
