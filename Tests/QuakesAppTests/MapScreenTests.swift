import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
@testable import QuakesApp
@testable import QuakeViews
import TerminalUI
import Testing
import TestSupport

/// The map pane over the real week and the bundled coastlines, whole
/// screens at two sizes: the world with the M 4.5+ quakes and the marker
/// on the selected one, then the view `0` fits to Fiji and Tonga (across
/// the antimeridian).
@Suite(.timeLimit(.minutes(10)))
struct MapScreenTests {
    let folder = TemporaryFolder()
    let catalog: QuakeCatalog

    /// The week, and one quake west of 180° so the Fiji–Tonga quakes
    /// straddle it: 177.9 E and -179.4…-173.2.
    init() throws {
        catalog = try importedCatalog(folder, feeds: [Fixture.week], extraGeoJSON: singleQuakeFeed(
            id: "us0nadi", place: "20km W of Nadi, Fiji", magnitude: 3.1, time: 1_528_966_800_000, latitude: -17.6, longitude: 177.9))
    }

    static let tongaM5 = GeoPoint(latitude: -14.9036, longitude: -173.2207)
    static let fijiM48 = GeoPoint(latitude: -21.6659, longitude: -179.3722)

    func render(_ predicate: String, region: MapRegion?, width: Int, height: Int,
                selected: GeoPoint? = nil) throws -> Screen {
        let controller = try ResultsController(catalog, configuration: FetchConfiguration(predicate: QuakePredicate(predicate)))
        let area = Rect(x: 0, y: 0, width: width, height: height)
        let fitted = try MapFit.region(controller.aggregate(MapFit.request), columns: width, rows: height - 1)
        let projection = MapView.projection(region ?? fitted!, in: area)
        let quakes = MapAggregate.quakes(try controller.aggregate(MapAggregate.request(for: projection)), projection: projection)
        var screen = Screen(width: width, height: height)
        MapView(region: projection.region, quakes: quakes, land: try LandOutline.bundled(), selected: selected, unicode: true)
            .render(in: area, into: &screen)
        return screen
    }

