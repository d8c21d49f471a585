import Foundation
import GRDB
import PropertyBased
@testable import QuakeQuery
import QuakeStore
import Testing

/// Predicates whose SQL must select exactly the quakes `evaluate` keeps, on the
/// fixture plus `ExtraQuakes` (NULL magnitudes, accents, quotes, wildcards).
let oraclePredicates: [String] = [
    // Numbers, nullable and not.
    "magnitude >= 4.5", "magnitude > 4", "magnitude < 1", "magnitude <= 0", "magnitude == 2.94", "magnitude != 2.94",
    "magnitude == NULL", "magnitude != nil", "NOT (magnitude < 3)", "NOT (magnitude >= 3)", "NOT magnitude != 2.94",
    "magnitude BETWEEN {2, 3}", "NOT (magnitude BETWEEN {2, 3})", "magnitude IN {1, 2, 4.5}", "NOT (magnitude IN {1, 2})",
    "magnitude IN {NULL, 4.5}", "NOT magnitude IN {NULL, 4.5}", "magnitude IN {}", "NOT magnitude IN {}",
    "felt >= 10", "NOT (felt < 10)", "felt == nil", "felt != 1", "NOT felt != 1", "felt BETWEEN {1, 5}", "felt IN {0, 1}",
    "tsunami == TRUE", "tsunami == NO", "sig >= 600", "sig BETWEEN {100, 200}", "depth < 0", "depth > 100", "depth != 12.5",
    "latitude > 60", "lat BETWEEN {18, 20}", "lon < -150", "lng >= 0", "3 < mag", "-150 >= longitude",
    // Nullable text.
    "alert == \"green\"", "alert != \"green\"", "alert ==[c] \"GREEN\"", "NOT alert ==[c] \"green\"", "alert !=[c] \"GREEN\"",
    "alert IN {\"red\", \"yellow\"}", "alert IN[c] {\"GREEN\", NULL}", "NOT alert IN {\"red\"}", "alert CONTAINS \"e\"",
    "NOT alert CONTAINS \"e\"", "alert BEGINSWITH[c] \"G\"", "NOT alert ENDSWITH \"n\"", "alert LIKE \"*e*\"",
    "NOT (alert MATCHES \"gr.*\")", "alert MATCHES[c] \"G.*\"", "alert < \"h\"", "NOT alert > \"h\"", "alert BETWEEN {\"a\", \"h\"}",
    // Place: every string operator and modifier.
    "place CONTAINS \"Alaska\"", "place CONTAINS[c] \"alaska\"", "place CONTAINS[d] \"Ile\"", "place CONTAINS[cd] \"ÎLE\"",
    "place CONTAINS[c] \"île\"", "place CONTAINS[d] \"Sao\"", "place CONTAINS \"\"", "place BEGINSWITH \"1\"",
    "place BEGINSWITH[cd] \"ile\"", "place BEGINSWITH[c] \"o'brien\"", "place ENDSWITH \"CA\"", "place ENDSWITH[c] \"hawaii\"",
    "place ENDSWITH[d] \"Zurich, Switzerland\"", "place ENDSWITH \"\"", "place ENDSWITH \"Japan\"", "place LIKE \"*Hawaii\"",
    "place LIKE \"?km S of *\"", "place LIKE[c] \"*ALASKA*\"", "place LIKE \"50% of [Test]_area*\"", "place LIKE \"*[Test]*\"",
    "place LIKE \"*\\\\*\"", "place LIKE[cd] \"*paulo*\"", "place LIKE \"?? Kīlauea*\"", "place LIKE \"*\"", "place LIKE \"\"",
    "place MATCHES \".*Alaska\"", "place MATCHES[c] \".*ALASKA.*\"", "place MATCHES[cd] \".*ile.*\"", "place MATCHES[d] \"Zurich.*\"",
    "place MATCHES \"[0-9]+km [NSEW]+ of .*\"", "place MATCHES \".*(Hawaii|Alaska)\"", "place MATCHES \"\"",
    "place == \"Straße, Germany\"", "place ==[c] \"STRASSE, GERMANY\"", "place ==[cd] \"sao paulo, brazil\"", "place < \"5\"",
    "place >=[c] \"z\"", "place IN {\"\", \"東京都, Japan\"}", "place != \"\"", "place == \"O'Brien \\\"Quote\\\" Ridge\"",
    "place CONTAINS '%'", "place CONTAINS \"_\"", "place CONTAINS \"🌋\"", "place CONTAINS \"東京\"", "place CONTAINS[cd] \"KILAUEA\"",
    // Other text keys and times.
    "net == \"ak\"", "network IN {\"ak\", \"us\"}", "net IN[c] {\"AK\"}", "type == \"quarry blast\"", "type != \"earthquake\"",
    "status == \"reviewed\"", "magType ==[c] \"MWW\"", "code BEGINSWITH \"7026\"", "id ENDSWITH \"0\"", "url CONTAINS \"hv7\"",
    "title CONTAINS[c] \"m 5\"", "code == 70264586", "time >= \"2018-06-10\"", "time < \"2018-06-10T12:30:00Z\"",
    "time BETWEEN {\"2018-06-10\", \"2018-06-11\"}", "updated > \"2018-06-14\"", "time == 1528967533010", "day == \"2018-06-10\"",
    "day IN {\"2018-06-08\", \"2018-06-09\"}", "day >= \"2018-06-13\"", "day BEGINSWITH \"2018-06-1\"",
    // Constants and combinations.
    "TRUEPREDICATE", "FALSEPREDICATE", "NOT TRUEPREDICATE", "magnitude >= 4.5 AND place CONTAINS[cd] \"alaska\"",
    "magnitude >= 5 OR felt > 50", "NOT (magnitude < 2 OR felt == nil)", "(net == \"hv\" OR net == \"ak\") AND NOT depth < 5",
    "NOT (alert == nil) AND magnitude > 4", "DISTANCE(61.25, -150.5) < 1", "DISTANCE(\"Anchorage\") BETWEEN {10, 100}",
    "NOT DISTANCE(19.4, -155.3) <= 30 AND magnitude > 2", "DISTANCE(35.68, 139.69) IN {0, 100}", "net == \"zz\" AND NOT (magnitude > 1)", "NOT (NOT (felt > 3) AND alert != nil)",
]

