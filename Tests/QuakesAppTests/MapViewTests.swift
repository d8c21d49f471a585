import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
@testable import QuakesApp
@testable import QuakeViews
import TerminalUI
import Testing
import TestSupport

/// The map pane rendered into a Screen, compared whole: every cell's
/// character and style. Legend: 'd' dim (land, the scale line), the
/// magnitude letters of the browse legend, 'B' the selected quake's marker
/// (bold reverse), '+' a quake an import just changed (bold green here).
@Suite(.timeLimit(.minutes(10)))
struct MapViewTests {
    static let legend = Legend.browse([Style(foreground: .green, bold: true): "+"])

    /// A catalog of one quake near Tokyo, 35.68 N 139.77 E, M 3.2, mapped
    /// through the real aggregate: the formula's dot (71, 12) is bit
    /// (1, 0) = 0x08 of cell (35, 3): `⠈`, red (M 3–5; below M 4 a quake
    /// is its braille dot), over the graticule (every 60°, labelled).
    @Test func aSingleQuakeLightsTheDotTheFormulaNames() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        _ = try QuakeImporter(catalog: catalog).importData(Data(singleQuakeFeed(
            id: "jp0001", place: "Near Tokyo", magnitude: 3.2, time: 1_528_966_800_000).utf8), name: "tokyo")
        // Ten rows of map, the legend and the scale line: the world true to
        // proportion fills 40×10 cells exactly (4 columns a row at aspect 2).
        let area = Rect(x: 0, y: 0, width: 40, height: 12)
        let projection = MapView.projection(.world, in: area)
        #expect(projection == MapProjection(region: .world, columns: 40, rows: 10))
        let result = try ResultsController(catalog).aggregate(MapAggregate.request(for: projection))
        var screen = Screen(width: 40, height: 12)
        MapView(quakes: MapAggregate.quakes(result, projection: projection), land: .none, unicode: true)
            .render(in: area, into: &screen)
        expectScreen(screen, lines: [
            "      120°W  60°W   0°    60°E   120°E",
            "60°N⠄⠄⠌⠄⠄⠄⠄⠄⠄⠅⠄⠄⠄⠄⠄⠄⠅⠄⠄⠄⠄⠄⠌⠄⠄⠄⠄⠄⠄⠅⠄⠄⠄⠄⠄⠄",
            "      ⠈      ⠁      ⠁     ⠈      ⠁",
            "      ⠈      ⠁      ⠁     ⠈      ⠁ ⠈",
            "      ⠈      ⠁      ⠁     ⠈      ⠁",
            "0°⠁⠁⠁⠁⠉⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠉⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁",
            "      ⠈      ⠁      ⠁     ⠈      ⠁",
            "      ⠈      ⠁      ⠁     ⠈      ⠁",
            "60°S⠂⠂⠊⠂⠂⠂⠂⠂⠂⠃⠂⠂⠂⠂⠂⠂⠃⠂⠂⠂⠂⠂⠊⠂⠂⠂⠂⠂⠂⠃⠂⠂⠂⠂⠂⠂",
            "      ⠈      ⠁      ⠁     ⠈      ⠁",
            "M ⠂<4 •4 ●5 ◉6 ■7   ├────────┤ 10,000 km",
            "1 quake, lat -90…90, lon -180…180",
        ], styles: [
            "      aaaaa  aaaa   aa    aaaa   aaaaa",
            "aaaakkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk",
            "      k      k      k     k      k",
            "      k      k      k     k      k r",
            "      k      k      k     k      k",
            "aakkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk",
            "      k      k      k     k      k",
            "      k      k      k     k      k",
            "aaaakkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk",
            "      k      k      k     k      k",
            "                    aaaaaaaaaaaaaaaaaaaa",
            "ddddddddddddddddddddddddddddddddd",
        ], legend: Self.legend)
    }

    /// A 20×5 world: 40×20 dots of 9° each way.
    static let small = MapProjection(columns: 20, rows: 5)

    /// Dots placed by hand: M 2.5 and M 5.1 in cell (2, 1) (magenta wins:
    /// the largest magnitude sets the color; bits 0x01 | 0x80), an unknown
    /// magnitude in cell (10, 2) (gray), M 0.5 in cell (15, 3) (green, and
    /// just changed: bold). Land: a segment in cell (0, 0) and a point in
    /// cell (2, 1), left out there because quakes are in that cell. The
    /// selected quake is dot (13, 17), cell (6, 4).
    static func handMadeMap(unicode: Bool) -> Screen {
        let quakes = MapQuakes(projection: small, dots: [
            MapDot(dot: Dot(x: 4, y: 4), count: 1, magnitude: 2.5),
            MapDot(dot: Dot(x: 5, y: 7), count: 2, magnitude: 5.1),
            MapDot(dot: Dot(x: 20, y: 8), count: 1, magnitude: nil),
            MapDot(dot: Dot(x: 31, y: 13), count: 1, magnitude: 0.5),
        ])
        let land = LandOutline(polylines: [
            [GeoPoint(latitude: 85, longitude: -175), GeoPoint(latitude: 85, longitude: -170)],   // dots (0, 0), (1, 0)
            [GeoPoint(latitude: 40.5, longitude: -139.5)],                                      // dot (4, 5)
        ])
        let view = MapView(quakes: quakes, land: land,
                           selected: GeoPoint(latitude: 90 - 17.5 * 9, longitude: -180 + 13.5 * 9),
                           changed: [GeoPoint(latitude: 90 - 13.5 * 9, longitude: -180 + 31.5 * 9)], unicode: unicode)
        var screen = Screen(width: 20, height: 7)
        view.render(in: Rect(screen), into: &screen)
        return screen
    }

    /// The M 5.1 cell a `●` in magenta (M 5+), the unknown magnitude and
    /// the M 0.5 braille dots (gray; green and bold, just changed), land
    /// gray, the marker; under them the scale bar (20 columns of 18° at
    /// the equator: 2,001.5 km a column, at most 5 columns: 10,000 km in
    /// 5), the legend's symbols not fitting beside it.
    @Test func colorsTheMarkerAndLand() {
        expectScreen(Self.handMadeMap(unicode: true), lines: [
            "⠉",
            "  ●",
            "          ⠁",
            "               ⠐",
            "      ⠐",
            "     ├───┤ 10,000 km",
            "5 quakes, lat -90…90",
        ], styles: [
            "a",
            "  m",
            "          a",
            "               +",
            "      B",
            "     aaaaaaaaaaaaaaa",
            "dddddddddddddddddddd",
        ], legend: Self.legend)
    }

    /// Outside UTF-8: `*` for quakes below M 4, `&` for the M 5 cell (`●`
    /// in ASCII), `.` for land, `@` for the selection.
    @Test func thePlainFormOutsideUTF8() {
        expectScreen(Self.handMadeMap(unicode: false), lines: [
            ".",
            "  &",
            "          *",
            "               *",
            "      @",
            "     |---| 10,000 km",
            "5 quakes, lat -90..9",
        ], styles: [
            "a",
            "  m",
            "          a",
            "               +",
            "      B",
            "     aaaaaaaaaaaaaaa",
            "dddddddddddddddddddd",
        ], legend: Self.legend)
    }

    /// Dots counted for another projection (the view moved, the pane
    /// resized) are not drawn: the scale line says they are coming.
    @Test func dotsOfAnotherProjectionWaitForTheirOwn() {
        let stale = MapQuakes(projection: MapProjection(columns: 21, rows: 5),
                              dots: [MapDot(dot: Dot(x: 4, y: 4), count: 1, magnitude: 2.5)])
        var screen = Screen(width: 40, height: 7)
        MapView(quakes: stale, land: .none, unicode: true).render(in: Rect(x: 0, y: 0, width: 40, height: 7), into: &screen)
        expectScreen(screen, lines: ["", "", "", "", "", "M ⠂<4 •4 ●5 ◉6 ■7   ├────────┤ 20,000 km",
                                     "counting…, lat -90…90, lon -180…180"],
                     styles: ["", "", "", "", "", String(repeating: " ", count: 20) + String(repeating: "a", count: 20),
                              String(repeating: "d", count: 35)], legend: Self.legend)
    }

    /// The pane draws inside its rectangle only, wherever it sits.
    @Test func itDrawsInsideItsRectangle() {
        var screen = Screen(width: 24, height: 9)
        for row in 0..<9 { screen.put(String(repeating: "x", count: 24), row: row, column: 0) }
        let quakes = MapQuakes(projection: MapProjection(columns: 20, rows: 5),
                               dots: [MapDot(dot: Dot(x: 0, y: 0), count: 1, magnitude: 3)])
        MapView(quakes: quakes, land: .none, unicode: true).render(in: Rect(x: 2, y: 1, width: 20, height: 7), into: &screen)
        expectScreen(screen, lines: [
            String(repeating: "x", count: 24),
            "xx⠁                   xx",
            "xx                    xx",
            "xx                    xx",
            "xx                    xx",
            "xx                    xx",
            "xx     ├───┤ 10,000 kmxx",
            "xx1 quake, lat -90…90,xx",
            String(repeating: "x", count: 24),
        ], styles: ["", "  r", "", "", "", "", "       " + String(repeating: "a", count: 15), "  " + String(repeating: "d", count: 20), ""], legend: Self.legend)
    }
}
