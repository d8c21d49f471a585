import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// `0` fits the view to the results: the smallest longitude arc covering
/// them (the circle cut at the largest gap), a margin, square dots.
@Suite struct MapFitTests {
    /// A Fiji–Tonga sequence: 177…180 and −180…−173.
    static let fijiTonga: [GeoPoint] = [
        (-15.2, 177.5), (-17.8, 178.9), (-18.1, 179.99), (-19, 180), (-20.3, -180), (-21, -179.2), (-23.4, -176),
        (-24, -173.1),
    ].map { GeoPoint(latitude: $0.0, longitude: $0.1) }

    @Test func aSequenceAcrossTheAntimeridianIsOneNarrowBox() throws {
        let arc = try #require(MapFit.smallestArc(covering: Self.fijiTonga.map { $0.longitude...$0.longitude }))
        #expect(arc.west == 177.5 && arc.east == -173.1 + 360, "177.5…186.9, not the world")

        let region = try #require(MapFit.region(fitting: Self.fijiTonga, columns: 40, rows: 10))
        #expect(region.crossesAntimeridian)
        #expect(region.longitudeSpan < 25 && region.latitudeSpan < 15, "\(region)")
        for point in Self.fijiTonga { #expect(region.contains(point), "\(point) in \(region)") }
        // Square dots: as many degrees per dot across (80 dots) as down (40).
        #expect(abs(region.longitudeSpan / 80 - region.latitudeSpan / 40) < 1e-9)
        // The box with its 5% margin is 8.8° × 10.34°; its height sets the scale.
        #expect(abs(region.latitudeSpan - 8.8 * 1.1) < 1e-9)
        #expect(abs(region.center.longitude - (-177.8)) < 1e-9 && abs(region.center.latitude - (-19.6)) < 1e-9)
    }

    @Test func theArcIsCutAtTheLargestGap() throws {
        func arc(_ longitudes: [Double]) -> (west: Double, east: Double)? {
            MapFit.smallestArc(covering: longitudes.map { $0...$0 })
        }
        #expect(arc([]) == nil)
        #expect(try #require(arc([-10, 10])) == (-10, 10), "across 0°, not across 180°")
        #expect(try #require(arc([170, -170])) == (170, 190))
        #expect(try #require(arc([0, 180])) == (0, 180), "a tie keeps the box off the antimeridian")
        #expect(try #require(arc([5])) == (5, 5))
        #expect(try #require(arc(stride(from: -180.0, to: 180, by: 0.5).map { $0 })) == (-180, 180), "all round: the world")
        #expect(try #require(MapFit.smallestArc(covering: [170...170.9, -170.5...(-170.1), 100...100.2])) == (100, 189.9))
    }

    @Test func aSingleQuakeGetsADegreeRoundIt() throws {
        let region = try #require(MapFit.region(fitting: [GeoPoint(latitude: 35.68, longitude: 139.77)], columns: 40, rows: 10))
        #expect(abs(region.latitudeSpan - 1) < 1e-9 && abs(region.longitudeSpan - 2) < 1e-9, "\(region)")
        #expect(region.contains(GeoPoint(latitude: 35.68, longitude: 139.77)))
    }

    /// The fit from SQL (quakes by degree of longitude with their extremes)
    /// is the fit of the points themselves.
    @Test func theAggregateFitEqualsThePointsFit() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        for (i, point) in Self.fijiTonga.enumerated() {
            let feed = singleQuakeFeed(id: "us\(1000 + i)", place: "Fiji region", magnitude: 4.5, time: 1_528_966_800_000 + Int64(i),
                                       latitude: point.latitude, longitude: point.longitude)
            _ = try QuakeImporter(catalog: catalog).importData(Data(feed.utf8), name: "fiji")
        }
        let controller = try ResultsController(catalog)
        let fitted = MapFit.region(try controller.aggregate(MapFit.request), columns: 40, rows: 10)
        #expect(fitted == MapFit.region(fitting: Self.fijiTonga, columns: 40, rows: 10))

        let none = try ResultsController(catalog, configuration: FetchConfiguration(predicate: QuakePredicate("magnitude > 9")))
        #expect(MapFit.region(try none.aggregate(MapFit.request), columns: 40, rows: 10) == nil, "no quakes: nothing to fit")
    }
}