/// Counts Python's `json` module finds in the fixture, so SQL and memory
/// cannot agree on a wrong answer.
private let fixtureCounts: [(predicate: String, count: Int)] = [
    ("TRUEPREDICATE", 4711), ("magnitude >= 4.5", 75), ("magnitude < 1", 685), ("magnitude == nil", 0),
    ("magnitude BETWEEN {2, 3}", 2392), ("place CONTAINS \"Alaska\"", 316), ("place CONTAINS[c] \"alaska\"", 316),
    ("place CONTAINS[cd] \"ALASKA\"", 316), ("place BEGINSWITH \"1\"", 702), ("place ENDSWITH \"CA\"", 775),
    ("place ENDSWITH \"Hawaii\"", 3074), ("place LIKE \"*Hawaii\"", 3074), ("place CONTAINS \"'\"", 5),
    ("place CONTAINS \"Kuril'sk\"", 2), ("place CONTAINS[c] \"ILE\"", 9), ("felt != nil", 201), ("felt >= 10", 27),
    ("NOT (felt < 10)", 4537), ("felt != 1", 4619), ("alert == \"green\"", 6), ("alert == nil", 4705),
    ("type == \"quarry blast\"", 26), ("net IN {\"ak\", \"us\"}", 446), ("tsunami == YES", 7), ("magType == \"mww\"", 14),
    ("depth < 0", 508), ("time >= \"2018-06-10\"", 2917), ("day == \"2018-06-10\"", 565), ("title MATCHES \"M [5-9].*\"", 27),
    ("status == \"reviewed\"", 1412),
]

