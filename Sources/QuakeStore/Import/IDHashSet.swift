/// The hashes of the ids an import wrote (`Upserter`): a set of `Int`s that
/// are already hashes (`String.hashValue`), kept by open addressing without
/// hashing them again. `Set<Int>` hashes each with SipHash, and its insert
/// was 1.3–1.5 % of an open's writing thread.
struct IDHashSet {
    /// A power of two, at most half full; 0 marks an empty slot (a hash
    /// of 0 is kept as 1: a collision costs a lookup, never a row).
    private var slots: [Int]
    private(set) var count = 0

    init(minimumCapacity: Int) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
    }

    /// Inserts `hash`; whether it was not there.
    mutating func insert(_ hash: Int) -> Bool {
        if (count + 1) * 2 > slots.count { grow() }
        let (key, at, found) = probe(hash)
        if found { return false }
        slots[at] = key
        count += 1
        return true
    }

    func contains(_ hash: Int) -> Bool { probe(hash).found }

    /// Reads the slots where `hashes` would go, all at once: independent
    /// loads the processor overlaps, where one insert a row waits for
    /// memory each time (the table is far larger than the caches).
    /// Returns what it read, so that the reads are not optimised away.
    func touch(_ hashes: some Sequence<Int>) -> Int {
        let mask = slots.count - 1
        var sum = 0
        slots.withUnsafeBufferPointer { slots in
            for hash in hashes { sum &+= slots[(hash == 0 ? 1 : hash) & mask] }
        }
        return sum
    }

    /// The slot holding `hash`, or the empty one where it would go.
    private func probe(_ hash: Int) -> (key: Int, at: Int, found: Bool) {
        let key = hash == 0 ? 1 : hash
        let mask = slots.count - 1
        var at = key & mask
        while true {
            let held = slots[at]
            if held == key || held == 0 { return (key, at, held == key) }
            at = (at + 1) & mask
        }
    }

    private mutating func grow() {
        var larger = IDHashSet(minimumCapacity: slots.count)
        for key in slots where key != 0 { _ = larger.insert(key) }
        self = larger
    }
}
