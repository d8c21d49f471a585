import Foundation

/// Reasenberg (1985) declustering with ZMAP's defaults, following ZMAP's
/// `declus.m` (A. Allmann's port of Reasenberg's CLUSTER program).
///
/// The events are swept in time order (equal times by index). Each event i
/// looks ahead τ days and links every later event j with t_j − t_i < τ that is
/// within rfact·r(M_i) km of i, or within r(M_big) km of its cluster's largest
/// event so far (only when τ > τmin; else within 0 km of it, as ZMAP tests
/// it), where r(M) = 0.011·10^(0.4 M) km (Kanamori & Anderson's crack radius,
/// as ZMAP's `interact.m`) and distances are `ReasenbergDistance`'s, reduced
/// by the location errors. A link puts i and j in one cluster, merging their
/// clusters when both had one. τ is τmin when i is in no cluster or is its
/// cluster's largest so far (magnitude ≥ the largest's); otherwise
/// τ = −ln(1 − P)·Δt / 10^(2(ΔM − 1)/3) with Δt the days since the cluster's
/// largest and ΔM = max(0, (1 − xk)·M_big − xmeff), clamped to [τmin, τmax].
/// The largest event of each cluster (the earliest of equals) is its
/// mainshock; the events before it are foreshocks, after it aftershocks; an
/// event in no cluster is the mainshock of its own.
///
/// Where this departs from ZMAP, deliberately: ZMAP keeps a cluster's largest
/// only from the events it visits in its own cluster, so it misses an event
/// that joins by linking a later clustered event and a merged cluster's
/// largest; here the largest is the largest of every visited member, through
/// joins and merges (Reasenberg's "largest event in the cluster"). The radius
/// follows ZMAP's 0.011·10^(0.4 M) (10^(0.4 M − 1.96)), not the 10^(0.4 M −
/// 1.918) some texts print. The cosine of the spherical distance is clamped
/// to [−1, 1] (MATLAB would return a complex arc cosine just above 1).
///
/// Reasenberg, P. (1985). Second-order moment of central California
/// seismicity, 1969–1982. J. Geophys. Res. 90(B7), 5479–5495.
public struct ReasenbergDeclustering: Sendable {
    /// Look-ahead time of an event in no cluster (days).
    public var tauMinDays: Double
    /// Longest look-ahead time (days).
    public var tauMaxDays: Double
    /// The probability of detecting the next event of the sequence.
    public var probability: Double
    /// The factor of the raise of the lower cut-off magnitude during clusters.
    public var xk: Double
    /// The effective lower cut-off magnitude; nil: the catalogue's smallest magnitude.
    public var xmeff: Double?
    /// The interaction radius factor (crack radii around the latest event).
    public var rfact: Double
    /// Epicentre error (km); the distance is reduced by 1.5 times it.
    public var horizontalErrorKm: Double
    /// Depth error (km).
    public var depthErrorKm: Double

    public init(tauMinDays: Double = 1, tauMaxDays: Double = 10, probability: Double = 0.95, xk: Double = 0.5,
                xmeff: Double? = nil, rfact: Double = 10, horizontalErrorKm: Double = 1.5, depthErrorKm: Double = 2) {
        self.tauMinDays = tauMinDays
        self.tauMaxDays = tauMaxDays
        self.probability = probability
        self.xk = xk
        self.xmeff = xmeff
        self.rfact = rfact
        self.horizontalErrorKm = horizontalErrorKm
        self.depthErrorKm = depthErrorKm
    }

    static let method = "Reasenberg"

    /// The crack radius r(M) = 0.011·10^(0.4 M) km.
    public static func interactionRadiusKm(magnitude: Double) -> Double { 0.011 * pow(10, 0.4 * magnitude) }

    /// The look-ahead time (days) of an event `daysSinceLargest` after its
    /// cluster's largest, of magnitude `largestMagnitude`, before clamping.
    public func lookAheadDays(largestMagnitude: Double, daysSinceLargest: Double, xmeff: Double) -> Double {
        let deltaM = max(0, (1 - xk) * largestMagnitude - xmeff)
        return -log(1 - probability) * daysSinceLargest / pow(10, 2 * (deltaM - 1) / 3)
    }

    /// Declusters `events`. `progress` is called at most 100 times with the
    /// fraction of the sweep done; returning false stops the work with
    /// `DeclusteringCancelled`.
    public func decluster(_ events: EventColumns, progress: ((Double) -> Bool)? = nil) throws -> Declustering {
        try check(events)
        let order = DeclusteringAssembly.timeOrder(events.times)
        let sweep = ReasenbergSweep(parameters: self, sorted: TimeSortedEpicentres(events, order: order),
                                    xmeff: xmeff ?? events.magnitudes.min() ?? 0)
        let reporter = DeclusteringProgress(method: Self.method, total: order.count, callback: progress)
        let largest = try sweep.run(reporter)
        try reporter.finish()
        var mainshock = [Int](repeating: 0, count: order.count)
        for (position, index) in order.enumerated() { mainshock[index] = order[largest[position]] }
        return DeclusteringAssembly.declustering(mainshock: mainshock, order: order)
    }

    private func check(_ events: EventColumns) throws {
        try DeclusteringInputError.check(events, method: Self.method, columns: [
            ("time", events.times), ("latitude", events.latitudes), ("longitude", events.longitudes),
            ("depth", events.depths), ("magnitude", events.magnitudes),
        ])
        func require(_ condition: Bool, _ problem: String) throws {
            if !condition { throw DeclusteringInputError(method: Self.method, problem: problem) }
        }
        try require(tauMinDays > 0 && tauMinDays <= tauMaxDays && tauMaxDays.isFinite,
                    "the look-ahead times \(tauMinDays)–\(tauMaxDays) days are not 0 < τmin ≤ τmax")
        try require(probability > 0 && probability < 1, "the probability \(probability) is not between 0 and 1")
        try require(xk.isFinite && (xmeff ?? 0).isFinite, "xk \(xk) or xmeff \(xmeff ?? 0) is not a number")
        try require(rfact > 0 && rfact.isFinite, "the radius factor \(rfact) is not a positive number")
        try require(horizontalErrorKm >= 0 && depthErrorKm >= 0 && horizontalErrorKm.isFinite && depthErrorKm.isFinite,
                    "the location errors \(horizontalErrorKm) km, \(depthErrorKm) km are not numbers ≥ 0")
        try require(events.count < Int(Int32.max), "\(events.count) events are more than it handles (\(Int32.max))")
    }
}
