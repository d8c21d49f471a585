import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
@testable import QuakeViews
import TerminalUI
import Testing

/// How the map draws quakes, compared whole: density cells colored by
/// their class (the classes checked against counts made here), events by
/// depth and time, and without colors every quake a glyph no layer uses.
@Suite struct MapDrawingTests {
    /// A 20×5 world (9° a dot each way across, 9° down), no land.
    static let world = MapProjection(columns: 20, rows: 5)

    /// Dots by hand: one quake in cell (0, 0), 3 in cell (2, 1) over two
    /// dots, 12 in cell (5, 2), 60 in cell (9, 4).
    static let dense = MapQuakes(projection: world, dots: [
        MapDot(dot: Dot(x: 0, y: 0), count: 1, magnitude: 2),
        MapDot(dot: Dot(x: 4, y: 4), count: 1, magnitude: 3),
        MapDot(dot: Dot(x: 5, y: 7), count: 2, magnitude: 1),
        MapDot(dot: Dot(x: 10, y: 8), count: 12, magnitude: 4),
        MapDot(dot: Dot(x: 19, y: 19), count: 60, magnitude: 5),
    ])

    static func render(_ view: MapView, height: Int = 7) -> Screen {
        var screen = Screen(width: 20, height: height)
        view.render(in: Rect(screen), into: &screen)
        return screen
    }

    /// Density: the fullest cell holds 60, so the classes are 1, 2–4,
    /// 5–9, 10–19, 20–49, 50+ (six, spread over the eight colors of the
    /// ramp); each cell's background is its count's class, its text blank.
    @Test func densityColorsEachCellByItsCountsClass() {
        // 100 columns: the world's 20×5 cells letterboxed in the middle, room for the legend.
        var screen = Screen(width: 100, height: 7)
        MapView(quakes: Self.dense, land: .none, unicode: true, style: .density).render(in: Rect(screen), into: &screen)
        let frame = MapView.frame(.world, in: Rect(screen))
        #expect(frame.projection == Self.world && frame.column == 40)
        let scale = DensityScale(largest: 60)
        // The class by hand: 1 ─► 0, 3 ─► 1 (2–4), 12 ─► 3 (10–19), 60 ─► 5 (50+).
        for (column, row, count, level) in [(0, 0, 1, 0), (2, 1, 3, 1), (5, 2, 12, 3), (9, 4, 60, 5)] {
            #expect(scale.level(of: count) == level)
            let style = screen.style(row: row, column: frame.column + column)
            #expect(style.background == MapPalette.densityColor(level: level, of: 6), "cell (\(column), \(row))")
            #expect(screen.line(row).dropFirst(frame.column + column).first == " ")
        }
        #expect(MapPalette.densityColor(level: 0, of: 6) == .indexed(54, fallback: .blue))
        #expect(MapPalette.densityColor(level: 5, of: 6) == .indexed(220, fallback: .yellow), "the fullest class is the ramp's end")
        #expect(screen.line(5).hasPrefix("quakes per cell █1 █2–4 █5–9 █10–19 █20–49 █50+"), "\(screen.line(5))")
        #expect(screen.line(6).hasPrefix("76 quakes, lat -90…90, lon -180…180"))
    }

