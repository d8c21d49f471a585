@testable import QuakeMap
import QuakeQuery
import Testing

/// A layer's runs whose box is out of view are skipped unwalked: the dots
/// are exactly those of walking every run, in every kind of view.
@Suite struct LayerCullingTests {
    static let views: [(name: String, region: MapRegion)] = [
        ("world", .world),
        ("world from 0°", MapRegion(south: -90, north: 90, west: 0, east: 360)),
        ("Japan 10°×5°", MapRegion(south: 33, north: 38, west: 135, east: 145)),
        ("California 10°×5°", MapRegion(south: 33, north: 38, west: -123, east: -113)),
        ("Fiji across the antimeridian", MapRegion(south: -25, north: -10, west: 170, east: 190)),
        ("a sliver on the antimeridian", MapRegion(south: -18, north: -15, west: 179.5, east: 180.5)),
        ("the Aleutians across 180°", MapRegion(south: 45, north: 60, west: 160, east: 200)),
        ("Antarctica", MapRegion(south: -90, north: -60, west: -180, east: 180)),
        ("the Arctic from 90° E", MapRegion(south: 70, north: 90, west: 90, east: 270)),
        ("New Zealand from the east", MapRegion(south: -50, north: -30, west: -200, east: -170)),
        ("Greenwich", MapRegion(south: 45, north: 55, west: -5, east: 5)),
    ]

    @Test(arguments: MapLayer.allCases)
    func cullingLightsTheSameDotsAsWalkingEveryRun(_ layer: MapLayer) throws {
        let outline = try layer.outline()
        for (name, region) in Self.views {
            for (columns, rows) in [(160, 40), (37, 11)] {
                let projection = MapProjection(region: region, columns: columns, rows: rows)
                let culled = outline.dots(in: projection), walked = outline.dots(in: projection, culling: false)
                #expect(culled == walked, "\(layer) in \(name) at \(columns)×\(rows): \(culled.count) dots, \(walked.count) walking all")
            }
        }
    }

    /// Every view above shows some of the coast (the comparison is not of
    /// two empty lists), and a point on a view's edge is not culled.
    @Test func theViewsShowLinesAndAnEdgePointIsKept() throws {
        let coast = try MapLayer.coast50.outline()
        for (name, region) in Self.views {
            #expect(!coast.dots(in: MapProjection(region: region, columns: 160, rows: 40)).isEmpty, "\(name)")
        }
        let onTheEdge = LandOutline(polylines: [[GeoPoint(latitude: 10, longitude: 20), GeoPoint(latitude: 10, longitude: 10)]])
        let projection = MapProjection(region: MapRegion(south: 0, north: 10, west: 20, east: 30), columns: 5, rows: 5)
        #expect(onTheEdge.dots(in: projection) == [Dot(x: 0, y: 0)])
        let acrossTheSeam = LandOutline(polylines: [[GeoPoint(latitude: 5, longitude: -175), GeoPoint(latitude: 5, longitude: -172)]])
        let fromTheEast = MapProjection(region: MapRegion(south: 0, north: 10, west: 170, east: 186), columns: 8, rows: 5)
        #expect(acrossTheSeam.dots(in: fromTheEast) == [Dot(x: 15, y: 10)])
    }
}
