import QuakeQuery
import QuakeMap
import Testing

/// The bundled coastlines and how they are drawn.
@Suite struct LandOutlineTests {
    @Test func theBundledOutlinesAreNaturalEarthsCoastlines() throws {
        let land = try LandOutline.bundled()
        #expect(land.polylines.count == 270)
        #expect(land.polylines.map(\.count).reduce(0, +) == 5268)
        for polyline in land.polylines {
            #expect(polyline.count >= 2)
            for point in polyline { #expect(abs(point.latitude) <= 90 && abs(point.longitude) <= 180) }
        }
    }

    @Test func theFormatIsReadAndItsErrorsSaid() throws {
        let land = try LandOutline(text: "# a comment\n-12420,4875 -12300,4800\n\n100,-200\n")
        #expect(land.polylines == [[GeoPoint(latitude: 48.75, longitude: -124.2), GeoPoint(latitude: 48, longitude: -123)],
                                   [GeoPoint(latitude: -2, longitude: 1)]])
        #expect { try LandOutline(text: "# x\n1,2 3;4\n") } throws: {
            "\($0)" == "land outlines: line 2: not a point lon,lat in hundredths of a degree: '3;4'"
        }
        #expect { try LandOutline(text: "18001,0\n") } throws: { ($0 as? LandOutlineError)?.line == 1 }
    }

    /// Read as bytes, a point is still exactly two integers and one comma.
    @Test func aPointIsTwoIntegersAndOneComma() throws {
        #expect(try LandOutline(text: "-0,+1  18000,-9000\n").polylines
                == [[GeoPoint(latitude: 0.01, longitude: 0), GeoPoint(latitude: -90, longitude: 180)]])
        for bad in ["1,2,3", ",5", "5,", "1e3,0", "12a,4", "-,1", "1,0000000000000000000009", "1;2", "x"] {
            #expect { try LandOutline(text: "0,0\n# note\n0,0 \(bad)\n") } throws: {
                "\($0)" == "land outlines: line 3: not a point lon,lat in hundredths of a degree: '\(bad)'"
            }
        }
        let named = LandOutlineError(line: 7, found: "9;9", file: "faults_gem2021.txt")
        #expect(named.description == "faults_gem2021.txt: line 7: not a point lon,lat in hundredths of a degree: '9;9'")
    }

    /// Every point of every outline lights its own dot (a segment is drawn
    /// end to end), in the world and in a world that starts at 0°, where
    /// Britain's coast crosses the view's seam.
    @Test(arguments: [MapRegion.world, MapRegion(south: -90, north: 90, west: 0, east: 360)])
    func everyPointLightsItsDot(_ region: MapRegion) throws {
        let land = try LandOutline.bundled()
        let projection = MapProjection(region: region, columns: 100, rows: 30)
        let lit = Set(land.dots(in: projection))
        for point in land.polylines.joined() {
            let (x, y) = projection.position(point)
            guard x < Double(projection.dotsAcross), y < Double(projection.dotsDown) else { continue }   // on the east or south edge
            #expect(lit.contains(Dot(x: Int(x), y: Int(y))), "\(point)")
        }
        #expect(lit.allSatisfy { (0..<200).contains($0.x) && (0..<120).contains($0.y) })
    }

    /// No segment is drawn the long way round: a 3° segment across the
    /// antimeridian lights a few dots on either edge, not a line across.
    @Test func segmentsGoTheShortWayRound() {
        let land = LandOutline(polylines: [[GeoPoint(latitude: 0, longitude: 178.5), GeoPoint(latitude: 0, longitude: -178.5)]])
        let world = Set(land.dots(in: MapProjection(columns: 90, rows: 45)))   // 2° dots
        #expect(world == [Dot(x: 179, y: 90), Dot(x: 0, y: 90)], "\(world)")
        let pacific = Set(land.dots(in: MapProjection(region: MapRegion(south: -5, north: 5, west: 175, east: 185),
                                                      columns: 5, rows: 5)))   // 1° dots
        #expect(pacific == Set((3...6).map { Dot(x: $0, y: 10) }), "\(pacific)")
    }

    /// Fiji straddles 180°: in a view across it, both halves show.
    @Test func fijiIsWholeInAViewAcrossTheAntimeridian() throws {
        let projection = MapProjection(region: MapRegion(south: -20, north: -15, west: 176, east: -176), columns: 16, rows: 5)
        let lit = try LandOutline.bundled().dots(in: projection)
        #expect(lit.contains { $0.x < 16 } && lit.contains { $0.x >= 16 }, "dots west and east of 180°")
    }
}
