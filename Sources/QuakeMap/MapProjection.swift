import QuakeQuery

/// One braille dot of a map: `x` from the left, `y` from the top. A map of
/// W×H character cells has 2W×4H dots; dot (x, y) is in cell (x div 2, y div 4).
public struct Dot: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) { self.x = x; self.y = y }

    public var column: Int { x / 2 }
    public var row: Int { y / 4 }
    public var description: String { "(\(x), \(y))" }
}

/// The equirectangular projection of a region onto `columns`×`rows`
/// character cells, exact so that a dot's position can be checked: a quake
/// at (lat, lon) lights dot
///
///     x = floor((lon − w) / (e − w) × 2W),  y = floor((n − lat) / (n − s) × 4H)
///
/// clamped to the grid, where lon is continued past 180 in a view across
/// the antimeridian (`MapRegion.continued`). SQL computes the same numbers
/// (`AggregateGroup.grid`), so the aggregate's dots are these.
public struct MapProjection: Sendable, Hashable {
    public var region: MapRegion
    /// W: character cells across.
    public var columns: Int
    /// H: character cells down.
    public var rows: Int

    public init(region: MapRegion = .world, columns: Int, rows: Int) {
        self.region = region
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// 2W.
    public var dotsAcross: Int { 2 * columns }
    /// 4H.
    public var dotsDown: Int { 4 * rows }

    /// The dot a quake at `point` lights: the formula, clamped to the grid
    /// (a quake on the south or east edge is in the last row or column).
    public func dot(_ point: GeoPoint) -> Dot {
        let (x, y) = position(point)
        return Dot(x: Self.clamp(x.rounded(.down), below: dotsAcross), y: Self.clamp(y.rounded(.down), below: dotsDown))
    }

    /// The dot a quake at `point` lights, nil when the point is outside the
    /// view (the selected quake's marker is drawn only when it is inside).
    public func dotIfInside(_ point: GeoPoint) -> Dot? {
        region.contains(point) ? dot(point) : nil
    }

    /// Where `point` falls in dots, before flooring and clamping: the
    /// formula's two quotients times the grid.
    public func position(_ point: GeoPoint) -> (x: Double, y: Double) {
        let r = region
        return ((r.continued(point.longitude) - r.west) / (r.east - r.west) * Double(dotsAcross),
                (r.north - point.latitude) / (r.north - r.south) * Double(dotsDown))
    }

    /// The place at the centre of a character cell: where a click or the
    /// wheel points.
    public func point(column: Int, row: Int) -> GeoPoint {
        let r = region
        let longitude = r.west + (Double(column) + 0.5) / Double(max(1, columns)) * r.longitudeSpan
        let latitude = r.north - (Double(row) + 0.5) / Double(max(1, rows)) * r.latitudeSpan
        return GeoPoint(latitude: latitude, longitude: MapRegion.normalized(longitude))
    }

    /// A floored quotient clamped to `0..<limit` (0 for an empty grid).
    static func clamp(_ value: Double, below limit: Int) -> Int {
        guard limit > 0, !value.isNaN else { return 0 }
        if value < 0 { return 0 }
        if value >= Double(limit) { return limit - 1 }
        return Int(value)
    }
}
