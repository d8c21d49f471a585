/// What a declustering method decided for each event of its `EventColumns`,
/// index for index: the cluster it belongs to, that cluster's mainshock and
/// its role. Clusters are numbered 1, 2, … in the order of their first
/// event's time (ties by index), so the numbering does not depend on the
/// order the method visited them.
public struct Declustering: Sendable, Equatable {
    /// The cluster of each event (1-based).
    public var cluster: [Int]
    /// The index (into the input columns) of each event's mainshock; a
    /// mainshock's is its own.
    public var mainshock: [Int]
    public var role: [SequenceRole]

    public init(cluster: [Int], mainshock: [Int], role: [SequenceRole]) {
        self.cluster = cluster
        self.mainshock = mainshock
        self.role = role
    }

    public var count: Int { cluster.count }
}
