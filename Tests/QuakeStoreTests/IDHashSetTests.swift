import Testing
@testable import QuakeStore

/// `IDHashSet` answers as `Set<Int>` does, through its growth, for hashes
/// that repeat, collide in their low bits, and are 0 (kept as 1).
struct IDHashSetTests {
    @Test func answersAsASetDoesThroughItsGrowth() {
        var generator = SystemRandomNumberGenerator()
        // Random hashes, then some sharing their low 20 bits, then repeats.
        var hashes = (0..<50_000).map { _ in Int.random(in: .min ... .max, using: &generator) }
        hashes += (0..<5_000).map { $0 << 20 | 12_345 }
        hashes += hashes.prefix(10_000)
        hashes.shuffle(using: &generator)
        var kept = IDHashSet(minimumCapacity: 4)
        var reference = Set<Int>()
        var disagreements = 0
        for hash in hashes where kept.insert(hash) != reference.insert(hash).inserted { disagreements += 1 }
        #expect(disagreements == 0)
        #expect(kept.count == reference.count)
        let absent = (0..<1_000).map { _ in Int.random(in: .min ... .max, using: &generator) }.filter { !reference.contains($0) }
        #expect(absent.allSatisfy { !kept.contains($0) })
        #expect(hashes.allSatisfy { kept.contains($0) })
    }

    @Test func zeroIsKeptAsOne() {
        var kept = IDHashSet(minimumCapacity: 1)
        let zeroIsNew = kept.insert(0)
        #expect(zeroIsNew)
        #expect(kept.contains(0) && kept.contains(1))
        let oneIsNew = kept.insert(1)   // a collision: the upserter then looks the id up
        #expect(!oneIsNew)
        #expect(kept.count == 1)
    }

    /// `touch` reads the slots where the hashes go: the kept ones where
    /// they are, nothing (0) where none is (capacity 16: slot = hash & 15).
    @Test func touchReadsTheSlotsTheHashesGoTo() {
        var kept = IDHashSet(minimumCapacity: 4)
        _ = kept.insert(5)
        _ = kept.insert(9)
        #expect(kept.touch([5, 9, 77]) == 14)
        #expect(kept.touch([21]) == 5)   // 21 & 15 = 5: the slot 5's key is read
    }
}
