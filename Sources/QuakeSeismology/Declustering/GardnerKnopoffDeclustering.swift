import Foundation

/// Gardner & Knopoff (1974) window declustering, as SeismoStats'
/// `GardnerKnopoffType1` does it: visit the events by magnitude, largest
/// first (equal magnitudes: the earlier first); an event not yet in a
/// cluster opens one and takes every event not yet in a cluster with
/// −f·T(M) ≤ t − t₀ ≤ T(M) and an epicentral (haversine) distance ≤ L(M),
/// where M, t₀ are the opener's and L, T its window. The opener is the
/// mainshock; the others are foreshocks (earlier) or aftershocks.
///
/// Gardner, J. K. and Knopoff, L. (1974). Is the sequence of earthquakes in
/// Southern California, with aftershocks removed, Poissonian? BSSA 64(5),
/// 1363–1367.
public struct GardnerKnopoffDeclustering: Sendable {
    /// The Earth radius of the haversine distance (SeismoStats' and HMTK's).
    public static let earthRadiusKm = 6371.227

    public var window: DeclusteringWindow
    /// SeismoStats' `fs_time_prop`: the foreshock window as a fraction of T(M).
    public var foreshockTimeFraction: Double
    /// Caps T(M) at this many days (SeismoStats' `time_cutoff`); nil: no cap.
    public var timeCutoffDays: Double?

    public init(window: DeclusteringWindow = .gk, foreshockTimeFraction: Double = 1, timeCutoffDays: Double? = nil) {
        self.window = window
        self.foreshockTimeFraction = foreshockTimeFraction
        self.timeCutoffDays = timeCutoffDays
    }

    static let method = "Gardner–Knopoff"

    /// Declusters `events`. `progress` is called at most 100 times with the
    /// fraction of the events visited; returning false stops the work with
    /// `DeclusteringCancelled`.
    public func decluster(_ events: EventColumns, progress: ((Double) -> Bool)? = nil) throws -> Declustering {
        try check(events)
        let order = DeclusteringAssembly.timeOrder(events.times)
        let sorted = TimeSortedEpicentres(events, order: order)
        // Positions in time order, visited by magnitude descending; equal
        // magnitudes by position, that is the earlier first.
        var visit = Array(0..<order.count)
        sorted.magnitudes.withUnsafeBufferPointer { m in
            visit.sort { m[$0] != m[$1] ? m[$0] > m[$1] : $0 < $1 }
        }
        var opener = [Int32](repeating: -1, count: order.count)
        var links = [Int32](repeating: 0, count: order.count + 1)
        let reporter = DeclusteringProgress(method: Self.method, total: visit.count, callback: progress)
        try opener.withUnsafeMutableBufferPointer { opener in
            try links.withUnsafeMutableBufferPointer { links in
                FreePositions.initialize(links)
                let free = FreePositions(links: links)
                for (step, position) in visit.enumerated() {
                    try reporter.step(step)
                    guard opener[position] < 0 else { continue }
                    claim(from: position, in: sorted, opener: opener, free: free)
                }
            }
        }
        try reporter.finish()
        return assemble(opener: opener, order: order)
    }

    private func assemble(opener: [Int32], order: [Int]) -> Declustering {
        var mainshock = [Int](repeating: 0, count: order.count)
        for (position, index) in order.enumerated() { mainshock[index] = order[Int(opener[position])] }
        return DeclusteringAssembly.declustering(mainshock: mainshock, order: order)
    }

    /// The event at `position` opens a cluster and takes the free events of
    /// its window: a binary search bounds the time window, `free` skips the
    /// events already taken, a latitude band (|Δφ|·R ≤ L holds for every
    /// point within L) spares most haversines.
    private func claim(from position: Int, in sorted: TimeSortedEpicentres, opener: UnsafeMutableBufferPointer<Int32>,
                       free: FreePositions) {
        let test = windowTest(magnitude: sorted.magnitudes[position])
        let t0 = sorted.times[position]
        let first = sorted.firstIndex(atOrAfter: t0 - test.secondsBefore)
        let end = sorted.firstIndex(after: t0 + test.secondsAfter)
        let limit = test.haversineLimit, band = test.latitudeBand
        let lat0 = sorted.latitudes[position], lon0 = sorted.longitudes[position], cos0 = sorted.cosLatitudes[position]
        opener[position] = Int32(position)
        free.take(position)
        sorted.latitudes.withUnsafeBufferPointer { lat in
            sorted.longitudes.withUnsafeBufferPointer { lon in
                sorted.cosLatitudes.withUnsafeBufferPointer { cosLat in
                    var other = free.first(atOrAfter: first)
                    while other < end {
                        if abs(lat[other] - lat0) <= band {
                            let sinLat = sin((lat[other] - lat0) / 2), sinLon = sin((lon[other] - lon0) / 2)
                            if sinLat * sinLat + cos0 * cosLat[other] * sinLon * sinLon <= limit {
                                opener[other] = Int32(position)
                                free.take(other)
                            }
                        }
                        other = free.first(atOrAfter: other + 1)
                    }
                }
            }
        }
    }

