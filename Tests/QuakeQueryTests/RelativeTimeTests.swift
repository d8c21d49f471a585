import Foundation
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// Ages in predicates: `time > "7d"` is the last seven days as of the
/// moment the predicate is used, kept as written (a saved view stays
/// relative), in memory and in SQL alike.
@Suite struct RelativeTimeTests {
    static func quake(agoSeconds seconds: Double) -> Quake {
        let time = Date().addingTimeInterval(-seconds)
        return Quake(id: "zz1", magnitude: 3, place: "Somewhere", time: time, updated: time, depth: 10, latitude: 10, longitude: 20)
    }

    @Test func anAgeIsKeptAsWrittenAndMeansThatLongBeforeNow() throws {
        let week = try QuakePredicate(#"time > "7d""#)
        #expect(week.description == #"time > "7d""#)
        #expect(try QuakePredicate(week.description) == week, "parses back the same")
        // A minute either side of the boundary.
        #expect(week.selects(Self.quake(agoSeconds: 7 * 86_400 - 60)))
        #expect(!week.selects(Self.quake(agoSeconds: 7 * 86_400 + 60)))
        let day = try QuakePredicate(#"time >= "-24h""#)
        #expect(day.selects(Self.quake(agoSeconds: 86_400 - 60)) && !day.selects(Self.quake(agoSeconds: 86_400 + 60)))
        let combined = try QuakePredicate(#"time > "1h30m" AND time <= "now""#)
        #expect(combined.selects(Self.quake(agoSeconds: 5_340)) && !combined.selects(Self.quake(agoSeconds: 5_460)))
        #expect(!combined.selects(Self.quake(agoSeconds: -60)), "a minute ahead is after now")
    }

    /// Against a fixed clock, each boundary to the millisecond: `>` leaves
    /// out the quake exactly 7 days old and keeps one a millisecond younger;
    /// `>=` keeps it; `"now"` is the clock's instant.
    @Test func theBoundaryOfAnAgeAgainstAFixedClock() throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000.123)
        func quake(millisecondsBefore ms: Int64) -> Quake {
            let time = Date(epochMilliseconds: now.epochMilliseconds - ms)
            return Quake(id: "zz1", magnitude: 3, place: "Somewhere", time: time, updated: time, depth: 10, latitude: 10, longitude: 20)
        }
        let week: Int64 = 7 * 86_400_000
        try PredicateClock.$fixed.withValue(now) {
            let after = try QuakePredicate(#"time > "7d""#), atOrAfter = try QuakePredicate(#"time >= "7d""#)
            #expect(!after.selects(quake(millisecondsBefore: week)) && after.selects(quake(millisecondsBefore: week - 1)))
            #expect(atOrAfter.selects(quake(millisecondsBefore: week)) && !atOrAfter.selects(quake(millisecondsBefore: week + 1)))
            let day = try QuakePredicate(#"time >= "-24h""#)
            #expect(day.selects(quake(millisecondsBefore: 86_400_000)) && !day.selects(quake(millisecondsBefore: 86_400_001)))
            let untilNow = try QuakePredicate(#"time <= "now""#)
            #expect(untilNow.selects(quake(millisecondsBefore: 0)) && !untilNow.selects(quake(millisecondsBefore: -1)))
        }
    }

    @Test func theCatalogCountsTheSameAgesInSQL() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let now = Date().epochMilliseconds
        for (id, hours) in [("zzhour", 1), ("zzdays", 72), ("zzweeks", 240)] {
            let feed = singleQuakeFeed(id: id, place: "Age \(id)", magnitude: 3, time: now - Int64(hours) * 3_600_000)
            _ = try QuakeImporter(catalog: catalog).importData(Data(feed.utf8), name: id)
        }
        let controller = try ResultsController(catalog)
        for (age, count) in [("2d", 1), ("7d", 2), ("30d", 3), ("30m", 0)] {
            controller.fetch { $0.predicate = try! QuakePredicate("time > %@", age) }
            #expect(try controller.fetchNow().count == count, "time > \"\(age)\"")
        }
    }
}
