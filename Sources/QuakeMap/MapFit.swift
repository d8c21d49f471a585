import QuakeQuery

/// Fitting the view to the results (`0`): their bounding box, found from an
/// aggregate, never from rows. Longitudes are a circle, so the box's west
/// and east come from the smallest arc covering every quake: the circle cut
/// at the largest gap between them. A Fiji–Tonga sequence (177…180 and
/// −180…−173) is the arc 177…187, not the whole world.
public enum MapFit {
    /// Quakes by whole degree of longitude, with each degree's extremes and
    /// the latitudes' (at most 361 rows).
    public static let request = AggregateRequest(
        groups: [.bin(.longitude, width: 1, origin: -180)],
        measures: [.min(.longitude), .max(.longitude), .min(.latitude), .max(.latitude)])

    /// The region showing every quake of a result of `request` on a map of
    /// `columns`×`rows` cells; nil when there are none.
    public static func region(_ result: AggregateResult, columns: Int, rows: Int) -> MapRegion? {
        var longitudes: [ClosedRange<Double>] = []
        var south = Double.infinity, north = -Double.infinity
        for row in result.rows where row.count > 0 {
            guard let west = row.number(0), let east = row.number(1),
                  let low = row.number(2), let high = row.number(3) else { continue }
            longitudes.append(west...east)
            south = min(south, low)
            north = max(north, high)
        }
        guard let arc = smallestArc(covering: longitudes) else { return nil }
        return region(south: south, north: north, west: arc.west, east: arc.east, columns: columns, rows: rows)
    }

    /// The region showing every point (tests; a handful of quakes).
    public static func region(fitting points: [GeoPoint], columns: Int, rows: Int) -> MapRegion? {
        guard let arc = smallestArc(covering: points.map { $0.longitude...$0.longitude }) else { return nil }
        let latitudes = points.map(\.latitude)
        return region(south: latitudes.min()!, north: latitudes.max()!, west: arc.west, east: arc.east,
                      columns: columns, rows: rows)
    }

    /// The smallest arc of the circle of longitudes holding every interval:
    /// `west…east`, with `east` past 180 when it crosses the antimeridian.
    /// The intervals (each within one degree) are sorted and the circle is
    /// cut at the largest gap between one's east end and the next one's
    /// west end, the gap round the back (from the last to the first, past
    /// 180) included and preferred on a tie, so a box that need not cross
    /// the antimeridian does not. Gaps inside an interval are not seen, so
    /// when every gap is under a degree (quakes all round the globe) the
    /// arc is the whole circle.
    public static func smallestArc(covering intervals: [ClosedRange<Double>]) -> (west: Double, east: Double)? {
        let sorted = intervals.sorted { $0.lowerBound < $1.lowerBound }
        guard let first = sorted.first else { return nil }
        var arc = (west: first.lowerBound, east: sorted.map(\.upperBound).max()!)
        var widest = first.lowerBound + 360 - arc.east
        var reach = first.upperBound   // the furthest east so far
        for next in sorted.dropFirst() {
            let gap = next.lowerBound - reach
            if gap > widest {
                widest = gap
                arc = (next.lowerBound, reach + 360)
            }
            reach = max(reach, next.upperBound)
        }
        if widest < 1, sorted.count > 1 { return (-180, 180) }
        return arc
    }

    /// A margin round the box, then the narrower side widened so a dot
    /// spans as many degrees across as down (braille dots are about
    /// square): a long thin sequence is not stretched. At least a degree
    /// shows round a single quake.
    public static let margin = 0.05
    public static let minimumSpan = 1.0

    static func region(south: Double, north: Double, west: Double, east: Double, columns: Int, rows: Int) -> MapRegion {
        var latitudeSpan = max(minimumSpan, (north - south) * (1 + 2 * margin))
        var longitudeSpan = max(minimumSpan, (east - west) * (1 + 2 * margin))
        let across = Double(max(1, 2 * columns)), down = Double(max(1, 4 * rows))
        if longitudeSpan / across < latitudeSpan / down {
            longitudeSpan = latitudeSpan / down * across
        } else {
            latitudeSpan = longitudeSpan / across * down
        }
        latitudeSpan = min(180, latitudeSpan)
        longitudeSpan = min(360, longitudeSpan)
        let middleLatitude = (south + north) / 2, middleLongitude = (west + east) / 2
        return MapRegion(south: middleLatitude - latitudeSpan / 2, north: middleLatitude + latitudeSpan / 2,
                         west: middleLongitude - longitudeSpan / 2, east: middleLongitude + longitudeSpan / 2)
    }
}
