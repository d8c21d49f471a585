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
    /// Per time-order position: sine and cosine of the geocentric colatitude.
    let sinColatitude: [Double]
    let cosColatitude: [Double]

    /// A lower bound of km per radian of geographic latitude difference:
    /// the angular distance is at least the geocentric latitude difference,
    /// which is at least 0.993231 × the geographic one, and the radius at
    /// least 6371.227·(1 − 3.37853e-3·2/3) = 6356.9 km; 6300 leaves room.
    static let kmPerRadianAtLeast = 6300.0

    init(_ sorted: TimeSortedEpicentres, horizontalErrorKm: Double, depthErrorKm: Double) {
        horizontalReductionKm = 1.5 * horizontalErrorKm
        self.depthErrorKm = depthErrorKm
        let colatitudes = sorted.latitudes.map { Double.pi / 2 - atan(0.993231 * tan($0)) }
        sinColatitude = colatitudes.map { sin($0) }
        cosColatitude = colatitudes.map { cos($0) }
    }

    /// The reduced hypocentral distance in km between two positions.
    @inline(__always)
    func km(_ a: Int, _ b: Int, _ sorted: TimeSortedEpicentres) -> Double {
        let cosAngle = sinColatitude[a] * sinColatitude[b] * cos(sorted.longitudes[b] - sorted.longitudes[a])
            + cosColatitude[a] * cosColatitude[b]
        let angle = acos(min(1, max(-1, cosAngle)))
        let cosMeanColatitude = sin((sorted.latitudes[a] + sorted.latitudes[b]) / 2)
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
