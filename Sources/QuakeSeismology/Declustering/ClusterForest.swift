/// Reasenberg's clusters as a union–find forest over time-order positions:
/// each set keeps its size and the position of its largest event among
/// those the sweep has visited (equal magnitudes: the later, as ZMAP's
/// `>=` makes it), so merging two clusters is near constant time instead
/// of relabelling every member.
struct ClusterForest {
    private var parent: [Int32]
    private var size: [Int32]
    /// Per root: the largest visited member's position, −1 while none.
    private var largest: [Int32]

    init(count: Int) {
        parent = (0..<count).map { Int32($0) }
        size = [Int32](repeating: 1, count: count)
        largest = [Int32](repeating: -1, count: count)
    }

    mutating func root(_ position: Int) -> Int {
        var node = position
        while parent[node] != Int32(node) {
            let grandparent = parent[Int(parent[node])]
            parent[node] = grandparent
            node = Int(grandparent)
        }
        return node
    }

    /// Whether the event is in a cluster of two or more.
    mutating func isClustered(_ position: Int) -> Bool { size[root(position)] > 1 }

    /// The largest visited event of the position's cluster (−1 if none).
    mutating func largestVisited(_ position: Int) -> Int { Int(largest[root(position)]) }

    /// The sweep reached `position`: it becomes its cluster's largest when
    /// its magnitude is at least the largest's. Returns whether it did.
    mutating func visit(_ position: Int, magnitudes: UnsafeBufferPointer<Double>) -> Bool {
        let top = root(position)
        let current = Int(largest[top])
        guard current < 0 || magnitudes[position] >= magnitudes[current] else { return false }
        largest[top] = Int32(position)
        return true
    }

    mutating func union(_ a: Int, _ b: Int, magnitudes: UnsafeBufferPointer<Double>) {
        var rootA = root(a), rootB = root(b)
        guard rootA != rootB else { return }
        if size[rootA] < size[rootB] { swap(&rootA, &rootB) }
        parent[rootB] = Int32(rootA)
        size[rootA] += size[rootB]
        let largestA = Int(largest[rootA]), largestB = Int(largest[rootB])
        if largestA < 0 || (largestB >= 0 && Self.isLarger(largestB, than: largestA, magnitudes: magnitudes)) {
            largest[rootA] = Int32(largestB)
        }
    }

    /// Larger magnitude; equal magnitudes: the later position.
    private static func isLarger(_ a: Int, than b: Int, magnitudes: UnsafeBufferPointer<Double>) -> Bool {
        magnitudes[a] != magnitudes[b] ? magnitudes[a] > magnitudes[b] : a > b
    }
}
