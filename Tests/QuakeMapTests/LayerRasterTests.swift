import QuakeMap
import QuakeQuery
import Testing

/// The cells a layer's lines light, against dots worked out here for a few
/// known segments. The view is 40°×20° on 20×5 cells: one degree a dot
/// both ways, so a point at (lat, lon) is at dot position (lon, 20 − lat).
@Suite struct LayerRasterTests {
    static let projection = MapProjection(region: MapRegion(south: 0, north: 20, west: 0, east: 40), columns: 20, rows: 5)

    /// The dots of one segment, given in dot positions.
    static func dots(from a: (x: Double, y: Double), to b: (x: Double, y: Double)) -> Set<Dot> {
        let segment = [GeoPoint(latitude: 20 - a.y, longitude: a.x), GeoPoint(latitude: 20 - b.y, longitude: b.x)]
        return Set(LandOutline(polylines: [segment]).dots(in: projection))
    }

    /// The dots a segment crosses, by sampling it far finer than a dot
    /// (the segments here pass through no dot's corner, so no dot is
    /// touched only at a point).
    static func crossed(from a: (x: Double, y: Double), to b: (x: Double, y: Double)) -> Set<Dot> {
        let samples = 10_000
        return Set((0...samples).compactMap { i in
            let t = Double(i) / Double(samples)
            let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
            return x >= 0 && x < 40 && y >= 0 && y < 20 ? Dot(x: Int(x.rounded(.down)), y: Int(y.rounded(.down))) : nil
        })
    }

    @Test func aHorizontalSegmentLightsItsRow() {
        // 10.5° N from 2.5° E to 7.5° E: row 20 − 10.5 = 9.5, dots 2 to 7.
        #expect(Self.dots(from: (2.5, 9.5), to: (7.5, 9.5)) == Set((2...7).map { Dot(x: $0, y: 9) }))
    }

    @Test func aVerticalSegmentLightsItsColumn() {
        // 30.5° E from 3.5° N to 12.5° N: rows 16.5 up to 7.5.
        #expect(Self.dots(from: (30.5, 16.5), to: (30.5, 7.5)) == Set((7...16).map { Dot(x: 30, y: $0) }))
    }

    @Test func aDiagonalLightsOneDotEachStep() {
        #expect(Self.dots(from: (1.5, 1.5), to: (11.5, 11.5)) == Set((1...11).map { Dot(x: $0, y: $0) }))
    }

    /// Half a dot down for each dot across, from (0.5, 0.5): y = 0.25 + x / 2
    /// crosses a row in every other column, so those columns light two dots.
    @Test func aShallowSlopeLightsEveryDotItCrosses() {
        let expected: Set<Dot> = [Dot(x: 0, y: 0), Dot(x: 1, y: 0), Dot(x: 1, y: 1), Dot(x: 2, y: 1), Dot(x: 3, y: 1),
                                  Dot(x: 3, y: 2), Dot(x: 4, y: 2), Dot(x: 5, y: 2), Dot(x: 5, y: 3), Dot(x: 6, y: 3),
                                  Dot(x: 7, y: 3), Dot(x: 7, y: 4), Dot(x: 8, y: 4)]
        #expect(Self.crossed(from: (0.5, 0.5), to: (8.5, 4.5)) == expected)
        #expect(Self.dots(from: (0.5, 0.5), to: (8.5, 4.5)) == expected)
    }

    /// A steep segment: the walk (half-dot steps) lights only dots the line
    /// crosses, its two ends, and at least one dot in every row between, so
    /// the stroke is unbroken; a dot whose corner alone the line cuts by
    /// less than half a dot can stay dark (diagonal neighbours still touch).
    @Test func aSteepSegmentIsAnUnbrokenStrokeOfDotsItCrosses() {
        let lit = Self.dots(from: (3.3, 18.7), to: (9.1, 0.6))
        let crossed = Self.crossed(from: (3.3, 18.7), to: (9.1, 0.6))
        #expect(lit.isSubset(of: crossed), "\(lit.subtracting(crossed))")
        #expect(lit.contains(Dot(x: 3, y: 18)) && lit.contains(Dot(x: 9, y: 0)))
        #expect(Set(lit.map(\.y)) == Set(0...18))
        #expect(crossed.subtracting(lit) == [Dot(x: 6, y: 10), Dot(x: 7, y: 7), Dot(x: 8, y: 0)])
    }

    /// A segment running out of the view lights the dots up to the edge only.
    @Test func aSegmentIsCutAtTheEdges() {
        // From 5° W (before the view's west edge) to 3.5° E at 10.5° N.
        #expect(Self.dots(from: (-5, 9.5), to: (3.5, 9.5)) == Set((0...3).map { Dot(x: $0, y: 9) }))
        // From 36.5° E to 45° E, past the east edge.
        #expect(Self.dots(from: (36.5, 9.5), to: (45, 9.5)) == Set((36...39).map { Dot(x: $0, y: 9) }))
        // From 15.5° N to 25° N, past the north edge.
        #expect(Self.dots(from: (12.5, 4.5), to: (12.5, -5)) == Set((0...4).map { Dot(x: 12, y: $0) }))
    }
}