    @Test func theWorldAt60x16() throws {
        let screen = try render("magnitude >= 4.5", region: .world, width: 60, height: 16, selected: Self.tongaM5)
        expectScreen(screen, lines: [
            "           ⣀⣀⣀⣤⣤⡤⣤⣤⡤⠤⠤⠤⠤⠤⠤⢤⣤   ⢀⣀⣀⣀  ⣀⣀      ⣠⣀⣀",
            "⣄⣀⣠⡤⠤⠤⠤⡤⠤⠾⢿⣿⣿⣿⣿⣿⡿⣯⢭⣉⠳⡤  ⣀⣰⣟⣀    ⣩⢭⠥⢤⣄⣀⣰⣿⡯⣵⣶⠲⠊⠉⠉⠉⠛⠓⠒⠶⠼⠟⠛⠥⠤⠤⡤⠤",
            "⠉⠙⢿⣥⡴⠖⠦⢤⡀     ⠾⣍⣻⡟⠿⢧⡀⠙⠚⠉ ⠈⠉⠉⢀⣤⠰⣭⣱⣻⠷⠈⠉               ⢀⣤⠤⢴⢶⢀⠖⠚",
            "       ⠈⠙⡶      ⠉ ⣴⣶⠿⠆      ⣉⣿⣋⣁⣅⡀⢠⢤⣤⢠⣤            ⢀⣨⣿⡀⠈⠂",
            "         ⠳⣄⡀   ⣀⣠⠟⠁         ⡻⠾⠛⠻⣛⣻⣟⣷⠏ ⡛⢀         ⠸⡟⢀⡴⡄",
            "   ⢤⡀     ⠈⠻⣆⢸⣉⣭⢿⣇⣀⡀       ⡞⠁      ⠹⣦⠈⠛⣳⠒⢦⡄⢀⣤⠂ ⢀⣤⠴⠄  ⠈",
            "            ⠈⠉⠃⠠⢀⡥⠯⢥⣀      ⢧⡀ ⣀     ⠙⠷⠐⠁  ⢣⣏ ⠈⣷⣮⠇⣨⠄⡀ ⠄",
            "                ⠁⠂  ⠉⠱⠤⢄⡀   ⠉⠉⠉⢽⡀   ⣠⠞⠁  ⠄ ⠁ ⠈⠄⣧⢾⣽⣾⠠⣤⢤⡀⡀",
            "⣀⠄              ⠙⢈⡀    ⣰⠃      ⢀⠇   ⣹⠠⡄        ⠈⠉⠛⣻⠵⢿⣹⡝⠑⠐⠰ ⢀",
            "⠂                 ⠁  ⢠⠖⠃       ⠈⢇  ⡼⠁⠷⠃         ⠰⡏⠁   ⠙⢦ ⠛⠁⠈",
            "⠈                ⢰⠃⣠⠶⠋          ⠈⠓⠚⠁             ⠓⠚⠉⠛⠦⣤⠏  ⢰⣦",
            "       ⢀         ⠂⣴⢇⡀                    ⠤            ⠉  ⠐⠋",
            "                 ⠈⠉⣁⡀                 ⢀⡀       ⡀⢀   ⢀",
            "   ⢀⣀⣀⣠⠤⠤⠤⠤⠤⣰⡶⠤⠤⠤⣶⣿⡿  ⡀ ⣀⣀⣀⡤⠖⠒⠒⠒⠒⠒⠒⠚⠚⠉⠉⠈⠉⠿⠒⠋⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠙⠒⡲⠶",
            "⠤⠶⠬⠽⠿⠯⠄         ⠈⠉⠛⠛⠛⠛⠛⠒⠋⠁                              ⠘⠛⠢⠤",
            "75 quakes, lat -90…90, lon -180…180",
        ], styles: [
            "           ddddddddddddddddd   dddd  dd      ddd",
            "dddddddddddddddddddddd  dddd    dddddddddddddddddddddddddddd",
            "ddddddddd     dddddddddd dddddddddddd               dddddrdd",
            "       ddd      d dddd      ddddddddddd            dddrdm",
            "         ddd   dddd         ddddddddd dr         ddmdr",
            "   dm     dddddddddd       dd      ddddddddddr dddr  m",
            "            ddrrmdddd      dd d     ddrd  dd dddddrr r",
            "                rr  ddddd   ddddd   ddd  r d dmddddrddrm",
            "rB              drd    dd      dd   dmd        ddddddddmmm d",
            "r                 r  ddd       dd  dddd         ddd   dd dmd",
            "m                ddddd          dddd             ddddddd  dd",
            "       r         mddd                    d            d  dd",
            "                 dddd                 dd       dd   d",
            "   ddddddddddddddddd  d ddddddddddddddddddddddddddddddddddd",
            "ddddddd         dddddddddd                              dddd",
            "ddddddddddddddddddddddddddddddddddd",
        ], legend: MapViewTests.legend)
    }

    /// The fit cuts the circle of longitudes at its largest gap: 174.9 E
    /// to past 180, Fiji's coast on both sides of it. The marker follows
    /// the selection: on the Tonga M 5 (top), then on a Fiji M 4.8.
    @Test func fijiAndTongaFittedAt36x10() throws {
        let predicate = "place CONTAINS[cd] 'fiji' OR place CONTAINS[cd] 'tonga'"
        let lines = [
            "                            ⠐",
            "           ⢀⣀         ⡀",
            "        ⠠⣖⡫⠽⠚",
            "     ⢀⠔⠄⠲⡄",
            "     ⠘⠒⠖⠚⠁     ⠈         ⠈",
            "                  ⠂",
            "",
            "               ⡀",
            "             ⠠",
            "8 quakes, lat -22…-14.57, lon 174.9…",
        ]
        expectScreen(try render(predicate, region: nil, width: 36, height: 10, selected: Self.tongaM5), lines: lines, styles: [
            "                            B",
            "           dd         r",
            "        ddddd",
            "     ddrdd",
            "     ddddd     r         r",
            "                  r",
            "",
            "               r",
            "             r",
            "dddddddddddddddddddddddddddddddddddd",
        ], legend: MapViewTests.legend)
        expectScreen(try render(predicate, region: nil, width: 36, height: 10, selected: Self.fijiM48), lines: lines, styles: [
            "                            m",
            "           dd         r",
            "        ddddd",
            "     ddrdd",
            "     ddddd     r         r",
            "                  r",
            "",
            "               r",
            "             B",
            "dddddddddddddddddddddddddddddddddddd",
        ], legend: MapViewTests.legend)
    }
}
