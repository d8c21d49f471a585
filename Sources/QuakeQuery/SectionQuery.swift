import Foundation
import QuakeStore

/// A quake placed on a cross-section: its distance along the line and off it (km).
public struct SectionQuake: Sendable, Equatable {
    public let quake: Quake
    public let along: Double
    public let offset: Double

    public init(quake: Quake, along: Double, offset: Double) { self.quake = quake; self.along = along; self.offset = offset }
}

/// The quakes of a selection that lie in a cross-section: the catalog is
/// asked for the box round the corridor (through the latitude and
/// longitude indexes), each quake read is placed exactly, and those within
/// the half-width between A and A′ are kept, in order along the line.
/// `quakes-tui section` prints them; the browser's section pane draws them.
public enum SectionQuery {
    /// `limit`: at most this many quakes read from the box (0: all); the
    /// answer says whether it stopped there.
    public static func quakes(in profile: Profile, selection: QuakePredicate?, catalog: QuakeCatalog,
                              limit: Int = 0) throws -> (quakes: [SectionQuake], isCapped: Bool) {
        var configuration = FetchConfiguration(sortKeys: [SortKey(.time, ascending: true)])
        configuration.predicate = QuakePredicate.and(selection, try boxPredicate(profile.box))
        let snapshot = try ResultsController(catalog, configuration: configuration).fetchNow(counting: false)
        var placed: [SectionQuake] = [], read = 0
        let length = profile.lengthKilometres
        try snapshot.forEachRow(limit: limit) { _, quake in
            read += 1
            let place = profile.place(latitude: quake.latitude, longitude: quake.longitude)
            guard abs(place.offset) <= profile.halfWidthKilometres, place.along >= 0, place.along <= length else { return }
            placed.append(SectionQuake(quake: quake, along: place.along, offset: place.offset))
        }
        placed.sort { ($0.along, $0.quake.id) < ($1.along, $1.quake.id) }
        return (placed, limit > 0 && read >= limit)
    }

    /// The box as a predicate, for the latitude and longitude indexes.
    static func boxPredicate(_ box: (latitudes: ClosedRange<Double>, longitudes: [ClosedRange<Double>])) throws -> QuakePredicate {
        let longitudes = box.longitudes.map { "(longitude >= \($0.lowerBound) AND longitude <= \($0.upperBound))" }
        return try QuakePredicate("latitude >= \(box.latitudes.lowerBound) AND latitude <= \(box.latitudes.upperBound) AND ("
                                  + longitudes.joined(separator: " OR ") + ")")
    }
}
