import QuakeSeismology
import Testing

/// Reasenberg declustering on hand-built catalogues (each derivation in the
/// comments; r(M) = 0.011·10^(0.4M) km, so rfact·r = 0.694 km at M2, 1.10 at
/// M2.5, 1.74 at M3, 4.38 at M4; distances are reduced by 1.5 × 1.5 km
/// horizontally and 2 km in depth; 0.01° of latitude on the equator is
/// 1.106 km by ZMAP's geometry) and on the Swiss 2023 catalogue against
/// reference_reasenberg.py.
struct ReasenbergDeclusteringTests {
    static let hour = 3600.0, day = 86_400.0

    static func events(_ rows: [(days: Double, latitude: Double, magnitude: Double)]) -> EventColumns {
        EventColumns(times: rows.map { $0.days * day }, latitudes: rows.map(\.latitude), longitudes: rows.map { _ in 0 },
                     depths: rows.map { _ in 10 }, magnitudes: rows.map(\.magnitude))
    }

    @Test func twoEventsAnHourAndTwoKilometresApartAreOneCluster() throws {
        // 0.018° = 1.99 km, less 2.25 km: 0 ≤ 0.694 km, within τmin = 1 day of the first.
        let result = try ReasenbergDeclustering().decluster(Self.events([(0, 0, 2), (1.0 / 24, 0.018, 2.5)]))
        #expect(result.cluster == [1, 1])
        #expect(result.mainshock == [1, 1])
        #expect(result.role == [.foreshock, .mainshock])
    }

    @Test func ofEqualLargestTheEarlierIsTheMainshock() throws {
        // Same place an hour apart (reduced distance 0 ≤ 0.694 km), both M2.
        let result = try ReasenbergDeclustering().decluster(Self.events([(0, 0, 2), (1.0 / 24, 0, 2)]))
        #expect(result.mainshock == [0, 0])
        #expect(result.role == [.mainshock, .aftershock])
    }

    @Test func eventsAloneAreMainshocksOfTheirOwn() throws {
        // The same pair a day apart (t₂ − t₁ < τ is strict) and a pair an hour but 10 km apart.
        let result = try ReasenbergDeclustering().decluster(Self.events([(0, 0, 2), (1, 0.018, 2.5), (2, 0, 2), (2.01, 0.09, 2)]))
        #expect(result.cluster == [1, 2, 3, 4])
        #expect(result.mainshock == [0, 1, 2, 3])
        #expect(result.role == [.mainshock, .mainshock, .mainshock, .mainshock])
    }

    /// An M3 at day 0, an M2 at day 0.9 in the same place (linked: within τmin);
    /// the M2's look-ahead, xmeff 2: ΔM = max(0, 0.5·3 − 2) = 0, τ = −ln 0.05 ·
    /// 0.9 / 10^(−2/3) = 12.5 days, clamped to τmax = 10: an event 9.5 days
    /// after the M2 joins, one 10.5 days after does not.
    @Test func theLookAheadStopsAtTauMax() throws {
        let method = ReasenbergDeclustering(xmeff: 2)
        let within = try method.decluster(Self.events([(0, 0, 3), (0.9, 0, 2), (10.4, 0, 2)]))
        #expect(within.cluster == [1, 1, 1])
        #expect(within.role == [.mainshock, .aftershock, .aftershock])
        let beyond = try method.decluster(Self.events([(0, 0, 3), (0.9, 0, 2), (11.4, 0, 2)]))
        #expect(beyond.cluster == [1, 1, 2])
        #expect(beyond.mainshock == [0, 0, 2])
    }

    /// A chain north along the equator, 0.02° (2.21 km) a step: A M2 day 0 links
    /// B M3 at 0.5 d (reduced 0 ≤ 0.694); A's τmin ends before C (1.0 d). B is
    /// the largest (τ = 1 d): links C M2.5 (2.21 km → 0 ≤ 1.74) but not D
    /// (4.42 → 2.17 > 1.74). C (0.5 d after B; xmeff = smallest = 2: ΔM = 0,
    /// τ = 6.95 d) links D M2 (0 ≤ 1.10). One cluster; B is its mainshock.
    @Test func aChainIsOneClusterWithItsLargestTheMainshock() throws {
        let result = try ReasenbergDeclustering().decluster(Self.events([(0, 0, 2), (0.5, 0.02, 3), (1.0, 0.04, 2.5), (1.3, 0.06, 2)]))
        #expect(result.cluster == [1, 1, 1, 1])
        #expect(result.mainshock == [1, 1, 1, 1])
        #expect(result.role == [.foreshock, .mainshock, .aftershock, .aftershock])
    }

    /// Two clusters, P (day 0, lat 0) → Q (0.5 d, lat 0) and R (0.1 d, 0.1°) →
    /// S (0.6 d, 0.1°), 11.1 km apart, merged by W, an M4 at 0.3 d and 0.05°:
    /// 5.53 km from Q and S, reduced 3.28 ≤ 4.38, within its τmin. The input is
    /// not in time order: the columns are read as given.
    @Test func anEventLinkingTwoClustersMergesThem() throws {
        let rows: [(days: Double, latitude: Double, magnitude: Double)] = [
            (0.6, 0.1, 2), (0, 0, 2), (0.3, 0.05, 4), (0.5, 0, 2), (0.1, 0.1, 2), (5, 0, 2),
        ]
        let result = try ReasenbergDeclustering().decluster(Self.events(rows))
        #expect(result.cluster == [1, 1, 1, 1, 1, 2])
        #expect(result.mainshock == [2, 2, 2, 2, 2, 5])
        #expect(result.role == [.aftershock, .foreshock, .mainshock, .aftershock, .foreshock, .mainshock])
    }

