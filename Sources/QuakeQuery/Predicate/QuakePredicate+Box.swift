import Foundation

extension QuakePredicate {
    /// Quakes in latitudes `south…north` and longitudes `west…east` (a
    /// map's view: `east` up to 360° past `west`, above 180 across the
    /// antimeridian): `latitude BETWEEN {s, n} AND longitude BETWEEN {w,
    /// e}`; across the antimeridian `(longitude >= w OR longitude <= e −
    /// 360)`. A part spanning the globe is left out; nil for the whole world.
    public static func box(south: Double, north: Double, west: Double, east: Double) -> QuakePredicate? {
        var parts: [String] = [], arguments: [any Sendable] = []
        if north - south < 180 {
            parts.append("latitude BETWEEN {%@, %@}")
            arguments += [south, north]
        }
        if east - west < 360 {
            if east > 180 {
                parts.append("(longitude >= %@ OR longitude <= %@)")
                arguments += [west, east - 360]
            } else {
                parts.append("longitude BETWEEN {%@, %@}")
                arguments += [west, east]
            }
        }
        guard !parts.isEmpty else { return nil }
        // Numbers only, from finite doubles: this cannot fail to parse.
        return try! QuakePredicate(format: parts.joined(separator: " AND "), arguments: arguments)
    }
}