/// Serialized: these tests are CPU-bound and block their thread, so running
/// one at a time leaves the rest of the cooperative pool to other suites.
@Suite("Predicate SQL against evaluate()", .serialized)
struct PredicateOracleTests {
    @Test("SQL and evaluate() select the same quakes", arguments: oraclePredicates)
    func sqlMatchesMemory(_ text: String) throws {
        let catalog = try SharedCatalogs.oracle.get()
        let predicate = try QuakePredicate(text)
        #expect(try catalog.sqlIDs(predicate) == catalog.memoryIDs(predicate))
    }

    @Test("counts on the fixture match Python's", arguments: fixtureCounts)
    func fixtureCount(_ expected: (predicate: String, count: Int)) throws {
        let catalog = try SharedCatalogs.fixture.get()
        let predicate = try QuakePredicate(expected.predicate)
        #expect(catalog.quakes.count == weekFeedCount)
        #expect(try catalog.sqlIDs(predicate).count == expected.count)
        #expect(catalog.memoryIDs(predicate).count == expected.count)
    }

    /// The hand-made quakes a predicate selects (restricted to `net == "zz"`).
    @Test("NULL, folding and literal wildcards select the expected extra quakes", arguments: [
        ("magnitude == nil", ["zz-inject-or", "zz-kilauea", "zz-null-mag", "zz-specials"]),
        ("magnitude < 3", ["zz-empty-place", "zz-ile-decomposed", "zz-inject-drop", "zz-quotes", "zz-strasse", "zz-zurich"]),
        ("NOT (magnitude < 3)", ["zz-ile-caps", "zz-inject-or", "zz-kilauea", "zz-null-mag", "zz-sao-paulo", "zz-specials", "zz-tokyo"]),
        ("magnitude != 1.1", ["zz-empty-place", "zz-ile-caps", "zz-ile-decomposed", "zz-inject-drop", "zz-inject-or", "zz-kilauea",
                              "zz-null-mag", "zz-quotes", "zz-sao-paulo", "zz-specials", "zz-tokyo", "zz-zurich"]),
        ("felt BETWEEN {0, 3}", ["zz-ile-decomposed", "zz-specials", "zz-zurich"]),
        ("alert ==[c] \"green\"", ["zz-zurich"]),
        ("NOT alert IN {\"red\", \"yellow\"}", ["zz-empty-place", "zz-ile-caps", "zz-ile-decomposed", "zz-inject-drop",
                                                "zz-null-mag", "zz-specials", "zz-strasse", "zz-tokyo", "zz-zurich"]),
        ("place CONTAINS[cd] \"île\"", ["zz-ile-caps", "zz-ile-decomposed", "zz-null-mag"]),
        ("place CONTAINS[cd] \"ile\"", ["zz-ile-caps", "zz-ile-decomposed", "zz-null-mag"]),
        ("place CONTAINS[d] \"Oleron\"", ["zz-null-mag"]),
        ("place CONTAINS \"Île\"", ["zz-null-mag"]),
        ("place ==[cd] \"zurich, switzerland\"", ["zz-zurich"]),
        ("place ==[c] \"STRASSE, GERMANY\"", ["zz-strasse"]),
        ("place LIKE[cd] \"?le*\"", ["zz-ile-caps", "zz-ile-decomposed", "zz-null-mag"]),
        ("place MATCHES[cd] \"ile.*\"", ["zz-ile-caps", "zz-ile-decomposed", "zz-null-mag"]),
        ("place CONTAINS \"%\"", ["zz-inject-or", "zz-specials"]),
        ("place CONTAINS \"_\"", ["zz-specials"]),
        ("place LIKE \"*[Test]*\"", ["zz-specials"]),
        ("place LIKE \"*\\\\*\"", ["zz-specials"]),
        ("place LIKE \"?\"", []),
        ("place LIKE \"\"", ["zz-empty-place"]),
        ("place MATCHES \"\"", ["zz-empty-place"]),
        ("place BEGINSWITH \"'); DROP\"", ["zz-inject-drop"]),
        ("place CONTAINS[cd] \"kilauea\"", ["zz-kilauea"]),
    ])
    func extraQuakes(_ example: (predicate: String, ids: [String])) throws {
        let catalog = try SharedCatalogs.oracle.get()
        let predicate = try QuakePredicate("net == \"zz\" AND (\(example.predicate))")
        #expect(try catalog.sqlIDs(predicate) == example.ids)
        #expect(catalog.memoryIDs(predicate) == example.ids)
    }

