import QuakeQuery

/// What a map shows: latitudes `south…north` and longitudes `west…east`.
/// `west` is kept in −180..<180 and `east` above it by at most 360°, so a
/// view across the antimeridian continues past 180: Fiji and Tonga are
/// `west` 170, `east` 190, one box. Every way of making a region (zoom, pan,
/// fit) goes through `init`, which keeps these rules.
public struct MapRegion: Sendable, Hashable, CustomStringConvertible {
    public private(set) var south: Double
    public private(set) var north: Double
    public private(set) var west: Double
    public private(set) var east: Double

    /// The default view: `w = −180, e = 180, s = −90, n = 90`.
    public static let world = MapRegion(south: -90, north: 90, west: -180, east: 180)

    /// The narrowest span zooming reaches, in degrees: the outlines are kept
    /// to 0.01°, so closer shows nothing more.
    public static let minimumSpan = 0.05

    /// A region as close to the one asked for as the rules allow: spans
    /// between `minimumSpan` and the globe's (180° by 360°), latitudes
    /// moved inside ±90 (keeping the span), `west` moved into −180..<180
    /// by whole turns with `east` following. An `east` at or below `west`
    /// is taken to cross the antimeridian (`west` 170, `east` −170 is
    /// 170…190).
    public init(south: Double, north: Double, west: Double, east: Double) {
        // Bounds are kept exactly when they follow the rules, so a region
        // given on the command line is the one its predicate names.
        var south = south.isFinite ? south : -90, north = north.isFinite ? north : 90
        if north - south >= 180 {
            (south, north) = (-90, 90)
        } else if north - south < Self.minimumSpan {
            let middle = (south + north) / 2
            (south, north) = (middle - Self.minimumSpan / 2, middle + Self.minimumSpan / 2)
        }
        if north > 90 { (south, north) = (south - (north - 90), 90) }
        if south < -90 { (south, north) = (-90, north + (-90 - south)) }
        self.south = south
        self.north = north

        var west = west.isFinite ? west : -180, east = east.isFinite ? east : 180
        if east <= west { east += 360 * (((west - east) / 360).rounded(.down) + 1) }
        if east - west > 360 {
            east = west + 360
        } else if east - west < Self.minimumSpan {
            let middle = (west + east) / 2
            (west, east) = (middle - Self.minimumSpan / 2, middle + Self.minimumSpan / 2)
        }
        // Whole turns keep the view on the same places.
        let turns = ((west + 180) / 360).rounded(.down)
        if turns != 0 { (west, east) = (west - 360 * turns, east - 360 * turns) }
        self.west = west
        self.east = east
    }

    public var latitudeSpan: Double { north - south }
    public var longitudeSpan: Double { east - west }
    /// Whether the view continues past 180° (its east edge, as a
    /// longitude, is `east − 360`).
    public var crossesAntimeridian: Bool { east > 180 }
    public var isWholeWorld: Bool { latitudeSpan >= 180 && longitudeSpan >= 360 }

    public var center: GeoPoint {
        GeoPoint(latitude: south + latitudeSpan / 2, longitude: Self.normalized(west + longitudeSpan / 2))
    }

    /// A longitude as this view counts it: in `west..<west + 360`, so
    /// −175 is 185 in a view from 170.
    public func continued(_ longitude: Double) -> Double { longitude < west ? longitude + 360 : longitude }

    /// Whether the point is in the view, edges included.
    public func contains(_ point: GeoPoint) -> Bool {
        (south...north).contains(point.latitude) && continued(point.longitude) <= east
    }

    /// A longitude in −180…180 (what `east` is as a place).
    public static func normalized(_ longitude: Double) -> Double {
        longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
    }

    /// The view as a condition on quakes, the restriction of the map's
    /// aggregate and what `R` filters to: `latitude BETWEEN {s, n} AND
    /// longitude BETWEEN {w, e}`; across the antimeridian `(longitude >= w
    /// OR longitude <= e − 360)`. A part spanning the globe is left out;
    /// nil for the whole world.
    public var predicate: QuakePredicate? {
        QuakePredicate.box(south: south, north: north, west: west, east: east)
    }

    // MARK: Moving the view

    /// Zoomed by `factor` (2 zooms in, 0.5 out) keeping `point` where it is
    /// on the map: the selected quake, the pointer, or the centre (also
    /// when `point` is out of view: zooming never jumps elsewhere).
    public func zoomed(by factor: Double, around point: GeoPoint) -> MapRegion {
        guard factor > 0, factor.isFinite else { return self }
        let point = contains(point) ? point : center
        let longitude = continued(point.longitude), latitude = min(north, max(south, point.latitude))
        let across = (longitude - west) / longitudeSpan, down = (north - latitude) / latitudeSpan
        let newLongitudeSpan = min(360, max(Self.minimumSpan, longitudeSpan / factor))
        let newLatitudeSpan = min(180, max(Self.minimumSpan, latitudeSpan / factor))
        // Zoomed out to the whole globe round, the world view is the usual one (from 180°W).
        let west = newLongitudeSpan >= 360 ? -180 : longitude - across * newLongitudeSpan
        let north = latitude + down * newLatitudeSpan
        return MapRegion(south: north - newLatitudeSpan, north: north, west: west, east: west + newLongitudeSpan)
    }

    /// The same spans with `point` in the middle (`.`: the selected
    /// quake); near a pole the view stops at it, as panning does.
    public func centred(on point: GeoPoint) -> MapRegion {
        let halfLatitude = latitudeSpan / 2, halfLongitude = longitudeSpan / 2
        return MapRegion(south: point.latitude - halfLatitude, north: point.latitude + halfLatitude,
                         west: point.longitude - halfLongitude, east: point.longitude + halfLongitude)
    }

    public enum PanDirection: Sendable, Hashable { case west, east, north, south }

    /// Moved a quarter of the view; east and west go round the globe,
    /// north and south stop at the poles.
    public func panned(_ direction: PanDirection) -> MapRegion {
        let across = longitudeSpan / 4, down = latitudeSpan / 4
        switch direction {
        case .west: return MapRegion(south: south, north: north, west: west - across, east: east - across)
        case .east: return MapRegion(south: south, north: north, west: west + across, east: east + across)
        case .north: return MapRegion(south: south + down, north: north + down, west: west, east: east)
        case .south: return MapRegion(south: south - down, north: north - down, west: west, east: east)
        }
    }

    public var description: String { "lat \(south)…\(north), lon \(west)…\(east)" }
}
