// DISTANCE(…) as a QuakeField: the computed number key predicates, sorts and
// list's columns read, and the SQL (quake_distance) it runs as.
import QuakeStore

extension QuakeField {
    /// `DISTANCE(…)`: great-circle kilometres from each quake's epicentre to
    /// `point`, a number key like any other (compared, sorted, printed).
    /// `arguments` is how its name spells the point: `61.22, -149.9`,
    /// `"Anchorage"`, or nothing for home.
    static func distance(from point: GeoPoint, arguments: String) -> QuakeField {
        QuakeField(computed: "DISTANCE(\(arguments))", expression: distanceSQL(point), distanceOrigin: point) {
            .number(point.kilometres(to: $0))
        }
    }

    /// See `SQLFunctions.distance` for why the point is written as bits.
    private static func distanceSQL(_ point: GeoPoint) -> String {
        let latitudeBits = Int64(bitPattern: point.latitude.bitPattern)
        let longitudeBits = Int64(bitPattern: point.longitude.bitPattern)
        return "quake_distance(latitude, longitude, \(latitudeBits), \(longitudeBits))"
    }

    /// The name of `DISTANCE` with `arguments` for these coordinates, as
    /// predicates print numbers.
    static func distanceArguments(_ point: GeoPoint) -> String {
        "\(PredicateValue.number(point.latitude)), \(PredicateValue.number(point.longitude))"
    }
}

extension QuakeField {
    /// `DISTANCE()`: kilometres from home.
    public static func distance(from home: Home) -> QuakeField { .distance(from: home.point, arguments: "") }
}
