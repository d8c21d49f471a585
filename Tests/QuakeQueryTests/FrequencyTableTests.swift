import Foundation
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// The frequency table of a field (`F`, `list --freq`) against counts made
/// here from the feed's own features: by value for text, in half-magnitude
/// bins for magnitude; each entry's predicate selects exactly its count.
@Suite struct FrequencyTableTests {
    let folder = TemporaryFolder()

    func controller() throws -> ResultsController {
        try ResultsController(try importedCatalog(folder, feeds: [Fixture.week]))
    }

    static func properties() throws -> [[String: Any]] {
        try Fixture.features(Fixture.week).map { $0["properties"] as! [String: Any] }
    }

    @Test func aTextFieldIsCountedByValueMostFirstAndEachEntrySelectsItsQuakes() throws {
        let controller = try controller()
        let table = FrequencyTable(field: .net, try controller.aggregate(FrequencyTable.request(.net)))
        var expected: [String: Int] = [:]
        for properties in try Self.properties() { expected[properties["net"] as! String, default: 0] += 1 }
        #expect(Dictionary(uniqueKeysWithValues: table.entries.map { ($0.label, $0.count) }) == expected)
        #expect(table.entries.map(\.count) == table.entries.map(\.count).sorted(by: >))
        #expect(table.total == (try Self.properties()).count)
        for entry in table.entries.prefix(4) {
            controller.fetch { $0.predicate = entry.predicate }
            #expect(try controller.fetchNow().count == entry.count, "\(entry.predicate)")
        }
        #expect(table.entries.first.map { table.percent($0) } == 100 * Double(expected.values.max()!) / Double(table.total))
    }

    @Test func magnitudeIsCountedInHalfUnitsAndNoneIsItsOwnEntry() throws {
        let controller = try controller()
        let table = FrequencyTable(field: .magnitude, try controller.aggregate(FrequencyTable.request(.magnitude)))
        var expected: [String: Int] = [:]
        for properties in try Self.properties() {
            guard let magnitude = properties["mag"] as? Double else { expected["–", default: 0] += 1; continue }
            let low = (magnitude / 0.5).rounded(.down) * 0.5
            func shown(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
            expected["\(shown(low))–\(shown(low + 0.5))", default: 0] += 1
        }
        #expect(Dictionary(uniqueKeysWithValues: table.entries.map { ($0.label, $0.count) }) == expected)
        // The week has no quake without a magnitude; one added has its entry, and its predicate.
        #expect(!table.entries.contains { $0.label == "–" })
        let bin = try #require(table.entries.first { $0.label == "2.5–3" })
        controller.fetch { $0.predicate = bin.predicate }
        #expect(try controller.fetchNow().count == bin.count)
        _ = try QuakeImporter(catalog: controller.catalog).importData(Data(singleQuakeFeed(id: "zznomag", place: "Nowhere", magnitude: nil, time: 1_528_900_000_000).utf8), name: "nomag")
        controller.fetch { $0.predicate = nil }
        let withNone = FrequencyTable(field: .magnitude, try controller.aggregate(FrequencyTable.request(.magnitude)))
        let none = try #require(withNone.entries.first { $0.label == "–" })
        controller.fetch { $0.predicate = none.predicate }
        let selected = try controller.fetchNow().count
        #expect(none.count == 1 && selected == 1, "\(none.predicate)")
    }

    @Test func fieldsOfOneQuakeEachAndComputedOnesHaveNone() {
        #expect(FrequencyTable.check(.id) == "id is different for every quake")
        #expect(FrequencyTable.check(.origins) == "origins is computed for each quake, not stored")
        #expect(FrequencyTable.check(.magType) == nil)
    }
}