    /// Without colors density cells are shades, lightest to darkest, no
    /// more classes than the four shades: the 1–2–5 series' six would
    /// share them, so the classes are the decades, 1–9 `░` and 10+ `▓`,
    /// as the legend says.
    @Test func densityWithoutColorsIsShades() {
        var screen = Screen(width: 100, height: 7)
        MapView(quakes: Self.dense, land: .none, unicode: true, colors: false, style: .density).render(in: Rect(screen), into: &screen)
        let margin = String(repeating: " ", count: 40)
        #expect(screen.fullLines.map { String($0.reversed().drop { $0 == " " }.reversed()) } == [
            margin + "░",
            margin + "  ░",
            margin + "     ▓",
            "",
            margin + "         ▓",
            "quakes per cell ░1–9 ▓10+                                                       ├────────┤ 20,000 km",
            "76 quakes, lat -90…90, lon -180…180",
        ])
    }

    /// On eight colors the ramp falls back to blue, cyan, green and
    /// yellow: the six classes become the decades' two, blue and yellow.
    /// However many classes a view has, each takes its own swatch: up to
    /// eight on 256 colors, four on eight (as fallbacks), four shades.
    @Test func densityOnEightColorsHasClassesItCanTellApart() {
        var view = MapView(quakes: Self.dense, land: .none, unicode: true, style: .density)
        view.manyColors = false
        var screen = Screen(width: 100, height: 7)
        view.render(in: Rect(screen), into: &screen)
        #expect(screen.line(5).hasPrefix("quakes per cell █1–9 █10+ "), "\(screen.line(5))")
        let swatches = [16, 21].map { screen.style(row: 5, column: $0).foreground.basic }
        #expect(swatches == [.blue, .yellow])
        #expect([(0, 0), (2, 1), (5, 2), (9, 4)].map { screen.style(row: $0.1, column: 40 + $0.0).background.basic }
                == [.blue, .blue, .yellow, .yellow])
        for (colors, manyColors, tellsApart) in [(true, true, 8), (true, false, 4), (false, false, 4)] {
            #expect(MapPalette.densityClasses(colors: colors, manyColors: manyColors) == tellsApart)
            for classes in 1...tellsApart {
                let swatches = (0..<classes).map { level in
                    colors ? "\(manyColors ? MapPalette.densityColor(level: level, of: classes) : MapPalette.densityColor(level: level, of: classes).basic)"
                        : MapPalette.densityShade(level: level, of: classes)
                }
                #expect(Set(swatches).count == classes, "\(classes) classes, colors \(colors), 256 \(manyColors): \(swatches)")
            }
        }
    }

    /// Auto draws density once lit cells hold 10 quakes each on average:
    /// 76 quakes in 4 cells (19 each) is density; the same cells with one
    /// quake each are events.
    @Test func autoChoosesByQuakesPerCell() {
        #expect(MapStyle.auto.resolved(quakes: 76, cells: 4) == .density)
        #expect(MapStyle.auto.resolved(quakes: 39, cells: 4) == .events)
        #expect(MapStyle.events.resolved(quakes: 1_000, cells: 1) == .events)
        #expect(MapStyle.auto.next == .density && MapStyle.density.next == .events && MapStyle.events.next == .auto)
    }

    /// Events colored by depth: each cell's deepest quake on the slab's
    /// ramp (10 km orange's floor, 150 km cyan's, 600 km purple's), the
    /// symbol by magnitude (M 4.5 `•`, M 6.1 `◉`, M 2 a braille dot).
    @Test func eventsByDepth() {
        let quakes = MapQuakes(projection: Self.world, coloring: .depth, dots: [
            MapDot(dot: Dot(x: 0, y: 0), count: 1, magnitude: 4.5, value: 12),
            MapDot(dot: Dot(x: 4, y: 4), count: 1, magnitude: 6.1, value: 160),
            MapDot(dot: Dot(x: 10, y: 8), count: 1, magnitude: 2, value: 600),
        ])
        let screen = Self.render(MapView(quakes: quakes, land: .none, unicode: true, style: .events, coloring: .depth))
        #expect(screen.line(0).hasPrefix("•") && screen.style(row: 0, column: 0).foreground == .indexed(209, fallback: .orange))
        #expect(screen.line(1).dropFirst(2).hasPrefix("◉") && screen.style(row: 1, column: 2).foreground == .indexed(38, fallback: .cyan))
        #expect(screen.line(2).dropFirst(5).hasPrefix("⠁") && screen.style(row: 2, column: 5).foreground == .indexed(97, fallback: .magenta))
        #expect(MapPalette.depthColor(9.99) == .indexed(160, fallback: .red) && MapPalette.depthColor(500) == .indexed(97, fallback: .magenta))
    }

    /// Outside UTF-8 with colors: M 4 to M 7+ as `%` `&` `$` `#` and below
    /// M 4 `*` (no letter or digit: labels are made of those), the legend
    /// saying so, its depth swatches `#`; every character ASCII.
    @Test func eventsOutsideUTF8() {
        let quakes = MapQuakes(projection: Self.world, coloring: .depth, dots: [
            MapDot(dot: Dot(x: 0, y: 0), count: 1, magnitude: 4.5, value: 12),
            MapDot(dot: Dot(x: 4, y: 4), count: 1, magnitude: 5.5, value: 160),
            MapDot(dot: Dot(x: 10, y: 8), count: 1, magnitude: 6.2, value: 600),
            MapDot(dot: Dot(x: 30, y: 12), count: 1, magnitude: 2, value: 5),
            MapDot(dot: Dot(x: 19, y: 19), count: 1, magnitude: 7.3, value: 20),
        ])
        var screen = Screen(width: 100, height: 7)
        MapView(quakes: quakes, land: .none, unicode: false, style: .events, coloring: .depth).render(in: Rect(screen), into: &screen)
        let margin = String(repeating: " ", count: 40)
        #expect(screen.fullLines.map { String($0.reversed().drop { $0 == " " }.reversed()) } == [
            margin + "%",
            margin + "  &",
            margin + "     $",
            margin + "               *",
            margin + "         #",
            "M *<4 %4 &5 $6 #7  depth km #0 #10 #30 #70 #150 #300 #500+                      |--------| 20,000 km",
            "5 quakes, lat -90..90, lon -180..180",
        ])
    }

    /// Events colored by time: oldest blue to newest red over the view's
    /// span, and the legend gives the span's days.
    @Test func eventsByTime() {
        let day = 86_400_000.0, start = 1_528_416_000_000.0   // 2018-06-08
        let quakes = MapQuakes(projection: Self.world, coloring: .time, dots: [
            MapDot(dot: Dot(x: 0, y: 0), count: 1, magnitude: 1, value: start),
            MapDot(dot: Dot(x: 4, y: 4), count: 1, magnitude: 1, value: start + 6 * day),
        ])
        var screen = Screen(width: 100, height: 7)
        MapView(quakes: quakes, land: .none, unicode: true, style: .events, coloring: .time).render(in: Rect(screen), into: &screen)
        let frame = MapView.frame(.world, in: Rect(screen))
        let oldest = screen.style(row: frame.row, column: frame.column).foreground
        #expect(oldest == .indexed(60, fallback: .blue))
        #expect(screen.style(row: frame.row + 1, column: frame.column + 2).foreground == .indexed(160, fallback: .red))
        #expect(screen.line(5).contains("2018-06-08 ███████ 2018-06-14"), "\(screen.line(5))")
    }

    /// `L` off leaves the coasts only: the layers' other lines and towns are not asked for.
    @Test func layersOffKeepTheCoastsOnly() {
        let coast = LandOutline(polylines: [[GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 1, longitude: 1)]])
        let plates = LandOutline(polylines: [[GeoPoint(latitude: 5, longitude: 5), GeoPoint(latitude: 6, longitude: 6)]])
        let layers = MapLayers(coast: { _ in coast }, overlays: { _ in [MapOverlay(lines: plates, style: MapPalette.platesStyle)] },
                               towns: { _ in [TownLabels.Town(name: "Suva", point: GeoPoint(latitude: -18.1, longitude: 178.4))] })
        var view = MapView(quakes: nil, land: .none, unicode: true)
        layers.applied(to: &view, showsLayers: true)
        #expect(view.land == coast && view.overlays.count == 1 && view.towns.map(\.name) == ["Suva"])
        layers.applied(to: &view, showsLayers: false)
        #expect(view.land == coast && view.overlays.isEmpty && view.towns.isEmpty)
    }

    /// The bundled layers by span: 1:110m coasts, plates and no faults or
    /// towns for the world; 1:50m, faults and Southern California's towns
    /// at 10°.
    @Test func theBundledLayersFollowTheSpan() throws {
        let world = MapRegion.world, socal = MapRegion(south: 30, north: 38, west: -122, east: -112)
        #expect(MapLayers.bundled.coast(world) == (try MapLayer.coast110.outline()))
        #expect(MapLayers.bundled.coast(socal) == (try MapLayer.coast50.outline()))
        #expect(MapLayers.bundled.overlays(world).map(\.style) == [MapPalette.platesStyle])
        #expect(MapLayers.bundled.overlays(socal).map(\.style) == [MapPalette.platesStyle, MapPalette.faultsStyle])
        #expect(MapLayers.bundled.towns(world).isEmpty)
        #expect(MapLayers.bundled.towns(socal).first?.name == "Los Angeles")
    }

    /// A town's label never covers a quake: Suva's cell holds one, so Suva is not named; Nadi is.
    @Test func townLabelsKeepOffQuakes() {
        let region = MapRegion(south: -20, north: -16, west: 176, east: 184)
        let suva = GeoPoint(latitude: -18.14, longitude: 178.44), nadi = GeoPoint(latitude: -17.8, longitude: 177.42)
        var screen = Screen(width: 32, height: 10)
        let fiji = MapView.frame(region, in: Rect(screen)).projection
        let quakes = MapQuakes(projection: fiji, dots: [MapDot(dot: fiji.dot(suva), count: 1, magnitude: 3)])
        MapView(region: region, quakes: quakes, land: .none,
                towns: [TownLabels.Town(name: "Suva", point: suva), TownLabels.Town(name: "Nadi", point: nadi)],
                unicode: true, style: .events).render(in: Rect(screen), into: &screen)
        let text = screen.fullLines.joined(separator: "\n")
        #expect(text.contains("Nadi") && text.contains("◆") && !text.contains("Suva"), "\(text)")
    }

    /// Where quakes are dense the most populous towns are still named:
    /// every cell of a 30×6 view of Los Angeles holds 20 quakes (density,
    /// all in the top class: the ramp's bright end '8', black text), and
    /// the three largest towns are written over the cells on their color
    /// ('T': bold, black on the top class's yellow); the fourth, Pasadena,
    /// has room for its label but keeps off the quakes. Without colors no
    /// town covers a cell: its shade is the only mark of its quakes.
    @Test func theLargestTownsAreNamedOverDensity() {
        let region = MapRegion(south: 33.6, north: 34.3, west: -118.6, east: -117.2)
        let towns = [("Los Angeles", 34.05, -118.24), ("Long Beach", 33.77, -118.19), ("Anaheim", 33.84, -117.91),
                     ("Pasadena", 34.15, -118.14)].map { TownLabels.Town(name: $0.0, point: GeoPoint(latitude: $0.1, longitude: $0.2)) }
        let area = Rect(x: 0, y: 0, width: 30, height: 8)
        let projection = MapView.frame(region, in: area).projection
        #expect(TownLabels.labels(for: towns, in: projection, marker: "◆").map(\.text).last == "◆Pasadena")
        var dots: [MapDot] = []
        for row in 0..<projection.rows {
            for column in 0..<projection.columns { dots.append(MapDot(dot: Dot(x: 2 * column, y: 4 * row), count: 20, magnitude: 2)) }
        }
        func render(colors: Bool) -> Screen {
            var screen = Screen(width: area.width, height: area.height)
            MapView(region: region, quakes: MapQuakes(projection: projection, dots: dots), land: .none, towns: towns,
                    unicode: true, colors: colors, style: .density).render(in: area, into: &screen)
            return screen
        }
        let top = MapPalette.densityRamp[7], black = Color.indexed(16, fallback: .default)
        expectScreen(render(colors: true), lines: [
            "",
            "",
            "          ◆Los Angeles",
            "              ◆Anaheim",
            "          ◆Long Beach",
            "",
            "                     ├─┤ 20 km",
            "3,600 quakes, lat 33.6…34.3, l",
        ], styles: [
            "888888888888888888888888888888",
            "888888888888888888888888888888",
            "8888888888TTTTTTTTTTTT88888888",
            "88888888888888TTTTTTTT88888888",
            "8888888888TTTTTTTTTTT888888888",
            "888888888888888888888888888888",
            "                     aaaaaaaaa",
            "dddddddddddddddddddddddddddddd",
        ], legend: Legend.browse([Style(foreground: black, background: top, bold: true): "T"]))
        let plain = render(colors: false)
        // One class of two (1–9, 10+: four shades take the decades), the darker.
        #expect(plain.fullLines.prefix(6).allSatisfy { $0 == String(repeating: "▓", count: 30) }, "\(plain.fullLines)")
    }

    /// A small region with known quakes, Ridgecrest 2019: each symbol where
    /// the formula puts it, the graticule's labels where its meridians and
    /// parallels cross the frame (one that would run off it left out), and the scale bar as long as the haversine
    /// says (at most a quarter of the width: the longest 1–2–5 length that fits).
    @Test func aRegionsSymbolsTicksAndScaleBar() throws {
        let asked = MapRegion(south: 35.25, north: 36.25, west: -118.25, east: -117.05)
        var screen = Screen(width: 48, height: 12)
        let frame = MapView.frame(asked, in: Rect(screen))
        let projection = frame.projection
        let mainshock = GeoPoint(latitude: 35.770, longitude: -117.599), foreshock = GeoPoint(latitude: 35.705, longitude: -117.504)
        let small = GeoPoint(latitude: 35.95, longitude: -117.75)
        let quakes = MapQuakes(projection: projection, dots: [
            MapDot(dot: projection.dot(mainshock), count: 1, magnitude: 7.1),
            MapDot(dot: projection.dot(foreshock), count: 1, magnitude: 6.4),
            MapDot(dot: projection.dot(small), count: 1, magnitude: 2.2),
        ])
        MapView(region: asked, quakes: quakes, land: .none, unicode: true, style: .events).render(in: Rect(screen), into: &screen)
        func cell(_ point: GeoPoint) -> (row: Int, column: Int, text: String) {
            let dot = projection.dot(point)
            let row = frame.row + dot.row, column = frame.column + dot.column
            return (row, column, String(Array(screen.line(row))[column]))
        }
        #expect(cell(mainshock).text == "■" && screen.style(row: cell(mainshock).row, column: cell(mainshock).column).foreground == .magenta)
        #expect(cell(foreshock).text == "◉")
        let dot = projection.dot(small)
        #expect(cell(small).text == String(BrailleCanvas.character(BrailleCanvas.bit(x: dot.x, y: dot.y))))
        #expect(screen.style(row: cell(small).row, column: cell(small).column).foreground == .orange)

        // Meridians every 0.2°: each label starts at its meridian's column on the top row.
        let graticule = MapGraticule(region: projection.region)
        #expect(graticule.step == 0.5 && graticule.meridians.count == 6 && graticule.parallels == [35.5, 36])
        for meridian in graticule.meridians {
            let column = frame.column + Int(projection.position(GeoPoint(latitude: 35.75, longitude: meridian)).x) / 2
            let label = graticule.label(longitude: meridian)
            let shown = String(Array(screen.line(frame.row)).dropFirst(column).prefix(label.count))
            // A label that would run off the map is left out.
            if column + label.count <= frame.column + projection.columns {
                #expect(shown == label, "\(label)")
            } else {
                #expect(!screen.line(frame.row).contains(label), "\(label)")
            }
        }
        for parallel in graticule.parallels {
            let row = frame.row + Int(projection.position(GeoPoint(latitude: parallel, longitude: -117.65)).y) / 4
            #expect(screen.line(row).hasPrefix(graticule.label(latitude: parallel)), "\(parallel)")
        }

        // The scale bar: the haversine along the centre's parallel, written
        // here (the IUGG mean radius, 6,371.0088 km), not the program's.
        let centre = projection.region.center.latitude
        let perColumn = Self.haversineKilometres(latitude: centre, degreesOfLongitude: projection.region.longitudeSpan / Double(projection.columns))
        let legend = screen.line(10)
        let bar = try #require(legend.firstIndex(of: "├"))
        let end = try #require(legend.firstIndex(of: "┤"))
        let columns = legend.distance(from: bar, to: end) + 1
        let kilometres = [1, 2, 5, 10, 20, 50, 100, 200, 500].last { Double($0) <= 12 * perColumn }!
        #expect(columns == Int((Double(kilometres) / perColumn).rounded()), "\(perColumn) km a column")
        #expect(legend.hasSuffix("┤ \(kilometres) km"), "\(legend)")
    }

    /// The great-circle distance between two points of one parallel,
    /// `degreesOfLongitude` apart: haversine, h = cos²φ · sin²(Δλ/2).
    static func haversineKilometres(latitude: Double, degreesOfLongitude: Double) -> Double {
        let phi = latitude * .pi / 180, half = degreesOfLongitude * .pi / 360
        let h = cos(phi) * cos(phi) * sin(half) * sin(half)
        return 2 * 6_371.0088 * asin(min(1, h.squareRoot()))
    }
}
