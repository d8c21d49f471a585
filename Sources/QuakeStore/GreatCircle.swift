import Foundation

/// Great-circle distances on a sphere of the Earth's mean radius, by the
/// haversine formula. One function serves SQL (`quake_distance`) and the
/// in-memory evaluation of `DISTANCE(…)`, so both compute the same bits.
public enum GreatCircle {
    /// The IUGG mean radius R1, in kilometres.
    public static let earthRadiusKilometres = 6_371.0088

    /// Kilometres between two points given in degrees.
    public static func distanceKilometres(_ latitude1: Double, _ longitude1: Double,
                                          _ latitude2: Double, _ longitude2: Double) -> Double {
        let toRadians = Double.pi / 180
        let sinHalfLatitude = sin((latitude2 - latitude1) * toRadians / 2)
        let sinHalfLongitude = sin((longitude2 - longitude1) * toRadians / 2)
        let h = sinHalfLatitude * sinHalfLatitude
            + cos(latitude1 * toRadians) * cos(latitude2 * toRadians) * sinHalfLongitude * sinHalfLongitude
        // Rounding can push h a hair past 1 for antipodal points.
        return 2 * earthRadiusKilometres * asin(min(1, h.squareRoot()))
    }
}
