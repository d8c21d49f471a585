/// Time-sorted positions grouped by bands of latitude, so that Reasenberg's
/// look-ahead from an event reads only the later events of the bands its
/// radius reaches, not every event of the whole Earth within τ (at
/// 1,000,000 generated quakes, τ of one day alone held some 270 events a
/// look). The positions of a band are in time order, as the sweep visits
/// them; each band keeps a cursor at its first position after the event
/// being visited, moved forward only, as the sweep is.
struct LatitudeBands {
    /// A band's width (radians): 0.05°, some 5.6 km, about the reach of a
    /// magnitude 4 (rfact · r(M) plus the location error).
    static let width = 0.05 * Double.pi / 180

    /// Positions grouped by band, each band's in time order: band b's are
    /// `positions[starts[b]..<starts[b + 1]]`.
    private let starts: [Int]
    private let positions: [Int32]
    /// Per band: the index in `positions` of its first position not yet visited.
    private var cursors: [Int]

    init(latitudes: [Double]) {
        let bandCount = Self.band(of: Double.pi / 2) + 1
        var counts = [Int](repeating: 0, count: bandCount + 1)
        for latitude in latitudes { counts[Self.band(of: latitude) + 1] += 1 }
        for band in 0..<bandCount { counts[band + 1] += counts[band] }
        starts = counts
        var next = Array(counts.dropLast())
        var positions = [Int32](repeating: 0, count: latitudes.count)
        for (position, latitude) in latitudes.enumerated() {
            let band = Self.band(of: latitude)
            positions[next[band]] = Int32(position)
            next[band] += 1
        }
        self.positions = positions
        cursors = Array(counts.dropLast())
    }

    /// The band of a latitude (radians), from the south pole.
    static func band(of latitude: Double) -> Int {
        let band = Int(((latitude + Double.pi / 2) / width).rounded(.down))
        return min(max(band, 0), Int((Double.pi / width).rounded(.down)))
    }

    /// The bands holding every latitude within `reach` of `latitude`.
    static func bands(around latitude: Double, reach: Double) -> ClosedRange<Int> {
        band(of: latitude - reach)...band(of: latitude + reach)
    }

    /// Calls `body` with each position after `position` in the band, in
    /// time order, until it returns false.
    mutating func forEach(after position: Int, inBand band: Int, _ body: (Int) -> Bool) {
        let end = starts[band + 1]
        var index = cursors[band]
        while index < end && Int(positions[index]) <= position { index += 1 }
        cursors[band] = index
        while index < end && body(Int(positions[index])) { index += 1 }
    }
}