    /// A large quake reaches events many latitude bands (0.05°) away, on
    /// both sides: rfact·r(7) = 69.4 km; 0.6° north and south is 66.4 km,
    /// less 2.25 = 64.1 km, linked within the M7's τmin; 0.7° north is 75.2 km
    /// after the reduction, not linked, and the M2s' own reach (0.694 km, and
    /// no largest's reach: their τ, 0.695 d, is clamped to τmin) is far short.
    @Test func aLargeQuakeLinksEventsManyBandsAway() throws {
        let result = try ReasenbergDeclustering().decluster(Self.events([(0, 0, 7), (0.5, 0.6, 2), (0.6, -0.6, 2), (0.7, 0.7, 2)]))
        #expect(result.cluster == [1, 1, 1, 2])
        #expect(result.mainshock == [0, 0, 0, 3])
        #expect(result.role == [.mainshock, .aftershock, .aftershock, .mainshock])
    }

    /// Across a pole, half the world apart in longitude: 0.02° of arc
    /// (2.2 km, 0 after the reduction) links two M2s an hour apart at 89.99° N,
    /// and at 89.99° S; the north pair and the south pair stay apart.
    @Test func eventsAcrossAPoleAreLinked() throws {
        let events = EventColumns(times: [0, Self.hour, 2 * Self.hour, 3 * Self.hour], latitudes: [89.99, 89.99, -89.99, -89.99],
                                  longitudes: [0, 180, -90, 90], depths: [10, 10, 10, 10], magnitudes: [2, 2, 2, 2])
        let result = try ReasenbergDeclustering().decluster(events)
        #expect(result.cluster == [1, 1, 2, 2])
        #expect(result.role == [.mainshock, .aftershock, .mainshock, .aftershock])
    }

    @Test func swissCatalogueMatchesTheReference() throws {
        let events = try DeclusteringFixtures.swissCatalogue()
        // expected_reasenberg.csv: reference_reasenberg.py, ZMAP defaults (xmeff = smallest magnitude).
        let expected = try DeclusteringFixtures.expected("declustering/expected_reasenberg.csv")
        let result = try ReasenbergDeclustering().decluster(events)
        #expect(result.cluster.max() == 1249)
        #expect(firstDeclusteringDifference(result, expected) == nil)
        // expected_reasenberg_xmeff1.5.csv: the same with xmeff 1.5.
        let expected15 = try DeclusteringFixtures.expected("declustering/expected_reasenberg_xmeff1.5.csv")
        let result15 = try ReasenbergDeclustering(xmeff: 1.5).decluster(events)
        #expect(result15.cluster.max() == 1219)
        #expect(firstDeclusteringDifference(result15, expected15) == nil)
    }

    @Test func progressIsReportedAndCanCancel() throws {
        let events = try DeclusteringFixtures.swissCatalogue()
        var fractions: [Double] = []
        _ = try ReasenbergDeclustering().decluster(events) { fractions.append($0); return true }
        // Every 20th event of 1,924 (0, 20, …, 1920: 97 calls), then 1.
        #expect(fractions.count == 98 && fractions.first == 0 && fractions.last == 1 && fractions == fractions.sorted())
        let error = #expect(throws: DeclusteringCancelled.self) { try ReasenbergDeclustering().decluster(events) { $0 < 0.25 } }
        // The stride is ceil(1924 / 99) = 20 steps: 25 × 20 / 1924 = 25.9 % is the first call ≥ 0.25.
        #expect(error?.description == "Reasenberg declustering cancelled at 25% of 1924 events")
    }

    @Test func badInputIsNamed() {
        let events = EventColumns(times: [0, 1], latitudes: [0, 0], longitudes: [0, 0], depths: [.infinity, 5], magnitudes: [3, 2])
        let depth = #expect(throws: DeclusteringInputError.self) { try ReasenbergDeclustering().decluster(events) }
        #expect(depth?.description == "Reasenberg declustering: event 0 has a depth of inf")
        let fixedEvents = EventColumns(times: [0, 1], latitudes: [0, 0], longitudes: [0, 0], depths: [5, 5], magnitudes: [3, 2])
        let probability = #expect(throws: DeclusteringInputError.self) { try ReasenbergDeclustering(probability: 1).decluster(fixedEvents) }
        #expect(probability?.description == "Reasenberg declustering: the probability 1.0 is not between 0 and 1")
    }
}

/// The first event whose cluster or mainshock differs from a reference's, as text.
func firstDeclusteringDifference(_ result: Declustering, _ expected: (cluster: [Int], mainshock: [Int])) -> String? {
    guard result.count == expected.cluster.count else { return "\(result.count) events, expected \(expected.cluster.count)" }
    guard let index = (0..<result.count).first(where: { result.cluster[$0] != expected.cluster[$0] || result.mainshock[$0] != expected.mainshock[$0] })
    else { return nil }
    return "event \(index): cluster \(result.cluster[index]) mainshock \(result.mainshock[index]), expected \(expected.cluster[index]) and \(expected.mainshock[index])"
}
