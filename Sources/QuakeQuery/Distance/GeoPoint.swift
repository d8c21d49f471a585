import QuakeStore

/// A point on the Earth in degrees: latitude −90…90, longitude −180…180.
public struct GeoPoint: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    /// Nil for coordinates out of range (or not finite).
    public init?(latitude: Double, longitude: Double) {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle kilometres to a quake's epicentre: what `DISTANCE(…)` is.
    public func kilometres(to quake: Quake) -> Double {
        GreatCircle.distanceKilometres(quake.latitude, quake.longitude, latitude, longitude)
    }
}