    @Test("random predicates select the same quakes in SQL and in memory")
    func randomPredicates() async throws {
        let catalog = try SharedCatalogs.oracle.get()
        let grammar = PredicateGrammar(quakes: catalog.quakes)
        let predicates = Generator<String, Shrink.None<String>> { rng in grammar.predicate(depth: 2, using: &rng) }
        await propertyCheck(count: 200, input: predicates) { text in
            let predicate = try QuakePredicate(text)
            #expect(try catalog.sqlIDs(predicate) == catalog.memoryIDs(predicate), "\(text)")
        }
    }
}

extension PredicateOracleTests {
    @Suite("Predicate text never reaches SQL")
    struct InjectionTests {
        static let attempts = [
            ExtraQuakes.dropTable, ExtraQuakes.orTrue, "\" OR 1=1 --", "') OR ('1'='1", "x'; DELETE FROM quake; --",
            "1) OR 1=1; DROP TABLE quakePlace; --", "%", "_", "*", "?", "[",
        ]

        /// The predicate four ways: the browser's filter, %@ with CONTAINS[cd],
        /// a double-quoted and a single-quoted literal.
        static func spellings(of text: String) throws -> [QuakePredicate] {
            let double = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            let single = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            return [
                try #require(QuakePredicate.placeContains(text)),
                try QuakePredicate("place CONTAINS[cd] %@", text),
                try QuakePredicate("place CONTAINS[cd] \"\(double)\""),
                try QuakePredicate("place CONTAINS[cd] '\(single)'"),
            ]
        }

        @Test("matches only places holding the literal text", arguments: attempts)
        func literalOnly(_ text: String) throws {
            let catalog = try SharedCatalogs.injection.get()
            let expected = catalog.quakes.filter { $0.place.lowercased().contains(text.lowercased()) }.map(\.id).sorted()
            for predicate in try Self.spellings(of: text) {
                #expect(try catalog.sqlIDs(predicate) == expected, "\(predicate)")
                #expect(catalog.memoryIDs(predicate) == expected, "\(predicate)")
            }
            #expect(try catalog.database.count() == weekFeedCount + 2)
            #expect(try catalog.tableExists("quake"))
            #expect(try catalog.tableExists("quakePlace"))
        }

        @Test("SQL in a place filter selects nothing from the real data", arguments: attempts.prefix(6))
        func nothingInRealData(_ text: String) throws {
            let catalog = try SharedCatalogs.fixture.get()
            for predicate in try Self.spellings(of: text) + [try QuakePredicate("place == %@ OR title == %@", text, text)] {
                #expect(try catalog.sqlIDs(predicate) == [], "\(predicate)")
            }
            #expect(try catalog.database.count() == weekFeedCount)
            #expect(try catalog.tableExists("quake"))
        }

        @Test("the injection quakes are found by their exact text")
        func exactText() throws {
            let catalog = try SharedCatalogs.injection.get()
            #expect(try catalog.sqlIDs(try QuakePredicate("place == %@", ExtraQuakes.dropTable)) == ["zz-inject-drop"])
            #expect(try catalog.sqlIDs(try QuakePredicate("place == %@", ExtraQuakes.orTrue)) == ["zz-inject-or"])
            #expect(try catalog.sqlIDs(try QuakePredicate("place LIKE %@", "%*")) == ["zz-inject-or"])
            #expect(try catalog.sqlIDs(try QuakePredicate("place MATCHES %@", "%' OR 1=1 --")) == ["zz-inject-or"])
        }
    }
}
