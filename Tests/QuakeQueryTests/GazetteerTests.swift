@testable import QuakeQuery
import QuakeStore
import Testing

/// `DISTANCE("place")` through the bundled GeoNames list: accents and case,
/// the most populous of a name, a country narrowing it, and errors with a
/// caret under the unknown name.
@Suite struct GazetteerTests {
    func place(_ text: String) throws -> Gazetteer.Place { try Gazetteer.bundled.get().place(named: text) }

    @Test func theWholeListIsBundled() throws {
        let gazetteer = try Gazetteer.bundled.get()
        #expect(gazetteer.count == 34_006)
        #expect(gazetteer.place(at: 0).name == "Shanghai", "most populous first")
    }

    @Test(arguments: [("zurich", "Zürich"), ("ZÜRICH", "Zürich"), ("sao paulo", "São Paulo"), ("  Anchorage ", "Anchorage"),
                      ("MEXICO CITY", "Mexico City"), ("reykjavik", "Reykjavík"),
                      ("Lodz", "Łódź"), ("tromso", "Tromsø"), ("Kirikkale", "Kırıkkale")])
    func caseAndAccentsAreIgnored(_ example: (typed: String, found: String)) throws {
        #expect(try place(example.typed).name == example.found)
    }

    @Test func theMostPopulousOfANameWins() throws {
        let springfield = try place("Springfield")
        #expect(springfield.countryCode == "US")
        #expect(springfield.point == GeoPoint(latitude: 37.21533, longitude: -93.29824), "Springfield, Missouri (170,188)")
        #expect(try place("London").countryCode == "GB")
    }

    @Test func aCountryNarrowsTheName() throws {
        #expect(try place("London, CA").point == GeoPoint(latitude: 42.98339, longitude: -81.23304))
        #expect(try place("London, Canada") == place("London, CA"))
        #expect(try place("springfield, united states") == place("Springfield"))
        #expect(try place("Springfield, US") == place("Springfield"))
        #expect(try place("Misato, Saitama").countryCode == "JP", "a name that holds a comma is found whole")
        #expect(throws: GazetteerError.unknownCountry("Frnace")) { try place("Springfield, Frnace") }
        let error = #expect(throws: GazetteerError.self) { try place("Springfield, France") }
        #expect(error?.description.hasPrefix("unknown place \"Springfield, France\"; closest: ") == true)
    }

    /// Suggestions cost about 1 ms a character: a name over 200 gets none, at once.
    @Test(.timeLimit(.minutes(10))) func aNameTooLongIsRefusedWithoutSuggestions() throws {
        #expect(throws: GazetteerError.nameTooLong(16_000)) { try place(String(repeating: "x", count: 16_000)) }
        #expect(throws: GazetteerError.nameTooLong(201)) { try place("  " + String(repeating: "é", count: 201) + " ") }
        let longest = #expect(throws: GazetteerError.self) { try place(String(repeating: "x", count: 200)) }
        #expect(longest?.description.hasPrefix("unknown place \"xxx") == true, "200 characters still get suggestions")
        #expect(GazetteerError.nameTooLong(16_000).description == "place name too long (16000 characters; at most 200)")
    }

    @Test func anUnknownPlaceNamesTheClosest() throws {
        #expect(throws: GazetteerError.unknownPlace("Anchorrage", closest: ["\"Anchorage\" (US)", "\"Rancho Mirage\" (US)", "\"Nanchong\" (CN)"])) {
            try place("Anchorrage")
        }
        #expect(throws: GazetteerError.emptyName) { try place("  ") }
    }

    @Test func anUnknownPlaceIsAParseErrorWithACaretUnderIt() throws {
        let text = "magnitude > 2 AND DISTANCE(\"Tokio\") < 100"
        let error = #expect(throws: QuakePredicate.ParseError.self) { try QuakePredicate(text) }
        #expect(error?.column == 28)
        #expect(error?.message.hasPrefix("unknown place \"Tokio\"; closest: \"Tokyo\" (JP)") == true, "\(String(describing: error))")
        #expect(error?.caretLines(for: text) == [text, String(repeating: " ", count: 27) + "^"])
    }

    @Test(arguments: [
        ("DISTANCE < 5", 10, "DISTANCE needs a point"), ("DISTANCE(91, 0) < 5", 10, "latitude 91 is not between -90 and 90"),
        ("DISTANCE(0, -181) < 5", 13, "longitude -181 is not between -180 and 180"),
        ("DISTANCE(1) < 5", 11, "expected ',' and a longitude after the latitude, found ')'"),
        ("DISTANCE(1, 2 < 5", 15, "expected ')' to close DISTANCE(, found '<'"),
        ("DISTANCE() < 5", 1, "DISTANCE() measures from home, and no home is set"),
        ("DISTANCE(magnitude) < 5", 10, "DISTANCE needs a point"),
        ("DISTANCE(\"Anchorage\") CONTAINS \"x\"", 23, "CONTAINS needs a text key"),
    ])
    func badCallsAreParseErrors(_ example: (text: String, column: Int, message: String)) throws {
        let error = #expect(throws: QuakePredicate.ParseError.self) { try QuakePredicate(example.text) }
        #expect(error?.column == example.column, "\(String(describing: error))")
        #expect(error?.message.hasPrefix(example.message) == true, "\(String(describing: error))")
    }

    @Test func homeAndPlacesPrintAsTheyWereWrittenAndParseBack() throws {
        let home = try Home(parsing: "Tokyo")
        for text in ["DISTANCE(\"anchorage\") < 100", "DISTANCE(61.22, -149.9) BETWEEN {1, 2}", "DISTANCE() >= 3"] {
            let predicate = try QuakePredicate(text, home: home)
            #expect(predicate.description == text)
            #expect(try QuakePredicate(predicate.description, home: home) == predicate)
        }
        #expect(try Home(parsing: "35.68, 139.69").point == GeoPoint(latitude: 35.68, longitude: 139.69))
        #expect(try Home(parsing: "tokyo").point == (try place("Tokyo")).point)
        #expect(throws: HomeError.self) { try Home(parsing: "95, 10") }
    }
}
