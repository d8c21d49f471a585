/// Turns a method's answer (for each event, its cluster's mainshock) into a
/// `Declustering`: clusters numbered 1, 2, … by their first event in time
/// (ties by index), and each event's role from its place in time beside its
/// mainshock (an event at the very same time as its mainshock is before it
/// when its index is smaller).
enum DeclusteringAssembly {
    /// The event indices in time order, ties by index.
    static func timeOrder(_ times: [Double]) -> [Int] {
        var order = Array(0..<times.count)
        times.withUnsafeBufferPointer { t in
            order.sort { t[$0] != t[$1] ? t[$0] < t[$1] : $0 < $1 }
        }
        return order
    }

    /// `mainshock[i]`: the index of event i's mainshock (its own for a
    /// mainshock). `order`: `timeOrder` of the same events.
    static func declustering(mainshock: [Int], order: [Int]) -> Declustering {
        let count = mainshock.count
        var rank = [Int](repeating: 0, count: count)
        for (position, index) in order.enumerated() { rank[index] = position }
        var numberOfMainshock = [Int](repeating: 0, count: count)
        var next = 1
        var cluster = [Int](repeating: 0, count: count)
        var role = [SequenceRole](repeating: .mainshock, count: count)
        for index in order {
            let main = mainshock[index]
            if numberOfMainshock[main] == 0 {
                numberOfMainshock[main] = next
                next += 1
            }
            cluster[index] = numberOfMainshock[main]
            if index != main { role[index] = rank[index] < rank[main] ? .foreshock : .aftershock }
        }
        return Declustering(cluster: cluster, mainshock: mainshock, role: role)
    }
}
