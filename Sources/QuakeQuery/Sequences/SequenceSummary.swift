import Foundation
import QuakeSeismology
import QuakeStore

/// What a declustering found, as `decluster` prints it: how many quakes,
/// clusters, and of each role, and the largest cluster.
public struct SequenceSummary: Sendable, Equatable {
    public var run: SequenceRun
    public var quakes: Int
    public var clusters: Int
    /// Clusters of one quake: mainshocks with neither foreshock nor aftershock.
    public var alone: Int
    public var roles: [SequenceRole: Int]
    /// The largest cluster's size and its mainshock's id, magnitude and
    /// time (nil with no quake).
    public var largest: (size: Int, mainshock: String, magnitude: Double, time: Double)?

    public static func == (a: SequenceSummary, b: SequenceSummary) -> Bool {
        a.run == b.run && a.quakes == b.quakes && a.clusters == b.clusters && a.alone == b.alone && a.roles == b.roles
            && a.largest?.size == b.largest?.size && a.largest?.mainshock == b.largest?.mainshock
    }

    init(run: SequenceRun, result: Declustering, selection: SequenceSelection) {
        self.run = run
        quakes = result.count
        var sizes: [Int: Int] = [:]
        for cluster in result.cluster { sizes[cluster, default: 0] += 1 }
        clusters = run.clusters
        alone = sizes.values.filter { $0 == 1 }.count
        var roles: [SequenceRole: Int] = [:]
        for role in result.role { roles[role, default: 0] += 1 }
        self.roles = roles
        largest = nil
        var best: (size: Int, index: Int)?
        for i in 0..<result.count where result.role[i] == .mainshock {
            let size = sizes[result.cluster[i]] ?? 1
            // The larger cluster; on a tie the larger mainshock, then the earlier.
            if best == nil || size > best!.size
                || (size == best!.size && selection.columns.magnitudes[i] > selection.columns.magnitudes[best!.index]) {
                best = (size, i)
            }
        }
        if let best {
            largest = (best.size, selection.ids[best.index], selection.columns.magnitudes[best.index],
                       selection.columns.times[best.index])
        }
    }
}
