/// Counts keyed by two 64-bit numbers (a packed map cell, a place's number
/// and a cell, a day): the import's reading thread counts every row into
/// eight of them. A Swift `Dictionary` hashes each key with SipHash, which
/// with its lookups was 14 % of that thread opening 760,857 CSV rows; here
/// a key is hashed by one multiplication (Fibonacci hashing) and found by
/// linear probing in one array. Most of the rest was waiting for memory
/// (the finest grid's table outgrows the caches): keys are counted
/// `batch` at a time, their slots read together first, so the processor
/// overlaps the loads (as `IDHashSet.touch`). `settle` counts what waits;
/// the counts are read only once settled.
struct CountTable {
    struct Key: Hashable, Comparable {
        var high: UInt64
        var low: UInt64

        static func < (a: Key, b: Key) -> Bool { (a.high, a.low) < (b.high, b.low) }
    }

    /// A slot is empty while its count is 0 (every key added is counted at least once).
    private struct Slot {
        var key = Key(high: 0, low: 0)
        var count = 0
    }

    private var slots: [Slot]
    private var shift: UInt64
    /// Keys not yet counted, one quake each.
    private var waiting: [Key] = []
    private static let batch = 256
    /// Keys counted (settled).
    private(set) var count = 0
    /// What the last batch's reads summed to: kept, so that they are not optimised away.
    private var touched = 0

    init() {
        slots = Array(repeating: Slot(), count: 16)
        shift = 64 - 4
        waiting.reserveCapacity(Self.batch)
    }

    /// Counts one quake more under `key`, with the next `batch`.
    mutating func add(_ key: Key) {
        waiting.append(key)
        if waiting.count == Self.batch { settle() }
    }

    mutating func add(_ key: UInt64) { add(Key(high: 0, low: key)) }

    /// Counts every key waiting: their slots read together, then counted.
    mutating func settle() {
        guard !waiting.isEmpty else { return }
        while (count + waiting.count) * 2 > slots.count { grow() }
        let shift = shift
        touched = slots.withUnsafeBufferPointer { slots in
            waiting.reduce(0) { sum, key in sum &+ slots[Self.index(of: key, shift: shift)].count }
        }
        for key in waiting { tally(key, 1) }
        waiting.removeAll(keepingCapacity: true)
    }

    /// Counts `quakes` more under `key` (at least one), now.
    private mutating func tally(_ key: Key, _ quakes: Int) {
        precondition(quakes > 0, "a count table counts up")
        let mask = slots.count - 1
        var index = Self.index(of: key, shift: shift)
        slots.withUnsafeMutableBufferPointer { slots in
            while true {
                if slots[index].count == 0 {
                    slots[index] = Slot(key: key, count: quakes)
                    count += 1
                    return
                }
                if slots[index].key == key {
                    slots[index].count += quakes
                    return
                }
                index = (index + 1) & mask
            }
        }
    }

    /// Every key counted and its count, in no particular order.
    var entries: [(key: Key, count: Int)] {
        precondition(waiting.isEmpty, "a count table is read once settled")
        return slots.lazy.filter { $0.count != 0 }.map { (key: $0.key, count: $0.count) }
    }

    private static func index(of key: Key, shift: UInt64) -> Int {
        let mixed = (key.high &* 0xC2B2_AE3D_27D4_EB4F ^ key.low) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> shift)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        shift -= 1
        count = 0
        for slot in old where slot.count != 0 { tally(slot.key, slot.count) }
    }
}
