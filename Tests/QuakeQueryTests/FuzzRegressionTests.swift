import Foundation
@testable import QuakeQuery
import QuakeStore
import Testing

/// Inputs the predicate fuzz target (Fuzz/Sources/FuzzPredicate.swift) found
/// failing, exactly as written, with what the user now sees. The target
/// checks that what parses prints back as itself, and that its SQL selects
/// exactly the quakes the in-memory evaluation keeps.
@Suite struct PredicateFuzzRegressionTests {
    func parseError(_ text: String, _ arguments: [any Sendable] = []) -> String {
        do {
            let predicate = try QuakePredicate(format: text, arguments: arguments)
            return "parsed as \(predicate)"
        } catch {
            return "\(error)"
        }
    }

    /// Parses, prints back as `printed`, and that parses to the same tree.
    func roundTrips(_ text: String, as printed: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let predicate = try QuakePredicate(text)
        #expect(predicate.description == printed, sourceLocation: sourceLocation)
        #expect(try QuakePredicate(predicate.description).root == predicate.root, sourceLocation: sourceLocation)
    }

    /// SQL and memory agree on the fixture catalog.
    func agrees(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let catalog = try SharedCatalogs.fixture.get()
        let predicate = try QuakePredicate(text)
        #expect(try catalog.sqlIDs(predicate) == catalog.memoryIDs(predicate), sourceLocation: sourceLocation)
    }

    // MARK: NUL characters

    /// fuzz-predicate, crash-20fa6c8b: SQLite's functions read text up to its
    /// first NUL, so the SQL matched ".*Hawaii" while memory matched the whole
    /// pattern. Strings cannot hold NUL any more.
    @Test func aNULInAStringIsRefused() {
        let input = #"place MATCHES ".*Hawaii"# + String(repeating: "\0", count: 27) + #"$""#
        #expect(input.utf8.count == 52)
        #expect(parseError(input) == "1:24: a string cannot hold the NUL character")
    }

    /// fuzz-predicate, crash-3d2d3d95: the first fix missed a backslash
    /// before a NUL, which made a NUL too; its printed form then did not parse.
    @Test func anEscapedNULIsRefused() {
        let input = #"title CONTAINS "M 5\u00e9\t\"# + "\0" + #"5\"" OR code == 70264586"#
        #expect(input.utf8.count == 53)
        #expect(parseError(input) == "1:28: a string cannot hold the NUL character")
    }

    @Test func everyWayOfWritingNULIsRefused() {
        #expect(parseError(#"place == "a\0b""#) == "1:12: a string cannot hold the NUL character")
        #expect(parseError(#"place == 'a\u0000b'"#) == "1:12: a string cannot hold the NUL character")
        #expect(parseError("place == %@", ["a\0b"]) == "1:10: a string cannot hold the NUL character")
        #expect(parseError("place IN %@", [["a", Substring("b\0")]]) == "1:10: a string cannot hold the NUL character")
        #expect(parseError("place == \"\\u00e9\"") == "parsed as place == \"é\"")
    }

    // MARK: Times that print as numbers

    /// Found by running the target on `time > 1e300` while the 60-second runs
    /// had not: printing the predicate (the browser does, to edit it) trapped
    /// converting 1e300 to 64-bit milliseconds; times ISO 8601 cannot write
    /// printed as text that did not parse back.
    @Test func timesOutsideISO8601PrintAsNumbers() throws {
        try roundTrips("time > 1e300", as: "time > 1e+300")
        try roundTrips("updated BETWEEN {-1e20, 1e20}", as: "updated BETWEEN {-1e+20, 1e+20}")
        try roundTrips("time == 253402300800000", as: "time == 253402300800000")
        try roundTrips("time == 253402300799999", as: #"time == "9999-12-31T23:59:59.999Z""#)
        try roundTrips("time < -62167219200001", as: "time < -62167219200001")
        try roundTrips("time >= -62167219200000", as: #"time >= "0000-01-01T00:00:00.000Z""#)
        // Fractions of a millisecond: `time < 1.5` is not `time < 1`.
        try roundTrips("time < 1.5", as: "time < 1.5")
        try roundTrips("time > 1528588800000", as: #"time > "2018-06-10T00:00:00.000Z""#)
    }

    // MARK: Nesting

    /// Found by running the target on long inputs: 20,000 '(' overflowed the
    /// parser's stack, and from about 33 levels of NOT, AND and OR the SQL
    /// overflowed SQLite's parser ("parser stack overflow") while the
    /// in-memory evaluation answered.
    @Test func deepNestingIsRefusedWhereItStarts() {
        let tooDeep = "the predicate nests too deeply: more than 24 levels of NOT, parentheses and alternating AND/OR"
        let parens = String(repeating: "(", count: 100_000) + "magnitude > 4" + String(repeating: ")", count: 100_000)
        #expect(parseError(parens) == "1:25: " + tooDeep)
        #expect(parseError(String(repeating: "!", count: 100_000) + "magnitude > 4") == "1:25: " + tooDeep)
        #expect(parseError(String(repeating: "NOT ", count: 45) + "magnitude > 4") == "1:97: " + tooDeep)
        // A run of one operator is one level, but SQLite caps its length.
        let chain = Array(repeating: "depth < 1", count: 100_000).joined(separator: " AND ")
        #expect(parseError(chain) == "1:5597: more than 400 conditions joined by AND; for many alternatives use IN {…}")
    }

    @Test func theDeepestPredicatesRunInSQL() throws {
        // 24 levels: NOT and AND in turn, then an OR.
        var alternating = "depth < 1"
        for _ in 0..<11 { alternating = "NOT (magnitude > 4 AND \(alternating))" }
        alternating = "felt > 1 OR \(alternating)"
        try agrees(alternating)
        #expect(parseError("NOT (\(alternating))").hasPrefix("1:1: the predicate nests too deeply"))
        try agrees(Array(repeating: "depth > 1", count: 24).joined(separator: " OR "))
        // Long runs of one operator are flat in SQL: 400 alternatives, 400 conditions.
        try agrees((0..<400).map { "magnitude > \(Double($0) / 100)" }.joined(separator: " OR "))
        try agrees((0..<400).map { "depth < \(1000 - $0)" }.joined(separator: " AND "))
        try agrees((0..<20).map { "(magnitude > \($0) AND depth < 10 AND felt > 1)" }.joined(separator: " OR "))
        try agrees(String(repeating: "NOT ", count: 23) + "magnitude > 4")
        try agrees(String(repeating: "(", count: 24) + "magnitude > 4" + String(repeating: ")", count: 24))
    }
}
