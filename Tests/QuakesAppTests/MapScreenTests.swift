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
        let fitted = try MapFit.region(controller.aggregate(MapFit.request), columns: width, rows: height - MapView.footerRows(in: area))
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
            "           120°W⣤⣤⣤⣤60°W⠒⠦⢤⡤⠄ 0°⣠⣤⡀ ⠠⣤⠄60°E ⣤⣄⡀ 120°E",
            "  ⣦⣀⣤⠶⠦⠤⠤⠤⠾⠿⠿⡿⠿⡿⣿⣿⣾⣯⡉⢷⠄⢀⣠⠤⣾⣁  ⠁⢀⡭⣴⠲⣤⣤⡤⠾⠭⠿⣶⠒⠋⠉⠉⠉⠛⠚⠒⠒⠛⠛⠓⠲⠤⠤⢴",
            "  60°N⠞⠒⠒⣦⡂⠃⠂⠂⠂⠪⠯⣿⠏⠛⠮⡊⠓⠋⠂⠂⠋⠃⣢⣶⣛⣷⣾⡷⠒⠊⠂⠂⠂⠃⠂⠂⠂⠂⠂⠂⠂⠂⠊⠂⠂⣶⡒⠒⣟⡟•⠋",
            "          ⢹⠁     ⠈⣰⡿⠟⠛      ⢠⢿⡭⣴⣦⣄⣴⣶⡆⢶⣆⠁        ⣈⣀⡤⢾• ●",
            "          ⠈⠳⣤ ⢀⡤⠤⣔⡃ ⠈      ⢀⡼⠛⠉⠙⠯⠿⠯⣟ ⢬•⠁    •   ⢹⠙●•●",
            "     ●     ⠁⠈⠹⢼•⣞⡻⠶⠦⠈      ⡏  ⠁    ⠹⣧⣈•⠋⠙⣆⣠⠖⢳⣄⢶⡞•⡄",
            "           ⠁   ••●⠟⠉⠙⠤⡄    ⠙⠦⠤⠥⣄    ⢈⡽ ⠁ ⠘⠷ ⠠⣿⣟⣠⣿•⡀•",
            "  0°⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⢿•⠁⠉⠁⠉⠉⡳⠁⠁⠁⠁⠁⠁⠹⡅⠁⠁⠁⡏⢁⠁⠁•⠁⠁⠁⠁●⠿⠿⢿⡿•⡿•●●●⠁⠁",
            "  •●       ⠁      ••⠈ ⢀⡸⠁     ⠁⠸⡄  ⣴⢳● ⠁       ⢠⠼⠋⠁⠛⠹⣄ ⠨●⠐",
            "  ●        ⠁      ⢸ ⠨⡴⠃       ⠁ ⠹⠤⠴⠁   ⠁       ⠸⠬⠴⠲⣤⣀⡼  ⠠⣄",
            "           ⠁      ●⣼⢋         ⠁        ⠁⢀       ⠈   ⠙⠃ ⠠⠾⠋",
            "  60°S⠄⠄⠄•⠄⠅⠄⠄⠄⠄⠄⠄⠝⠟⣍⡅⠄⠄⠄⠄⠄⠄⠄⠄⠅⠄⠄⠄⠄⠄⠄⠄⠄⠅⠄⠄⠄⠄⠄⠄⠄⠄⠌⠄⠄⠄⠄⠄⠄⠄⠄⠄",
            "     ⡀⣀⣀⣀⣀⣤⣥⣄⣠⡤⠤⠤⢤⣴⣿⡯    ⣀⣀⣤⠤⠤⠵⠲⠒⠒⠒⠒⠒⠊⠉⠛⠲⠖⠚⠉⠉⠉⠉⠉⠉⠉⠉⠉⠙⠒⠒⣦⡤",
            "  ⠤⠤⠬⠽⠿⠧   ⠁     ⠈⠙⠚⠛⠚⠛⠓⠛⠋    ⠁        ⠁        ⠈     ⠐⠛⠦⠤",
            "M ⠂<4 •4 ●5 ◉6 ■7                   ├────────────┤ 10,000 km",
            "75 quakes, lat -90…90, lon -180…180",
        ], styles: [
            "           aaaaaaaaaaaaaaaaaa aaaaa aaaaaaa aaa aaaaa",
            "  aaaaaaaaaaaaaaaaaaaaaaaaaa  kaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "  aaaaaaaaakkkkaaaaaaaaakkaaaaaaaaaakkkkkkkkkkkkkkkaaaaara",
            "          ak     aaaaa      aaaaaaaaaaak        aaaar m",
            "          aaa aaaaa k      aaaaaaaaa ark    r   aamrm",
            "     m     kaaaraaaak      a  k    aaaraaaaaaaaara",
            "           k   rrmaaaaa    aaaaa    aa k aa aaaaarar",
            "  aakkkkkkkkkkkkkarkkkaaakkkkkkaakkkaakkrkkkkmaaaararmmmkk",
            "  rB       k      rrk aaa     kaa  aam k       aaaaaaa ama",
            "  m        k      a aaa       k aaaa   k       aaaaaaa  aa",
            "           k      maa         k        ka       k   aa aaa",
            "  aaaakkkrkkkkkkkkaaaakkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk",
            "     aaaaaaaaaaaaaaaa    aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "  aaaaaa   k     aaaaaaaaa    k        k        k     aaaa",
            "                                    aaaaaaaaaaaaaaaaaaaaaaaa",
            "ddddddddddddddddddddddddddddddddddd",
        ], legend: MapViewTests.legend)
    }

    /// The fit cuts the circle of longitudes at its largest gap: from
    /// 177.9 E to past 180, widened to true proportions at 18°S (173.53 E
    /// on), Fiji's coast on both sides of 180. The M 4+ quakes are `•`, the
    /// Tonga M 5 a `●`; under them the legend and a 200 km scale bar. The
    /// marker follows the selection: on the Tonga M 5 (top), then on a Fiji M 4.8.
    @Test func fijiAndTongaFittedAt36x10() throws {
        let predicate = "place CONTAINS[cd] 'fiji' OR place CONTAINS[cd] 'tonga'"
        let lines = [
            "                           ●",
            "           ⢀⣠⣤       •",
            "         ⢀⠫⠗⠚⠁",
            "       ⢰⠐⣉⡕     •       •",
            "        ⠈         •",
            "",
            "               •",
            "              •",
            "M ⠂<4 •4 ●5 ◉6 ■7        ├──┤ 200 km",
            "8 quakes, lat -22…-14.57, lon 173.53",
        ]
        expectScreen(try render(predicate, region: nil, width: 36, height: 10, selected: Self.tongaM5), lines: lines, styles: [
            "                           B",
            "           aaa       r",
            "         aaaaa",
            "       araa     r       r",
            "        a         r",
            "",
            "               r",
            "              r",
            "                         aaaaaaaaaaa",
            "dddddddddddddddddddddddddddddddddddd",
        ], legend: MapViewTests.legend)
        expectScreen(try render(predicate, region: nil, width: 36, height: 10, selected: Self.fijiM48), lines: lines, styles: [
            "                           m",
            "           aaa       r",
            "         aaaaa",
            "       araa     r       r",
            "        a         r",
            "",
            "               r",
            "              B",
            "                         aaaaaaaaaaa",
            "dddddddddddddddddddddddddddddddddddd",
        ], legend: MapViewTests.legend)
    }
}