    /// Whether the window of an opener of `magnitude` at `time` (seconds),
    /// `latitude`, `longitude` (radians) takes an event at `otherTime`,
    /// `otherLatitude`, `otherLongitude`: the test `claim` makes, in the
    /// same arithmetic, for a catalog that places one quake more without
    /// running the method again (`GardnerKnopoffIncrement`).
    public func windowHolds(magnitude: Double, time: Double, latitude: Double, longitude: Double,
                            otherTime: Double, otherLatitude: Double, otherLongitude: Double) -> Bool {
        let test = windowTest(magnitude: magnitude)
        guard otherTime >= time - test.secondsBefore, otherTime <= time + test.secondsAfter,
              abs(otherLatitude - latitude) <= test.latitudeBand else { return false }
        let sinLat = sin((otherLatitude - latitude) / 2), sinLon = sin((otherLongitude - longitude) / 2)
        return sinLat * sinLat + cos(latitude) * cos(otherLatitude) * sinLon * sinLon <= test.haversineLimit
    }

    /// A window as its test reads it: the seconds it reaches before and
    /// after its opener, and the latitude band and haversine limit of its
    /// distance L.
    private struct WindowTest {
        var secondsBefore: Double
        var secondsAfter: Double
        /// |Δφ|·R ≤ L holds for every point within L (radians, a hair wider).
        var latitudeBand: Double
        /// d ≤ L ⟺ haversine(d/R) ≤ sin²(L/2R) while L/2R < π/2; beyond, all.
        var haversineLimit: Double
    }

    private func windowTest(magnitude: Double) -> WindowTest {
        let seconds = window.durationDays(magnitude: magnitude, cutoffDays: timeCutoffDays) * 86_400
        let angle = window.distanceKm(magnitude: magnitude) / Self.earthRadiusKm
        return WindowTest(secondsBefore: foreshockTimeFraction * seconds, secondsAfter: seconds,
                          latitudeBand: angle * (1 + 1e-9),
                          haversineLimit: angle / 2 >= .pi / 2 ? 2.0 : pow(sin(angle / 2), 2))
    }

    /// The largest time (seconds) a window of a magnitude in `magnitudes`
    /// reaches either side of its opener: T(M) is not monotonic (Gardner &
    /// Knopoff's and Grünthal's formulas change at 6.5).
    public func longestReachSeconds(magnitudes: ClosedRange<Double>) -> Double {
        var probes = [magnitudes.lowerBound, magnitudes.upperBound]
        if magnitudes.contains(6.5) { probes += [6.5, 6.5.nextDown] }
        let days = probes.map { window.durationDays(magnitude: $0, cutoffDays: timeCutoffDays) }.max()!
        return days * 86_400 * max(1, foreshockTimeFraction)
    }

    private func check(_ events: EventColumns) throws {
        try DeclusteringInputError.check(events, method: Self.method, columns: [
            ("time", events.times), ("latitude", events.latitudes), ("longitude", events.longitudes),
            ("magnitude", events.magnitudes),
        ])
        guard foreshockTimeFraction.isFinite, foreshockTimeFraction >= 0 else {
            throw DeclusteringInputError(method: Self.method, problem: "the foreshock time fraction \(foreshockTimeFraction) is not a number ≥ 0")
        }
        if let timeCutoffDays, !(timeCutoffDays.isFinite && timeCutoffDays > 0) {
            throw DeclusteringInputError(method: Self.method, problem: "the time cutoff \(timeCutoffDays) days is not a positive number")
        }
        guard events.count < Int(Int32.max) else {
            throw DeclusteringInputError(method: Self.method, problem: "\(events.count) events are more than it handles (\(Int32.max))")
        }
    }
}
