import Foundation
import Testing

/// `s` cycles the table's sections: none, day, magnitude band, network.
@Suite("Sections", .timeLimit(.minutes(10)))
struct SectionTests {
    /// ` 2018-06-14 · 298 quakes`, as a section header line shows it.
    static func headerLine(_ title: String, _ count: Int) -> String {
        " \(title) · \(Oracle.count(count)) \(count == 1 ? "quake" : "quakes")"
    }

    static let sectionLine = #"^ (\d{4}-\d\d-\d\d|M-?\d+|M unknown|[a-z0-9]+|\(none\)) · [0-9,]+ quakes?$"#

    @Test("s shows UTC day sections, s again magnitude bands, then networks, then none")
    func cycle() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let days = Dictionary(grouping: Oracle.week, by: \.day).mapValues(\.count)
        #expect(days["2018-06-14"] == 298, "python: 298 quakes on 2018-06-14 UTC")
        #expect(days.count == 8)
        let newest = Oracle.newestFirst[0]

        session.send("s")
        var pane = session.waitUntil { $0.body.first == Self.headerLine("2018-06-14", 298) }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼  section by day", "\(pane)")
        #expect(pane.body.first == " 2018-06-14 · 298 quakes")
        #expect(pane.rows.first?.time == newest.utcSecond)
        #expect(pane.rows.count == 36, "37 body lines, one of them the section header")
        #expect(pane.rows.map(\.time) == Oracle.newestFirst.prefix(36).map(\.utcSecond))

        let bands = Dictionary(grouping: Oracle.week, by: \.band).mapValues(\.count)
        #expect(bands["M5"] == 27 && bands["M2"] == 2383 && bands["M-1"] == 46, "python: floor(mag) counts")
        session.send("s")
        pane = session.waitUntil { $0.top.hasSuffix("section by magnitude band") && $0.body.first?.hasPrefix(" M") == true }
        session.send("g")
        pane = session.waitUntil { $0.body.first == Self.headerLine("M5", 27) }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼  section by magnitude band", "\(pane)")
        #expect(pane.body.first == " M5 · 27 quakes", "\(pane)")
        // Biggest band first; inside it, newest first.
        let m5 = Oracle.week.filter { $0.band == "M5" }.sorted { $0.time > $1.time }
        #expect(pane.rows.prefix(27).map(\.time) == m5.map(\.utcSecond))
        #expect(pane.body.count > 28 && pane.body[28] == Self.headerLine("M4", bands["M4"]!), "\(pane)")
        for line in pane.body where TableRow(line, placeX: pane.placeX) == nil {
            #expect(line.range(of: Self.sectionLine, options: .regularExpression) != nil, "\(line)")
            #expect(line.hasPrefix(" M"), "\(line)")
        }

        session.send("s")
        pane = session.waitUntil { $0.top.hasSuffix("section by network") }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼  section by network", "\(pane)")
        // Never declustered: one section of every quake, under the words saying so.
        session.send("s")
        pane = session.waitUntil { $0.top.hasSuffix("section by sequence") && $0.body.first?.hasPrefix(" not declustered") == true }
        #expect(pane.body.first == Self.headerLine("not declustered", 4_711), "\(pane)")
        session.send("s")
        pane = session.waitUntil { !$0.top.contains("sections") && $0.top.contains("  4,711 quakes") && $0.rows.count == 37 }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.rows.map(\.time) == Oracle.newestFirst.prefix(37).map(\.utcSecond))
    }

    @Test("every day's header and count, with each row under its own day")
    func everyDay() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let strong = Oracle.week.filter { $0.magnitude! >= 5 }
        let days = Dictionary(grouping: strong, by: \.day).mapValues(\.count)
        // 27 rows and a header a day fit in the 37 body lines.
        #expect(strong.count + days.count <= 37)

        session.type(":magnitude >= 5")
        session.send("Enter")
        session.waitUntil { $0.top.contains("27 of 4,711 quakes") }
        session.send("s")
        let pane = session.waitUntil { $0.top.contains("section by day") && $0.rows.count == 27 }
        #expect(pane.top == " quakes-tui  quakes.sqlite  27 of 4,711 quakes  row 1  where magnitude >= 5  by time ▼  section by day",
                "\(pane)")
        let expectedHeaders = days.keys.sorted(by: >).map { Self.headerLine($0, days[$0]!) }
        let shownHeaders = pane.body.filter { $0.range(of: Self.sectionLine, options: .regularExpression) != nil }
        #expect(shownHeaders == expectedHeaders, "\(pane)")

        var day: String?
        var rowsUnder: [String: Int] = [:]
        for line in pane.body {
            if let row = TableRow(line, placeX: pane.placeX) {
                #expect(day.map { row.time.hasPrefix($0) } == true, "\(line) is under the header of \(day ?? "no day")")
                rowsUnder[day ?? "", default: 0] += 1
            } else if line.range(of: Self.sectionLine, options: .regularExpression) != nil {
                day = String(line.dropFirst().prefix(10))
            }
        }
        #expect(rowsUnder == days)
    }
}
