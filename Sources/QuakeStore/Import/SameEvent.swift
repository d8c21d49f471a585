import Foundation

/// Whether two reports can describe one physical event. USGS merges the
/// reports of several networks for one quake under a preferred id; their
/// origins differ by seconds and by tens of kilometres, never by minutes or
/// by a continent. A feature's `ids` is only believed within these bounds,
/// so one feature listing unrelated ids cannot remove their quakes.
enum SameEvent {
    /// Origin times at most this far apart, in milliseconds.
    static let maxTimeApart: Int64 = 60_000
    static let maxDistanceKilometres = 300.0
    static let earthRadiusKilometres = 6371.0

    /// An origin: epoch milliseconds and the epicentre in degrees.
    struct Origin {
        var time: Int64
        var latitude: Double
        var longitude: Double
    }

    static func possible(_ a: Origin, _ b: Origin) -> Bool {
        // Catalogs from older versions may hold times far apart enough to overflow.
        let (apart, overflow) = a.time.subtractingReportingOverflow(b.time)
        guard !overflow, apart.magnitude <= UInt64(maxTimeApart) else { return false }
        return distanceKilometres(a, b) <= maxDistanceKilometres
    }

    /// Great-circle distance by the haversine formula on a sphere of the
    /// Earth's mean radius.
    static func distanceKilometres(_ a: Origin, _ b: Origin) -> Double {
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let dLatitude = radians(b.latitude - a.latitude), dLongitude = radians(b.longitude - a.longitude)
        let h = sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(radians(a.latitude)) * cos(radians(b.latitude)) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * earthRadiusKilometres * asin(min(1, h.squareRoot()))
    }
}

extension Quake {
    /// Where and when this report puts the event.
    var origin: SameEvent.Origin {
        SameEvent.Origin(time: time.epochMilliseconds, latitude: latitude, longitude: longitude)
    }
}
