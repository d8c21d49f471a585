import Testing
@testable import QuakeStore

/// `CountTable` counts as a `Dictionary` does, through its growth and its
/// batches, for keys that repeat, share their low or high halves, and are 0.
struct CountTableTests {
    @Test func countsAsADictionaryDoesThroughItsGrowth() {
        var generator = SystemRandomNumberGenerator()
        var keys = (0..<40_000).map { _ in
            CountTable.Key(high: UInt64.random(in: 0..<50, using: &generator), low: UInt64.random(in: 0..<2_000, using: &generator))
        }
        keys += (0..<3_000).map { CountTable.Key(high: UInt64($0) << 40, low: 0) }   // only the high half differs
        keys += (0..<3_000).map { CountTable.Key(high: 0, low: UInt64($0) << 44) }   // only the top bits of the low half
        keys += [CountTable.Key(high: 0, low: 0), CountTable.Key(high: .max, low: .max)]
        keys.shuffle(using: &generator)
        var table = CountTable()
        var reference: [CountTable.Key: Int] = [:]
        for key in keys {
            table.add(key)
            reference[key, default: 0] += 1
        }
        table.settle()
        let counted = Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, $0.count) })
        #expect(counted == reference)
        #expect(table.count == reference.count)
    }

    @Test func settlingTwiceCountsOnce() {
        var table = CountTable()
        for _ in 0..<3 { table.add(7) }
        table.settle()
        table.settle()
        #expect(table.entries.map(\.count) == [3])
        #expect(table.entries.map(\.key) == [CountTable.Key(high: 0, low: 7)])
    }
}
