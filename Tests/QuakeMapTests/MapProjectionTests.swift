import QuakeQuery
import Foundation
import QuakeMap
import Testing

/// The projection's formula, x = floor((lon − w) / (e − w) × 2W) and
/// y = floor((n − lat) / (n − s) × 4H), clamped; each expectation worked
/// out by hand and again with Foundation's floor.
@Suite struct MapProjectionTests {
    /// The formula as the issue writes it, independent of MapProjection.
    static func formula(_ lat: Double, _ lon: Double, w: Double, e: Double, s: Double, n: Double, W: Int, H: Int) -> Dot {
        let x = Int(floor((lon - w) / (e - w) * Double(2 * W))), y = Int(floor((n - lat) / (n - s) * Double(4 * H)))
        return Dot(x: min(max(x, 0), 2 * W - 1), y: min(max(y, 0), 4 * H - 1))
    }

    @Test func theWorldIsTheDefaultView() {
        #expect(MapRegion.world.south == -90 && MapRegion.world.north == 90)
        #expect(MapRegion.world.west == -180 && MapRegion.world.east == 180)
        #expect(MapProjection(columns: 40, rows: 10).region == .world)
        #expect(MapRegion.world.predicate == nil, "the whole world restricts nothing")
    }

    @Test func aQuakeLightsTheDotTheFormulaNames() {
        let projection = MapProjection(columns: 40, rows: 10)
        // Tokyo, 35.68 N 139.77 E: (319.77 / 360 × 80, 54.32 / 180 × 40) = (71.06, 12.07).
        #expect(projection.dot(GeoPoint(latitude: 35.68, longitude: 139.77)) == Dot(x: 71, y: 12))
        // Anchorage, 61.22 N 149.90 W: (30.1 / 360 × 80, 28.78 / 180 × 40) = (6.69, 6.40).
        #expect(projection.dot(GeoPoint(latitude: 61.22, longitude: -149.90)) == Dot(x: 6, y: 6))
        for (lat, lon) in [(35.68, 139.77), (-33.45, -70.66), (0, 0), (12.5, -124.2), (-89.99, 179.99)] {
            #expect(projection.dot(GeoPoint(latitude: lat, longitude: lon))
                    == Self.formula(lat, lon, w: -180, e: 180, s: -90, n: 90, W: 40, H: 10), "\(lat), \(lon)")
        }
        #expect(Dot(x: 71, y: 12).column == 35 && Dot(x: 71, y: 12).row == 3)
    }

    @Test func theEdgesAreClampedIntoTheGrid() {
        let projection = MapProjection(columns: 40, rows: 10)
        #expect(projection.dot(GeoPoint(latitude: 90, longitude: -180)) == Dot(x: 0, y: 0))
        #expect(projection.dot(GeoPoint(latitude: -90, longitude: 180)) == Dot(x: 79, y: 39), "s and e are the last dots")
        let alaska = MapProjection(region: MapRegion(south: 51, north: 72, west: -180, east: -129), columns: 20, rows: 5)
        #expect(alaska.dot(GeoPoint(latitude: 80, longitude: -100)) == Dot(x: 39, y: 0), "outside: clamped")
        #expect(alaska.dotIfInside(GeoPoint(latitude: 80, longitude: -100)) == nil)
        #expect(alaska.dotIfInside(GeoPoint(latitude: 61.22, longitude: -149.90)) != nil)
    }

    /// Fiji to Tonga: longitudes continue past 180, so −175 is 185.
    @Test func aViewAcrossTheAntimeridianContinuesPast180() {
        let region = MapRegion(south: -30, north: -10, west: 170, east: -170)
        #expect(region.west == 170 && region.east == 190 && region.crossesAntimeridian)
        let projection = MapProjection(region: region, columns: 10, rows: 5)   // 20 × 20 dots, a degree each
        #expect(projection.dot(GeoPoint(latitude: -20, longitude: -175)) == Dot(x: 15, y: 10))
        #expect(projection.dot(GeoPoint(latitude: -20.5, longitude: 175.5)) == Dot(x: 5, y: 10))
        #expect(projection.dot(GeoPoint(latitude: -20, longitude: 180)) == Dot(x: 10, y: 10))
        #expect(projection.dot(GeoPoint(latitude: -20, longitude: -180)) == Dot(x: 10, y: 10), "±180 are one meridian")
        #expect(region.continued(-175) == 185 && region.continued(175) == 175)
        #expect(region.contains(GeoPoint(latitude: -20, longitude: -171)))
        #expect(!region.contains(GeoPoint(latitude: -20, longitude: -169)))
        #expect(!region.contains(GeoPoint(latitude: -20, longitude: 169)))
        #expect(region.center == GeoPoint(latitude: -20, longitude: 180))
        #expect(projection.point(column: 7, row: 2) == GeoPoint(latitude: -20, longitude: -175), "a cell's centre")
    }

    @Test func regionsKeepTheirRules() {
        let shifted = MapRegion(south: -10, north: 10, west: 190, east: 200)
        #expect(shifted.west == -170 && shifted.east == -160, "west moved into -180..<180 by a turn")
        let wide = MapRegion(south: -100, north: 100, west: -200, east: 300)
        #expect(wide.south == -90 && wide.north == 90 && wide.longitudeSpan == 360)
        let tiny = MapRegion(south: 10, north: 10, west: 5, east: 5.01)
        #expect(tiny.latitudeSpan >= MapRegion.minimumSpan - 1e-12 && tiny.longitudeSpan >= MapRegion.minimumSpan - 1e-12)
        let polar = MapRegion(south: 80, north: 100, west: 0, east: 10)
        #expect(polar.north == 90 && polar.south == 70, "moved inside the poles, its span kept")
        let exact = MapRegion(south: 10.1, north: 20.3, west: -124.7, east: -113.9)
        #expect(exact.south == 10.1 && exact.north == 20.3 && exact.west == -124.7 && exact.east == -113.9,
                "bounds that follow the rules are kept exactly")
    }

    @Test func zoomingByTwoKeepsThePointWhereItIs() {
        let world = MapRegion.world
        let half = world.zoomed(by: 2, around: world.center)
        #expect(half == MapRegion(south: -45, north: 45, west: -90, east: 90))
        #expect(half.zoomed(by: 0.5, around: half.center) == world)
        #expect(world.zoomed(by: 0.5, around: world.center) == world, "no further out than the world")

        let tokyo = GeoPoint(latitude: 35.68, longitude: 139.77)
        let before = MapProjection(region: world, columns: 40, rows: 10).position(tokyo)
        let zoomed = world.zoomed(by: 2, around: tokyo)
        #expect(zoomed.latitudeSpan == 90 && zoomed.longitudeSpan == 180)
        let after = MapProjection(region: zoomed, columns: 40, rows: 10).position(tokyo)
        #expect(abs(after.x - before.x) < 1e-9 && abs(after.y - before.y) < 1e-9, "\(before) \(after)")

        let alaska = MapRegion(south: 51, north: 72, west: -180, east: -129)
        #expect(alaska.zoomed(by: 2, around: tokyo) == alaska.zoomed(by: 2, around: alaska.center), "out of view: the centre")

        var deep = world
        for _ in 0..<40 { deep = deep.zoomed(by: 2, around: tokyo) }
        #expect(deep.latitudeSpan >= MapRegion.minimumSpan - 1e-9 && deep.contains(tokyo))
    }

    @Test func centringKeepsTheSpansAndStopsAtThePolesAndGoesRoundTheGlobe() {
        let view = MapRegion(south: 0, north: 20, west: 0, east: 40)
        let tokyo = GeoPoint(latitude: 35.68, longitude: 139.77)
        let onTokyo = view.centred(on: tokyo)
        #expect(onTokyo.center.latitude == 35.68 && abs(onTokyo.center.longitude - 139.77) < 1e-9)
        #expect(onTokyo.latitudeSpan == 20 && onTokyo.longitudeSpan == 40, "the zoom is kept")
        let fiji = view.centred(on: GeoPoint(latitude: -17.7, longitude: 178.1))
        #expect(fiji.west == 158.1 && fiji.crossesAntimeridian && fiji.contains(GeoPoint(latitude: -17.7, longitude: -170)),
                "across 180°: one view, Tonga's side included")
        let pole = view.centred(on: GeoPoint(latitude: 85, longitude: 10))
        #expect(pole.north == 90 && pole.south == 70, "stopped at the pole, its span kept")
    }

    @Test func panningMovesAQuarterViewAndGoesRoundTheGlobe() {
        let view = MapRegion(south: -20, north: 20, west: 140, east: 180)
        #expect(view.panned(.east) == MapRegion(south: -20, north: 20, west: 150, east: 190))
        #expect(view.panned(.east).crossesAntimeridian)
        #expect(view.panned(.west) == MapRegion(south: -20, north: 20, west: 130, east: 170))
        #expect(view.panned(.north) == MapRegion(south: -10, north: 30, west: 140, east: 180))
        #expect(view.panned(.south) == MapRegion(south: -30, north: 10, west: 140, east: 180))
        let arctic = MapRegion(south: 60, north: 88, west: 0, east: 40)
        #expect(arctic.panned(.north).north == 90 && arctic.panned(.north).south == 62, "stops at the pole")
        var round = view
        for _ in 0..<36 { round = round.panned(.east) }   // 36 × 10° = a turn
        #expect(abs(round.west - view.west) < 1e-9 && abs(round.east - view.east) < 1e-9)
    }

    /// The view as the aggregate's restriction and `R`'s filter: the side
    /// covering the smaller share of its circle as a range (what SQLite
    /// walks), the other as a NOT (what it tests); across 180° the
    /// longitudes outside the gap.
    @Test func theViewAsAPredicate() throws {
        let alaska = MapRegion(south: 51, north: 72, west: -180, east: -129)
        #expect(alaska.predicate?.description == "latitude BETWEEN {51, 72} AND NOT (longitude < -180 OR longitude > -129)",
                "21° of 180 is the narrower share than 51° of 360")
        let meridian = MapRegion(south: -60, north: 60, west: 10, east: 20)
        #expect(meridian.predicate?.description == "NOT (latitude < -60 OR latitude > 60) AND longitude BETWEEN {10, 20}")
        let fiji = MapRegion(south: -25, north: -10, west: 170, east: -170)
        #expect(fiji.predicate?.description == "latitude BETWEEN {-25, -10} AND NOT (longitude < 170 AND longitude > -170)")
        let band = MapRegion(south: -10, north: 10, west: -180, east: 180)
        #expect(band.predicate?.description == "latitude BETWEEN {-10, 10}", "a band round the globe")
    }

    @Test func regionArguments() throws {
        let fiji = try MapRegion(argument: "-25,-10,170,-170")
        #expect(fiji == MapRegion(south: -25, north: -10, west: 170, east: 190))
        #expect(try MapRegion(argument: "-90, 90, -180, 180") == .world)
        let refusals: [(String, String)] = [
            ("a", "expected S,N,W,E (four numbers, degrees), found 'a'"),
            ("1,2,3", "expected S,N,W,E (four numbers, degrees), found '1,2,3'"),
            ("1,2,3,nan", "expected S,N,W,E (four numbers, degrees), found '1,2,3,nan'"),
            ("-91,0,0,1", "latitudes must be within -90 and 90"),
            ("0,1,0,181", "longitudes must be within -180 and 180"),
            ("10,0,0,1", "north must be above south by at least 0.05°"),
            ("0,1,5,5", "east must be 0.05° or more from west (west above east crosses 180°)"),
        ]
        for (text, message) in refusals {
            #expect { try MapRegion(argument: text) } throws: { "\($0)" == message }
        }
    }
}
