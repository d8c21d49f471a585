import QuakeStore

/// A point in degrees: on the Earth (latitude −90…90, longitude −180…180),
/// or on a map whose longitudes continue past 180°.
public struct GeoPoint: Sendable, Hashable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    /// Any coordinates: a map continues longitudes past 180° (a view across
    /// the antimeridian).
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Nil for coordinates out of range (or not finite): a point on Earth.
    public init?(checkingLatitude latitude: Double, longitude: Double) {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// Great-circle kilometres to a quake's epicentre: what `DISTANCE(…)` is.
    public func kilometres(to quake: Quake) -> Double {
        GreatCircle.distanceKilometres(quake.latitude, quake.longitude, latitude, longitude)
    }

    public var description: String { "(\(latitude), \(longitude))" }
}
