import Foundation
import QuakeQuery
import QuakeStore
import Testing

/// Texts that Swift calls equal but whose bytes differ (a precomposed `Î`
/// and `I` + U+0302) are different texts to SQLite: the in-memory
/// evaluation, the oracle of the SQL, must say the same.
@Suite struct CanonicalEquivalenceTests {
    static let quake = Quake(id: "t1", magnitude: 1, place: "\u{CE}le de Test", time: Date(timeIntervalSince1970: 0),
                             updated: Date(timeIntervalSince1970: 0), depth: 1, latitude: 0, longitude: 0)

    @Test func equalityAndInCompareBytesAsSQLiteDoes() throws {
        let decomposed = "I\u{302}le de Test"
        #expect("\u{CE}le de Test" == decomposed, "Swift's == calls them equal")
        #expect(try !QuakePredicate("place == %@", decomposed).evaluate(Self.quake))
        #expect(try !QuakePredicate("place IN %@", [decomposed]).evaluate(Self.quake))
        #expect(try QuakePredicate("place == %@", "\u{CE}le de Test").evaluate(Self.quake))
    }
}
