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
