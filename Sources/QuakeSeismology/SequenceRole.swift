/// A quake's place in its cluster, as a declustering method decides it: the
/// cluster's largest quake is its mainshock (a quake alone is the mainshock of
/// a cluster of one), the others came before it or after it.
public enum SequenceRole: String, Sendable, CaseIterable, Codable {
    case mainshock, foreshock, aftershock
}
