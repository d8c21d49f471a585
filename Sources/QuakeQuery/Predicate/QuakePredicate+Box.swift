// QuakePredicate.box: a map view's latitude/longitude box as a predicate,
// written so that SQLite walks the narrower side's index.
import Foundation

extension QuakePredicate {
    /// Quakes in latitudes `south…north` and longitudes `west…east` (a
    /// map's view: `east` up to 360° past `west`, above 180 across the
    /// antimeridian): `latitude BETWEEN {s, n} AND longitude BETWEEN {w,
    /// e}`; across the antimeridian outside `e − 360 … w`. A part spanning
    /// the globe is left out; nil for the whole world.
    ///
    /// Of the two sides, the one covering the smaller share of its circle
    /// (latitude of 180°, longitude of 360°) is written as a range SQLite
    /// walks on its index; the other as a NOT it only tests, so that the
    /// map's aggregate reads the narrower band: with both as ranges SQLite
    /// chose the longitude index whatever the view, and a view widened to
    /// true proportions at 61°N read every quake from Hawaii to Nevada
    /// (the fourth zoom round Anchorage at 1,000,000 quakes: 91 to 17 ms).
    /// Across the antimeridian the longitudes are always the NOT.
    public static func box(south: Double, north: Double, west: Double, east: Double) -> QuakePredicate? {
        var parts: [String] = [], arguments: [any Sendable] = []
        let latitudeIsNarrower = (north - south) / 180 <= (east - west) / 360 || east > 180
        if north - south < 180 {
            parts.append(latitudeIsNarrower ? "latitude BETWEEN {%@, %@}" : "NOT (latitude < %@ OR latitude > %@)")
            arguments += [south, north]
        }
        if east - west < 360 {
            if east > 180 {
                parts.append("NOT (longitude < %@ AND longitude > %@)")
                arguments += [west, east - 360]
            } else {
                parts.append(latitudeIsNarrower && north - south < 180 ? "NOT (longitude < %@ OR longitude > %@)"
                             : "longitude BETWEEN {%@, %@}")
                arguments += [west, east]
            }
        }
        guard !parts.isEmpty else { return nil }
        // Numbers only, from finite doubles: this cannot fail to parse.
        return try! QuakePredicate(format: parts.joined(separator: " AND "), arguments: arguments)
    }
}
