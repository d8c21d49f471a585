import Foundation
import QuakeQuery
import QuakeViews
import TerminalUI
import Testing
@testable import QuakesApp

/// Place is as wide as the widest place of the rows at hand, not all the
/// slack: short places leave room for the columns a long one would push
/// out, and the rest of the line stays blank.
@Suite(.timeLimit(.minutes(10)))
struct ColumnWidthTests {
    @Test func placeTakesWhatItsWidestPlaceNeeds() {
        let wide = ColumnLayout(width: 120)
        #expect(wide.columns.map(\.column).last == .type, "unknown places: Place keeps its 24, Status goes")
        let short = ColumnLayout(width: 120, placeNeeds: 19)
        #expect(short.columns.map(\.column).last == .status, "19 columns of place leave room for Status")
        #expect(short.columns.first { $0.column == .place }?.width == 19)
        let long = ColumnLayout(width: 160, placeNeeds: 40)
        #expect(long.columns.first { $0.column == .place }?.width == 40, "not all the slack")
        #expect(long.columns.last.map { $0.x + $0.width } == 2 + 30 + 1 + 7 + 1 + 40 + 1 + 8 + 1 + 8 + 1 + 9 + 1 + 5 + 1 + 11 + 1 + 9)
        #expect(ColumnLayout(width: 120, placeNeeds: 3).columns.first { $0.column == .place }?.width == 10,
                "room for `3 Place ▲2` whatever the places")
    }

    @Test func theWeeksCobbQuakesShowEveryColumnAt120() throws {
        let h = try BrowserHarness(width: 120, height: 8)
        try h.press(.character("/"))
        try h.type("cobb")
        try h.press(.enter)
        // The page's widest place, `11km NNW of Cobb, CA`, is 20: Status fits.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  51 of 4,714 quakes  row 1  filter \"cobb\"  by time ▼",
            "  1 Time ▼                         2 Mag 3 Place               4 Depth    5 Lat     6 Lon 7 Net 8 Type      9 Status",
            "  2018-06-14 03:23:32    6 h ago     1.3 6km W of Cobb, CA         1.6   38.833  -122.792 nc    earthquake  automatic",
            "  2018-06-14 01:04:10    8 h ago     0.7 4km W of Cobb, CA         2.1   38.822  -122.768 nc    earthquake  automatic",
            "  2018-06-14 00:16:19    9 h ago     1.3 4km W of Cobb, CA         1.7   38.821  -122.765 nc    earthquake  automatic",
            "  2018-06-13 21:28:02   12 h ago     2.1 7km W of Cobb, CA         1.6   38.829  -122.804 nc    earthquake  automatic",
            "  2018-06-13 16:27:38   17 h ago     0.9 6km WNW of Cobb, CA       1.7   38.836  -122.790 nc    earthquake  automatic",
            "/ filter  : predicate  1-9 sort  s sections  ⏎ details  ? help  q quit  m map",
        ], styles: [
            "########################################################################################################################",
            "  uuuuuuuuuuuuuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbb bbbbbbbb bbbbbbbb bbbbbbbbb bbbbb bbbbbbbbbbb bbbbbbbbb",
            "#################################YYYYYYY##########HHHH##################################################################",
            "                                 ggggggg          hhhh",
            "                                 yyyyyyy          hhhh",
            "                                 ooooooo          hhhh",
            "                                 ggggggg            hhhh",
            "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        ])
    }
}

/// A sorted column's title keeps its number and first letters beside the
/// mark however narrow the column: Net (5 wide) sorted is `7 Ne▲`, not `7 ▲`.
@Suite struct SortedTitleTests {
    @Test func aNarrowSortedTitleKeepsItsFirstLetters() throws {
        let table = TableView(formatting: Formatting(zone: .utc, now: Date(timeIntervalSince1970: 0)), unicode: true)
        let net = try #require(QuakeColumn.net.field(home: nil))
        let key = try #require(QuakeColumn.net.numberKey)
        let byNet = [SortKey(net, ascending: true)]
        let secondary = [SortKey(.time, ascending: false), SortKey(net, ascending: true)]
        #expect(table.headerLabel(.net, sortKeys: [], home: nil, width: QuakeColumn.net.width) == "\(key) Net")
        #expect(table.headerLabel(.net, sortKeys: byNet, home: nil, width: QuakeColumn.net.width) == "\(key) Ne▲")
        #expect(table.headerLabel(.net, sortKeys: secondary, home: nil, width: QuakeColumn.net.width) == "\(key) N▲2")
        #expect(table.headerLabel(.net, sortKeys: byNet, home: nil, width: 7) == "\(key) Net ▲")
        #expect(table.headerLabel(.depth, sortKeys: [SortKey(.depth, ascending: false)], home: nil, width: 6)
                == "\(QuakeColumn.depth.numberKey!) D… ▼")
        let ascii = TableView(formatting: Formatting(zone: .utc, now: Date(timeIntervalSince1970: 0)), unicode: false)
        #expect(ascii.headerLabel(.net, sortKeys: byNet, home: nil, width: QuakeColumn.net.width) == "\(key) Ne^")
    }
}
