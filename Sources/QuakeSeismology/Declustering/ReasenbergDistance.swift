import Foundation

/// The hypocentral distance of Reasenberg's CLUSTER program as ZMAP's
/// `distance2.m` computes it: the spherical distance between geocentric
/// latitudes (flattening factor 0.993231) on a radius that depends on the
/// mean colatitude, 6371.227·(1 + 3.37853e-3·(1/3 − cos² colat)) km; less
/// 1.5 × the epicentre error (not below 0); the depth difference less the
/// depth error (not below 0); the two combined by Pythagoras.
struct ReasenbergDistance {
    let horizontalReductionKm: Double
    let depthErrorKm: Double
    /// Per time-order position: the unit vector of the geocentric
    /// colatitude and longitude (x, y, z), so the cosine of the angle
    /// between two events is a dot product, no cosine taken a pair; and the
    /// sine and cosine of half the geographic latitude, for the radius at
    /// the mean colatitude (sin((a + b)/2) by the addition formula). The
    /// trigonometry a pair cost 47 % of Reasenberg's time at 1,000,000 quakes.
    let x: [Double], y: [Double], z: [Double]
    let sinHalfLatitude: [Double], cosHalfLatitude: [Double]

    /// A lower bound of km per radian of geographic latitude difference:
    /// the angular distance is at least the geocentric latitude difference,
    /// which is at least 0.993231 × the geographic one, and the radius at
    /// least 6371.227·(1 − 3.37853e-3·2/3) = 6356.9 km; 6300 leaves room.
    static let kmPerRadianAtLeast = 6300.0

    init(_ sorted: TimeSortedEpicentres, horizontalErrorKm: Double, depthErrorKm: Double) {
        horizontalReductionKm = 1.5 * horizontalErrorKm
        self.depthErrorKm = depthErrorKm
        let colatitudes = sorted.latitudes.map { Double.pi / 2 - atan(0.993231 * tan($0)) }
        x = zip(colatitudes, sorted.longitudes).map { sin($0) * cos($1) }
        y = zip(colatitudes, sorted.longitudes).map { sin($0) * sin($1) }
        z = colatitudes.map { cos($0) }
        sinHalfLatitude = sorted.latitudes.map { sin($0 / 2) }
        cosHalfLatitude = sorted.latitudes.map { cos($0 / 2) }
    }

    /// The cosine of the angle between two positions.
    @inline(__always)
    func cosAngle(_ a: Int, _ b: Int) -> Double { x[a] * x[b] + y[a] * y[b] + z[a] * z[b] }

    /// The smallest `cosAngle` of two events within `radiusKm` of each
    /// other: the radius is at least 6356.9 km (6350 leaves room), so an
    /// angle beyond (radiusKm + reduction) / 6350 is farther.
    func cosAngleBound(radiusKm: Double) -> Double {
        let angle = (radiusKm + horizontalReductionKm) / 6350
        return angle >= Double.pi ? -2 : cos(angle) - 1e-12
    }

    /// The reduced hypocentral distance in km between two positions.
    @inline(__always)
    func km(_ a: Int, _ b: Int, _ sorted: TimeSortedEpicentres) -> Double {
        let angle = acos(min(1, max(-1, cosAngle(a, b))))
        let cosMeanColatitude = sinHalfLatitude[a] * cosHalfLatitude[b] + cosHalfLatitude[a] * sinHalfLatitude[b]
        let radius = 6371.227 * (1 + 3.37853e-3 * (1.0 / 3 - cosMeanColatitude * cosMeanColatitude))
        let horizontal = max(0, angle * radius - horizontalReductionKm)
        let vertical = max(0, abs(sorted.depths[a] - sorted.depths[b]) - depthErrorKm)
        return (horizontal * horizontal + vertical * vertical).squareRoot()
    }

    /// The largest geographic latitude difference (radians) at which two
    /// events can still be within `radiusKm` of each other.
    func latitudeBand(radiusKm: Double) -> Double {
        (radiusKm + horizontalReductionKm) / Self.kmPerRadianAtLeast
    }
}
