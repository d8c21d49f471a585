import QuakeQuery

/// Where a run of a polyline can light dots: its latitudes and its
/// longitudes walked the short way round from its first point (as
/// `LandOutline.dots(in:)` draws each segment), so a run across the
/// antimeridian is 178…182, not −180…180. A view that this box does not
/// meet gets no dot from the run: the map skips it unwalked.
struct PolylineExtent: Sendable, Equatable {
    var south: Double
    var north: Double
    /// `west…east` in longitudes continued past ±180 (east − west < 360
    /// unless the run goes right round).
    var west: Double
    var east: Double

    /// Rounding of the walk's sums: the box is widened by this, so a point
    /// on a view's edge is never culled (a wider box only costs a walk).
    static let margin = 1e-6

    /// The box of `points` (not empty), walked as the map draws them.
    init(_ points: ArraySlice<GeoPoint>) {
        var longitude = points[points.startIndex].longitude
        var south = Double.infinity, north = -Double.infinity, west = longitude, east = longitude
        var previous = longitude
        for point in points {
            var step = point.longitude - previous
            if step > 180 { step -= 360 } else if step < -180 { step += 360 }
            longitude += step
            previous = point.longitude
            west = min(west, longitude)
            east = max(east, longitude)
            south = min(south, point.latitude)
            north = max(north, point.latitude)
        }
        self.south = south - Self.margin
        self.north = north + Self.margin
        self.west = west - Self.margin
        self.east = east + Self.margin
    }

    /// Whether the run can light a dot of a map of `region`: it meets the
    /// view's latitudes, and one of its copies a turn apart meets the
    /// view's longitudes (`west…east`, east up to west + 360).
    func meets(_ region: MapRegion) -> Bool {
        guard north >= region.south, south <= region.north else { return false }
        let span = east - west
        guard span < 360, region.longitudeSpan < 360 else { return true }
        // The copy of this box's west edge in region.west..<region.west + 360.
        var offset = (west - region.west).truncatingRemainder(dividingBy: 360)
        if offset < 0 { offset += 360 }
        let copy = region.west + offset
        // That copy starts inside the view, or the copy a turn before it reaches into it.
        return copy <= region.east || copy + span - 360 >= region.west
    }
}
