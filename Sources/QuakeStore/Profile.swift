import Foundation

/// A depth cross-section's line A–A′: the great circle from `start` to
/// `end`, and the corridor `halfWidthKilometres` either side of it. A
/// point is placed on it as GMT's `project -C -E -Q` places it: `along`,
/// the distance from A along the great circle to the point's foot on it
/// (negative behind A), and `offset`, the distance from the great circle
/// (positive on the left of A→A′, GMT's sign), both in kilometres of
/// GMT's spherical degree (2πR/360, R the WGS-84 mean radius).
public struct Profile: Sendable, Equatable {
    public let start: (latitude: Double, longitude: Double)
    public let end: (latitude: Double, longitude: Double)
    public let halfWidthKilometres: Double

    /// GMT's kilometres to the degree with `-Q` (6371.0087714 km × π/180).
    public static let kilometresPerDegree = 6_371.008_771_4 * Double.pi / 180

    /// A as a unit vector, and the pole of the great circle A→A′: worked
    /// out once, not for each of the thousands of quakes placed.
    private let a: Vector
    private let pole: Vector
    /// The line's length, A to A′.
    public let lengthKilometres: Double
    /// |x·pole| beyond which a point lies outside the half-width (asin is
    /// monotonic; a hair wider, for rounding): most of a box's points
    /// outside the corridor are told so before the placing's asin and atan2.
    private let offsetSineLimit: Double

    public init(start: (latitude: Double, longitude: Double), end: (latitude: Double, longitude: Double),
                halfWidthKilometres: Double) {
        self.start = start; self.end = end; self.halfWidthKilometres = halfWidthKilometres
        let a = Self.unit(start.latitude, start.longitude)
        let pole = Self.normalized(Self.cross(a, Self.unit(end.latitude, end.longitude)))
        self.a = a; self.pole = pole
        lengthKilometres = Self.place(Self.unit(end.latitude, end.longitude), a: a, pole: pole).along
        let halfAngle = halfWidthKilometres / Self.kilometresPerDegree * .pi / 180
        offsetSineLimit = halfAngle >= .pi / 2 ? 2 : sin(halfAngle) * (1 + 1e-9) + 1e-15
    }

    public static func == (a: Profile, b: Profile) -> Bool {
        a.start == b.start && a.end == b.end && a.halfWidthKilometres == b.halfWidthKilometres
    }

    /// Where a point falls: along the line and off it, in kilometres.
    public func place(latitude: Double, longitude: Double) -> (along: Double, offset: Double) {
        Self.place(Self.unit(latitude, longitude), a: a, pole: pole)
    }

    private static func place(_ x: Vector, a: Vector, pole: Vector) -> (along: Double, offset: Double) {
        let sine = max(-1, min(1, dot(x, pole)))
        let offset = asin(sine)
        // The foot on the great circle, and its angle from A about the pole.
        let foot = normalized((x.0 - sine * pole.0, x.1 - sine * pole.1, x.2 - sine * pole.2))
        let along = atan2(dot(cross(a, foot), pole), dot(a, foot))
        let degrees = 180 / Double.pi
        return (along * degrees * kilometresPerDegree, offset * degrees * kilometresPerDegree)
    }

    /// Where a point falls when it lies in the section (within the
    /// half-width of the line, between A and A′); nil when it does not.
    public func placeInSection(latitude: Double, longitude: Double) -> (along: Double, offset: Double)? {
        let x = Self.unit(latitude, longitude)
        guard abs(Self.dot(x, pole)) <= offsetSineLimit else { return nil }
        let placed = Self.place(x, a: a, pole: pole)
        guard abs(placed.offset) <= halfWidthKilometres, placed.along >= 0, placed.along <= lengthKilometres else { return nil }
        return placed
    }

    public func contains(latitude: Double, longitude: Double) -> Bool {
        placeInSection(latitude: latitude, longitude: longitude) != nil
    }

    /// The latitudes and longitudes the section can hold, for an index to
    /// narrow the quakes read before each is placed exactly: the line
    /// sampled every 1/256 of its length, widened by the half-width (and
    /// 1 % for the sampling); across the antimeridian two longitude
    /// ranges, near a pole every longitude.
    public var box: (latitudes: ClosedRange<Double>, longitudes: [ClosedRange<Double>]) {
        let length = lengthKilometres / Self.kilometresPerDegree * .pi / 180
        let margin = halfWidthKilometres * 1.01 / Self.kilometresPerDegree + length * 180 / .pi / 256
        let line = line(segments: 256)
        let latitudes = line.map(\.latitude), longitudes = line.map(\.longitude)
        let south = max(-90, latitudes.min()! - margin), north = min(90, latitudes.max()! + margin)
        // The widest a degree of margin is in longitude: at the box's latitude nearest a pole.
        let polar = max(abs(south), abs(north))
        guard polar < 89 else { return (south...north, [-180...180]) }
        let across = margin / cos(polar * .pi / 180)
        let west = longitudes.min()! - across, east = longitudes.max()! + across
        guard east - west < 360 else { return (south...north, [-180...180]) }
        // Back into −180…180, in one range or two.
        let shift = ((west + 180) / 360).rounded(.down) * 360
        let (w, e) = (west - shift, east - shift)
        return e <= 180 ? (south...north, [w...e]) : (south...north, [w...180, -180...(e - 360)])
    }

    /// The great circle from A to A′ in `segments` equal steps (one point
    /// more), longitudes unwrapped from the point before, so the
    /// antimeridian is crossed (a longitude may pass ±180), not jumped.
    public func line(segments: Int) -> [(latitude: Double, longitude: Double)] {
        let length = lengthKilometres / Self.kilometresPerDegree * .pi / 180
        let toward = Self.cross(pole, a)   // a quarter turn on from A along the line
        var points: [(latitude: Double, longitude: Double)] = []
        for step in 0...max(1, segments) {
            let angle = length * Double(step) / Double(max(1, segments))
            let point = (a.0 * cos(angle) + toward.0 * sin(angle), a.1 * cos(angle) + toward.1 * sin(angle),
                         a.2 * cos(angle) + toward.2 * sin(angle))
            var longitude = atan2(point.1, point.0) * 180 / .pi
            if let last = points.last?.longitude {
                while longitude - last > 180 { longitude -= 360 }
                while longitude - last < -180 { longitude += 360 }
            }
            points.append((asin(max(-1, min(1, point.2))) * 180 / .pi, longitude))
        }
        return points
    }

    typealias Vector = (Double, Double, Double)

    static func unit(_ latitude: Double, _ longitude: Double) -> Vector {
        let φ = latitude * .pi / 180, λ = longitude * .pi / 180
        return (cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
    }

    static func cross(_ a: Vector, _ b: Vector) -> Vector {
        (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
    }

    static func dot(_ a: Vector, _ b: Vector) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }

    static func normalized(_ v: Vector) -> Vector {
        let length = dot(v, v).squareRoot()
        return length == 0 ? v : (v.0 / length, v.1 / length, v.2 / length)
    }
}
