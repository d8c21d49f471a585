import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
@testable import QuakesApp
@testable import QuakeViews
import TerminalUI
import Testing
import TestSupport

/// The browse screen with the map pane, whole screens at two sizes over
/// the week and the harness's extras (no coastlines, so every dot is a
/// quake): `m` cycling the layout, `Tab` moving the focus, zoom, pan and
/// fit moving the view, the marker following the selection, `R` adding
/// and removing the region with its count. The map's dots are the
/// controller's aggregate, answered by the harness after each key.
@Suite struct MapBrowseScreenTests {
    /// Map letters: 'B' the marker (bold reverse); 'X' a bold red cell
    /// (a quake an import just changed).
    static let extra: [Style: Character] = [Style(bold: true, reverse: true): "B",
                                            Style(foreground: .red, bold: true): "X"]

    /// The dot the formula names for a point, as a screen cell (x, y) of
    /// the map pane at `area`.
    static func cell(of point: GeoPoint, region: MapRegion, in area: Rect) -> (column: Int, row: Int) {
        let frame = MapView.frame(region, in: area)
        let dot = frame.projection.dot(point)
        return (area.x + frame.column + dot.column, area.y + frame.row + dot.row)
    }

    @Test func mCyclesTableMapAboveTheTableMapAloneAndTabMovesTheFocus() throws {
        let h = try BrowserHarness(width: 80, height: 16)
        let table = h.screen
        let hawaii = try #require(h.state.selectedEpicentre, "the newest quake, 5km SW of Volcano, Hawaii")
        try h.press(.character("m"))
        #expect(h.state.map.panes == .mapAboveTable && h.state.map.isFocused)
        // Seven rows of map (six of dots, the scale line reversed: the map
        // has the focus), the table's header and six rows under it. The
        // marker is on the selected Hawaiian quake: dot (10, 9), cell (5, 2)
        // of the map, which starts on row 1.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "",
            "                               ⡀",
            "",
            "",
            "",
            "quakes per cell █1–9 █10–99 █100–999 █1,000+                ├────────┤ 20,000 km",
            "4,714 quakes, lat -90…90, lon -180…180",
            "  1 Time ▼                         2 Mag 3 Place                        4 Depth",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawaii          1.5",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii           0.5",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA              4.3",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawaii          0.8",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawaii          0.3",
            "  2018-06-14 09:07:01 52 min ago     2.9 3km SW of Volcano, Hawaii          0.6",
            "+ - zoom  ←↑↓→ pan  0 fit  R region  click select  Tab table  m layout  ? help",
        ], styles: [
            "################################################################################",
            "                              163      1        11",
            "                              3B18333   1111 11111",
            "                              1   113   1 11 11131",
            "                              1 1  11            1",
            "",
            "               11   33     66       88                      aaaaaaaaaaaaaaaaaaaa",
            "################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "#################################OOOOOOO########################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "                                 ooooooo",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], extra: Self.extra)
        let marker = Self.cell(of: hawaii, region: .world, in: Rect(x: 0, y: 1, width: 80, height: 7))
        #expect(marker == (31, 2) && h.screen.style(row: 2, column: 31) == Style(bold: true, reverse: true))

        try h.press(.tab)
        #expect(h.state.map.focus == .table)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "",
            "                               ⡀",
            "",
            "",
            "",
            "quakes per cell █1–9 █10–99 █100–999 █1,000+                ├────────┤ 20,000 km",
            "4,714 quakes, lat -90…90, lon -180…180",
            "  1 Time ▼                         2 Mag 3 Place                        4 Depth",
            "  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawaii          1.5",
            "  2018-06-14 09:11:44 48 min ago     2.1 1km W of Volcano, Hawaii           0.5",
            "  2018-06-14 09:09:46 50 min ago     0.6 9km NE of Aguanga, CA              4.3",
            "  2018-06-14 09:08:57 51 min ago     3.0 6km SW of Volcano, Hawaii          0.8",
            "  2018-06-14 09:08:20 51 min ago     2.9 7km SW of Volcano, Hawaii          0.3",
            "  2018-06-14 09:07:01 52 min ago     2.9 3km SW of Volcano, Hawaii          0.6",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  Tab map",
        ], styles: [
            "################################################################################",
            "                              163      1        11",
            "                              3B18333   1111 11111",
            "                              1   113   1 11 11131",
            "                              1 1  11            1",
            "",
            "               11   33     66       88                      aaaaaaaaaaaaaaaaaaaa",
            "dddddddddddddddddddddddddddddddddddddd",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "#################################OOOOOOO########################################",
            "                                 ooooooo",
            "                                 ggggggg",
            "                                 rrrrrrr",
            "                                 ooooooo",
            "                                 ooooooo",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], extra: Self.extra, "the scale line dim: the table has the focus; the hints say how to get back")
        try h.press(.tab, .character("m"))
        #expect(h.state.map.panes == .mapAlone && h.state.map.isFocused)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            "                        120°W   60°W    0°      60°E    120°E",
            "                        ⠁       ⠁       ⠁       ⠁       ⠁",
            "                ⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁",
            "                        ⠁       ⠁       ⠁       ⠁       ⠁",
            "                   ⠄    ⠁       ⠁       ⠁       ⠁       ⠁",
            "                        ⠁       ⠁       ⠁       ⠁       ⠁",
            "                ⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁",
            "                        ⠁       ⠁       ⠁       ⠁       ⠁",
            "                        ⠁       ⠁       ⠁       ⠁       ⠁",
            "                        ⠁       ⠁       ⠁       ⠁       ⠁",
            "                60°S⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁",
            "                        ⠁       ⠁       ⠁       ⠁       ⠁",
            "quakes per cell █1–9 █10–99 █100–999 █1,000+              ├──────────┤ 10,000 km",
            "4,714 quakes, lat -90…90, lon -180…180",
            "+ - zoom  ←↑↓→ pan  0 fit  R region  click select  m layout  ? help",
        ], styles: [
            "################################################################################",
            "                        aaaaa   aaaa   1aa      aaaa    aaaaa",
            "                  1663  k       k       k       k       k",
            "                111313k331kkkk1kkkkkkkkk1kkkkkkkkkkkkkkkkkkk1111",
            "                       6633111 1k       k 11  11k1      k111",
            "                   B    k1 1  33k       k       k   1   1  1",
            "                        k  111  k       1     1 k   1   1111",
            "                1kkkkkkkkkkkkk1kkkkkkkkkkkkkkk1kk1kkk1k111k1111k",
            "                1       k     11k       k       k       k     1",
            "                1       k     1 k       k       k       k",
            "                      1 k    1  k       k       k       k",
            "                aaaakkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk",
            "                        k       k       k       k       k",
            "               11   33     66       88                    aaaaaaaaaaaaaaaaaaaaaa",
            "################################################################################",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], extra: Self.extra, "the map alone: fourteen rows, thirteen of dots")
        try h.press(.character("m"))
        #expect(h.state.map.panes == .table && !h.state.map.isFocused)
        #expect(h.screen == table, "back to the table as it was")
    }

    /// Zoom, pan and fit at 60x12, the map alone (ten rows of dots): each
    /// key moves the view as `MapRegion` says, and the scale line follows.
    @Test func zoomPanAndFitMoveTheView() throws {
        let h = try BrowserHarness(width: 60, height: 12)
        let hawaii = try #require(h.state.selectedEpicentre)
        try h.press(.character("m"), .character("m"))
        let area = try #require(h.state.layout.map)
        #expect(area == Rect(x: 0, y: 1, width: 60, height: 10))
        try h.press(.character("+"))
        let zoomed = MapRegion.world.zoomed(by: 2, around: hawaii)
        #expect(h.state.map.region == zoomed, "zoomed around the selected quake, which stays where it was")
        // The marker is on Hawaii's cell of the zoomed view (the view fitted to the pane's proportions).
        let marked = Self.cell(of: hawaii, region: zoomed, in: area)
        #expect(h.screen.style(row: marked.row, column: marked.column) == MapView.markerStyle)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼",
            " 120°E      ⠁         ⠈          60°W      ⠈          60°E",
            " ⠈          ⠁         ⠈          ⠁         ⠈          ⠁",
            " ⠈          ⠁         ⠈          ⠁         ⠈          ⠁",
            " ⠈          ⠁   ⠁     ⠈          ⠁         ⠈          ⠁",
            "⡀⡈⡀⡀⡀⡀⡀⡀⡀⡀⡀⡀⡁⡀⡀⡀⡀⡀⡀⡀⡀⡀⡈⡀⡀⡀⡀⡀⡀⡀⡀⡀⡀⡁⡀⡀⡀⡀⡀⡀⡀⡀⡀⡈⡀⡀⡀⡀⡀⡀⡀⡀⡀⡀⡁⡀⡀⡀⡀⡀",
            " ⠈          ⠁         ⠈          ⠁         ⠈          ⠁",
            " ⠈          ⠁         ⠈          ⠁         ⠈          ⠁",
            " ⠈          ⠁         ⠈          ⠁         ⠈          ⠁",
            "                                           ├──────┤ 5,000 km",
            "4,393 quakes, lat -35.3…54.7, lon 111.17…93.56",
            "+ - zoom  ←↑↓→ pan  0 fit  R region  click select  m layout",
        ], styles: [
            "############################################################",
            " aaaaa111  11111     1333      1 aaaa      11         aaaa",
            " k  11      k        16611311111 k         k  111  11 k 1",
            " 1 1 1      k         k1 1       k         k        11k    1",
            " k  11      k   B     k    11  33k         k        1 k    1",
            "k111kkkkkkkkkkkkkkkkkkkkkkkkk11kkkkkkkkkkkk1kkkkkkkkkkkkkkkk",
            " 111  1111  k         k       1  k         k          k1",
            " k       11 11        k       11 k         k       1  k",
            " k          1         k       11 k         k          k",
            "                                           aaaaaaaaaaaaaaaaa",
            "############################################################",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], extra: Self.extra, "zoomed in by 2 around Hawaii: the marker stays on its cell")
        // Each key moves what the pane shows: the view fitted to its proportions.
        func shown(_ region: MapRegion) -> MapRegion { MapView.frame(region, in: area).projection.region }
        try h.press(.character("l"))
        let east = shown(zoomed).panned(.east)
        #expect(h.state.map.region == east)
        try h.press(.up)
        let north = shown(east).panned(.north)
        #expect(h.state.map.region == north)
        try h.press(.character("-"))
        let out = shown(north).zoomed(by: 0.5, around: hawaii)
        #expect(h.state.map.region == out)
        #expect(h.lines[10] == MapView(region: out, quakes: nil, land: .none, unicode: true).scaleLine(count: h.state.map.quakes?.count, in: area))

        // . centres the view on the selected quake, its zoom kept.
        try h.press(.character("+"), .character("."))
        let again = shown(shown(out).zoomed(by: 2, around: hawaii))
        #expect(h.state.map.region == again.centred(on: hawaii))
        #expect(abs(h.state.map.region.latitudeSpan - again.latitudeSpan) < 1e-9
                && abs(h.state.map.region.longitudeSpan - again.longitudeSpan) < 1e-9, "the zoom is kept")
        let centre = h.state.map.region.center
        #expect(abs(centre.latitude - hawaii.latitude) < 1e-9 && abs(centre.longitude - hawaii.longitude) < 1e-9,
                "Hawaii in the middle")

        // 0 fits the view to the results: here the filter's Alaskan quakes.
        try h.press(.character("/"))
        try h.type("alaska")
        try h.press(.enter, .character("0"))
        let fitted = try #require(MapFit.region(h.controller.aggregate(MapFit.request), columns: 60, rows: 8))
        #expect(h.state.map.region == fitted)
        #expect(h.state.map.quakes?.count == 316, "every Alaskan quake is in the fitted view")
        h.expectScreen([
            " quakes-tui  quakes.sqlite  316 of 4,714 quakes  row 1  filt",
            "          150°E       180°     ⡀ ⠁⢂         120°W      90°W",
            "          ⠈           ⠁     ⣀ ⠨⡄⡀⡠⡞⣀        ⠈          ⠈",
            "          ⠈           ⠁       ⣀ ⣮•⡣⢄        ⠈          ⠈",
            "60°N⡀⡀⡀⡀⡀⡀⡈⡀⡀⡀⡀⡀⡀⡀⡀⡀⡀⡀⡁⡀⡀⡀⡀⡀⡀⢀⡀⡀⣿⡿⣷⢀⣡⡀⡀⡀⡀⡀⡀⡀⡈⡀⡀⡀⡀⡀⡀⡀⡀⡀⡀⡈⡀⡀⡀⡀",
            "          ⠈           ⠁        ⠵⡟⠁  ⠉⠑⠁     ⠈          ⠈",
            "          ⠈           ⠁     • ⠒  ⠝   ⠁      ⠈          ⠈",
            "          ⠈           ⠁⢀   ⢤⠒    ⠁          ⠈          ⠈",
            "          ⠈          ⠨⠁⠁•        ⠁          ⠈          ⠈",
            "M ⠂<4 •4 ●5 ◉6 ■7                     ├───────────┤ 2,000 km",
            "316 quakes, lat 49.29…70.68, lon 120.68…-78.92",
            "+ - zoom  ←↑↓→ pan  0 fit  R region  click select  m layout",
        ], styles: [
            "############################################################",
            "          aaaaa       aaaa     y ky         aaaaa      aaaa",
            "          k           k     y yoyoor        k          k",
            "          k           k       y oryy        k          k",
            "aaaakkkkkkkkkkkkkkkkkkkkkkkkkykkrBoorykkkkkkkkkkkkkkkkkkkkkk",
            "          k           k        roo  ryy     k          k",
            "          k           k     r r  r   o      k          k",
            "          k           ko   rr    k          k          k",
            "          k          okrr        k          k          k",
            "                                      aaaaaaaaaaaaaaaaaaaaaa",
            "############################################################",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], extra: Self.extra, "the Alaskan quakes fitted")
    }

    /// The marker follows the table's selection: sorted by magnitude, the
    /// largest (M 5.8 off Sumatra) then, one row down, the M 5.6 off Chile.
    @Test func theMarkerFollowsTheSelection() throws {
        let h = try BrowserHarness(width: 80, height: 16)
        // v v: events, so each quake's cell shows its symbol.
        try h.press(.character("2"), .character("m"), .character("v"), .character("v"), .tab)
        h.expectScreen([
            " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by mag ▼",
            "                              ••⡄      •        ••",
            "                              •●⠐⠿•⠖⡃   •••• ••●●⠈",
            "                              ●   •●•   ⠂ ●• ●••●●",
            "                              ● •  ●•            ●",
            "",
            "M ⠂<4 •4 ●5 ◉6 ■7  color M █<1 █1 █2 █3 █5+                 ├────────┤ 20,000 km",
            "4,714 quakes, lat -90…90, lon -180…180",
            "  1 Time                         2 Mag ▼ 3 Place                        4 Depth",
            "  2018-06-12 23:08:28    1 d ago     5.8 94km SW of Muara Siberut, In…     10.0",
            "  2018-06-14 06:27:39    3 h ago     5.6 275km W of Puerto Chacabuco,…     10.0",
            "  2018-06-13 06:59:01    1 d ago     5.4 70km WSW of Muara Siberut, I…     10.0",
            "  2018-06-12 23:32:45    1 d ago     5.4 99km S of Isangel, Vanuatu        51.0",
            "  2018-06-11 19:54:21    2 d ago     5.4 22km SE of Kushima, Japan         30.3",
            "  2018-06-13 23:54:45   10 h ago     5.3 13km WNW of Tonosi, Panama        10.0",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  Tab map",
        ], styles: [
            "################################################################################",
            "                              rrr      r        rr",
            "                              rmorror   rrrr rrmmo",
            "                              m   rmr   a mr Brrmm",
            "                              m r  mr            m",
            "",
            "                          gg  yy oo rr mm                   aaaaaaaaaaaaaaaaaaaa",
            "dddddddddddddddddddddddddddddddddddddd",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "#################################MMMMMMM########################################",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "                                 mmmmmmm",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], extra: Self.extra, "the marker on the M 5.8 off Sumatra")
        let area = try #require(h.state.layout.map)
        let sumatra = try #require(h.state.selectedEpicentre)
        let first = Self.cell(of: sumatra, region: .world, in: area)
        #expect(h.screen.style(row: first.row, column: first.column) == Style(bold: true, reverse: true))
        try h.press(.character("j"))
        let chile = try #require(h.state.selectedEpicentre)
        #expect(h.state.selectedQuake?.place.contains("Puerto Chacabuco") == true)
        let second = Self.cell(of: chile, region: .world, in: area)
        #expect(h.screen.style(row: second.row, column: second.column) == Style(bold: true, reverse: true))
        #expect(h.screen.style(row: first.row, column: first.column) == Style(foreground: .magenta),
                "the Sumatran quake is an M 5+ dot again")
    }

    /// `R` filters to the region on screen: the top line names it and
    /// counts the quakes in it (checked against every quake's coordinates);
    /// `R` again removes it. Alaska's fit crosses the antimeridian (the
    /// Rat Islands are east of 180°).
    @Test func rFiltersToTheRegionOnScreenAndRAgainRemovesIt() throws {
        let h = try BrowserHarness(width: 120, height: 16)
        try h.press(.character("/"))
        try h.type("alaska")
        try h.press(.enter, .character("m"), .character("0"), .character("/"), .escape)
        // The region shown: the fit widened to the pane's proportions (at 60°N, in a short pane, the whole circle).
        let region = MapView.frame(h.state.map.region, in: try #require(h.state.layout.map)).projection.region
        var inRegion = 0
        try ResultsController(h.catalog).fetchNow().forEachRow { _, quake in
            let east = region.east > 180 ? quake.longitude >= region.west || quake.longitude <= region.east - 360
                : quake.longitude >= region.west && quake.longitude <= region.east
            if quake.latitude >= region.south && quake.latitude <= region.north && east { inRegion += 1 }
        }
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼")
        try h.press(.character("R"))
        #expect(h.state.map.regionFilter == region)
        let ranges = MapView.ranges(region, unicode: true)
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  \(Formatting.count(inRegion)) of 4,714 quakes  row 1  region \(ranges)  by time ▼")
        h.expectScreen([
            " quakes-tui  quakes.sqlite  330 of 4,714 quakes  row 1  region lat 49.29…70.68, lon 20.88…20.88  by time ▼",
            "",
            "",
            "                                                              ⠛",
            "",
            "",
            "quakes per cell █1 █2–4 █5–9 █10–19 █20–49 █50+                                           ├───────────────────┤ 5,000 km",
            "330 quakes, lat 49.29…70.68, lon 20.88…20.88",
            "  1 Time ▼                         2 Mag 3 Place                           4 Depth    5 Lat     6 Lon 7 Net 8 Type",
            "  2018-06-14 08:05:23    1 h ago     2.2 14km NW of Whittier, Alaska          11.3   60.868  -148.869 ak    earthquake",
            "  2018-06-14 08:04:59    1 h ago     1.3 156km ENE of McGrath, Alaska          5.1   63.433  -152.671 ak    earthquake",
            "  2018-06-14 06:52:30    3 h ago     3.0 256km ESE of Kodiak, Alaska          35.0   56.679  -148.689 ak    earthquake",
            "  2018-06-14 04:35:53    5 h ago     1.6 24km NE of Fritz Creek, Alaska       55.6   59.876  -150.959 ak    earthquake",
            "  2018-06-14 04:22:13    5 h ago     2.6 10km S of Talkeetna, Alaska           5.1   62.231  -150.143 ak    earthquake",
            "  2018-06-14 03:28:23    6 h ago     1.0 108km NW of Talkeetna, Alaska         0.0   63.038  -151.544 ak    earthquake",
            "+ - zoom  ←↑↓→ pan  0 fit  R region  click select  Tab table  m layout  ? help",
        ], styles: [
            "########################################################################################################################",
            "                                                            2 41",
            "                                                          214884",
            "                                                           148B472",
            "                                                  1 1     12222 1                                1",
            "                                                 2    214 2         2",
            "               11 22   44   55     77     88                                              aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "########################################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb bbbbbbbbbbb",
            "#################################OOOOOOO################################################################################",
            "                                 yyyyyyy",
            "                                 rrrrrrr",
            "                                 yyyyyyy",
            "                                 ooooooo",
            "                                 yyyyyyy",
            "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ], extra: Self.extra, "only the quakes in the region, in the table and on the map")
        try h.press(.character("R"))
        #expect(h.state.map.regionFilter == nil)
        #expect(h.lines[0] == " quakes-tui  quakes.sqlite  4,714 quakes  row 1  by time ▼")
    }

    /// A click on the map selects the quake nearest the click's cell among
    /// those in view (checked against every quake), and the table follows;
    /// the wheel zooms at the pointer.
    @Test func aClickSelectsTheNearestQuakeAndTheWheelZoomsAtThePointer() throws {
        let h = try BrowserHarness(width: 80, height: 16)
        try h.press(.character("m"))
        let area = try #require(h.state.layout.map)
        // Row 4, column 60: the middle of the Pacific west of the Americas.
        let frame = MapView.frame(.world, in: area)
        let clicked = frame.projection.point(column: 15, row: 3 - frame.row)
        try h.event(.mouse(MouseEvent(.press, row: area.y + 3, column: frame.column + 15)))
        var nearest: (id: String, distance: Double)?
        try ResultsController(h.catalog).fetchNow().forEachRow { _, quake in
            var dLon = abs(quake.longitude - clicked.longitude)
            if dLon > 180 { dLon = 360 - dLon }
            let distance = ((quake.latitude - clicked.latitude) * (quake.latitude - clicked.latitude) + dLon * dLon).squareRoot()
            if nearest == nil || distance < nearest!.distance || (distance == nearest!.distance && quake.id < nearest!.id) {
                nearest = (quake.id, distance)
            }
        }
        #expect(h.state.selectedQuakeID == nearest?.id)
        #expect(h.state.selectedQuake.map { h.lines[h.state.layout.tableBody.y + h.state.selectedIndex - h.state.topLine].contains(String($0.place.prefix(10))) } == true,
                "the table shows the selected row")
        let marker = Self.cell(of: try #require(h.state.selectedEpicentre), region: .world, in: area)
        #expect(h.screen.style(row: marker.row, column: marker.column) == Style(bold: true, reverse: true))

        try h.event(.mouse(MouseEvent(.wheelUp, row: area.y + 2, column: frame.column + 5)))
        let pointer = frame.projection.point(column: 5, row: 2 - frame.row)
        #expect(h.state.map.region == MapRegion.world.zoomed(by: 2, around: pointer))
        try h.event(.mouse(MouseEvent(.wheelDown, row: area.y + 2, column: frame.column + 5)))
        #expect(h.state.map.region == .world, "zoomed out to the whole globe: the usual world view")
    }

    /// A quake an import adds while the map shows: its cell flashes
    /// (reversed) for the first frames, then is bold as long as its row is
    /// marked: until a look (a key), then half a minute.
    @Test func aQuakeAnImportAddsFlashesOnTheMapThenIsBoldLikeItsRow() throws {
        let h = try BrowserHarness(width: 80, height: 16)
        // The second row selected: the new quake, newest, does not take the selection (and the marker).
        // v v: events, each cell its quakes' symbol (the week is dense enough for auto's density).
        try h.press(.character("j"), .character("m"), .character("v"), .character("v"))
        #expect(h.state.map.style == .events)
        // Mid-Atlantic, where the week has no quake: its cell is its own.
        let point = GeoPoint(latitude: -30, longitude: -20)
        let feed = singleQuakeFeed(id: "at0001", place: "South Atlantic Ridge", magnitude: 4.4, time: 1_528_970_100_000,
                                   latitude: point.latitude, longitude: point.longitude)
        _ = try QuakeImporter(catalog: h.catalog).importData(Data(feed.utf8), name: "new")
        let came = Date()
        try h.send(.tick(came))
        let area = try #require(h.state.layout.map)
        let cell = Self.cell(of: point, region: .world, in: area)
        #expect(h.screen.style(row: cell.row, column: cell.column) == Style(foreground: .red, bold: true, reverse: true),
                "a flash as it comes")
        try h.send(.tick(came.addingTimeInterval(3)))
        #expect(h.screen.style(row: cell.row, column: cell.column) == Style(foreground: .red, bold: true), "once")
        try h.send(.tick(came.addingTimeInterval(60)))
        #expect(h.screen.style(row: cell.row, column: cell.column) == Style(foreground: .red, bold: true),
                "bold while nobody looks")
        try h.press(.character("t"))
        try h.send(.tick(came.addingTimeInterval(60 + 29)))
        #expect(h.screen.style(row: cell.row, column: cell.column) == Style(foreground: .red, bold: true))
        try h.send(.tick(came.addingTimeInterval(60 + 31)))
        #expect(h.screen.style(row: cell.row, column: cell.column) == Style(foreground: .red), "30 s after the look")
    }
}
