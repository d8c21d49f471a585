import Foundation
import Testing
import TestSupport

/// The place filter (`/`) and the predicate prompt (`:`), in the real binary.
@Suite("Filtering", .timeLimit(.minutes(10)))
struct FilterTests {
    @Test("/alaska keeps the 316 Alaskan quakes, newest first; Esc clears it")
    func placeFilter() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let alaskan = Oracle.week.filter { $0.place.lowercased().contains("alaska") }.sorted { $0.time > $1.time }
        #expect(alaskan.count == 316, "python: 316 places contain 'alaska'")

        session.type("/alaska")
        var pane = session.waitUntil { $0.top.contains("316 of 4,711 quakes") && $0.rows.count == 37 }
        #expect(pane.top == #" quakes-tui  quakes.sqlite  316 of 4,711 quakes  row 1  filter "alaska"  by time ▼"#, "\(pane)")
        #expect(pane.bottom == "/alaska")
        let rows = pane.rows
        #expect(rows.count == 37)
        for row in rows {
            let quakes = Oracle.quakes(shownAs: row)
            #expect(!quakes.isEmpty && quakes.allSatisfy { $0.place.lowercased().contains("alaska") }, "\(row)")
        }
        #expect(rows.map(\.time) == alaskan.prefix(37).map(\.utcSecond))

        session.send("Escape")
        pane = session.waitUntil { $0.top.contains("  4,711 quakes") && $0.rows.first?.time == Oracle.newestFirst[0].utcSecond }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.bottom == SortingTests.hints)
        #expect(pane.rows.first?.time == Oracle.newestFirst[0].utcSecond)
    }

    @Test("the filter folds case and accents (/ile finds Île, ILE, I + ◌̂) and finds CJK text")
    func accentsAndCJK() throws {
        let extras = TemporaryFolder()
        let feed = extras.write("extra.geojson", Self.extraFeed)
        let extra = Oracle.load(feed)
        #expect(extra.count == 4)
        let session = try TmuxSession(extraImports: [feed])
        session.waitForTable()
        // The week has no accented place at all (python: 0), only ASCII ones with "ile".
        #expect(Oracle.week.allSatisfy { $0.place.unicodeScalars.allSatisfy(\.isASCII) })
        let asciiIle = Oracle.week.filter { $0.place.lowercased().contains("ile") }
        #expect(asciiIle.count == 9, "python: 9 places contain 'ile'")
        let withIle = (asciiIle + extra.filter { Oracle.fold($0.place).contains("ile") }).sorted { $0.time > $1.time }
        #expect(withIle.count == 12)

        session.type("/ile")
        var pane = session.waitUntil { $0.top.contains("12 of 4,715 quakes") && $0.rows.count == 12 }
        #expect(pane.top == #" quakes-tui  quakes.sqlite  12 of 4,715 quakes  row 1  filter "ile"  by time ▼"#, "\(pane)")
        #expect(pane.rows.map(\.time) == withIle.map(\.utcSecond), "\(pane)")
        for row in pane.rows {
            let quakes = Oracle.quakes(shownAs: row, in: Oracle.week + extra)
            #expect(!quakes.isEmpty && quakes.allSatisfy { Oracle.fold($0.place).contains("ile") }, "\(row)")
        }
        #expect(pane.rows.contains { $0.place == "10 km N of Île-de-France" }, "\(pane)")
        #expect(pane.rows.contains { $0.place == "3 km W of ILE ROUSSE" }, "\(pane)")
        #expect(pane.rows.contains { $0.place.precomposedStringWithCanonicalMapping == "5 km S of Île d'Yeu" }, "\(pane)")

        session.send("Escape")
        session.waitUntil { $0.top.contains("  4,715 quakes") }
        session.type("/東京")
        pane = session.waitUntil { $0.top.contains("1 of 4,715 quakes") && $0.rows.count == 1 }
        #expect(pane.top == #" quakes-tui  quakes.sqlite  1 of 4,715 quakes  row 1  filter "東京"  by time ▼"#, "\(pane)")
        #expect(pane.rows.first?.place == "東京都の近く", "\(pane)")
        #expect(pane.rows.first?.time == extra.first { $0.place == "東京都の近く" }?.utcSecond)
        #expect(pane.bottom == "/東京")
    }

    @Test("a predicate filters by fields; a bad one shows a caret error and keeps the old one")
    func predicatePrompt() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let matching = Oracle.week.filter { $0.magnitude! >= 4.5 && $0.depth < 10 }.sorted { $0.time > $1.time }
        #expect(matching.count == 7, "python: 7 quakes with magnitude >= 4.5 and depth < 10")

        session.type(":magnitude >= 4.5 AND depth < 10")
        session.send("Enter")
        var pane = session.waitUntil { $0.top.contains("7 of 4,711 quakes") && $0.rows.count == 7 }
        let top = " quakes-tui  quakes.sqlite  7 of 4,711 quakes  row 1  where magnitude >= 4.5 AND depth < 10  by time ▼"
        #expect(pane.top == top, "\(pane)")
        #expect(pane.rows.map(\.time) == matching.map(\.utcSecond), "\(pane)")
        #expect(pane.rows.map(\.magnitude) == matching.map(\.shownMagnitude))
        #expect(pane.bottom == SortingTests.hints)

        // `:` opens on the predicate in force; Ctrl-U clears it.
        session.send(":")
        pane = session.waitUntil { $0.bottom.hasPrefix(":") }
        #expect(pane.bottom == ":magnitude >= 4.5 AND depth < 10")
        session.send("C-u")
        session.type("magnitude >=")
        session.send("Enter")
        pane = session.waitUntil { $0.lines[$0.lines.count - 2].contains("^") }
        let errorLine = pane.lines[pane.lines.count - 2]
        // The caret sits under the end of the text, after '>=' (the prompt ':' is column 0).
        #expect(errorLine.hasPrefix(String(repeating: " ", count: 13) + "^ "), "\(pane)")
        #expect(errorLine.contains("expected a value after '>='"), "\(pane)")
        #expect(pane.bottom == ":magnitude >=")
        #expect(pane.top == top, "the old predicate stays in force")

        session.send("Escape")
        pane = session.waitUntil { $0.bottom == SortingTests.hints }
        #expect(pane.top == top, "\(pane)")
        #expect(!pane.contains("^ "), "\(pane)")
        #expect(pane.rows.map(\.time) == matching.map(\.utcSecond))
    }

    @Test("the place filter and the predicate combine")
    func filterAndPredicate() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let expected = Oracle.week.filter { $0.magnitude! >= 2.5 && $0.place.lowercased().contains("alaska") }
        #expect(expected.count < 37 && !expected.isEmpty)
        session.type(":magnitude >= 2.5")
        session.send("Enter")
        session.waitUntil { $0.top.contains("where magnitude >= 2.5") }
        session.type("/alaska")
        let count = Oracle.count(expected.count)
        let pane = session.waitUntil { $0.top.contains("\(count) of 4,711 quakes") && $0.rows.count == expected.count }
        #expect(pane.top == #" quakes-tui  quakes.sqlite  \#(count) of 4,711 quakes  row 1  filter "alaska"  where magnitude >= 2.5  by time ▼"#, "\(pane)")
        #expect(pane.rows.map(\.time) == expected.sorted { $0.time > $1.time }.map(\.utcSecond))
    }

    @Test("a --where predicate the browser starts with is shown and stays in force under a place filter")
    func startingPredicateSurvivesFilter() throws {
        let session = try TmuxSession(arguments: ["--where", "magnitude >= 5"])
        let strong = Oracle.week.filter { $0.magnitude! >= 5 }
        #expect(strong.count == 27)
        var pane = session.waitUntil { $0.top.contains("27 of 4,711 quakes") && $0.rows.count == 27 }
        #expect(pane.top.contains("27 of 4,711 quakes"), "\(pane)")
        #expect(pane.top.contains("where magnitude >= 5"), "\(pane)")
        session.type("/a")
        let expected = strong.filter { $0.place.lowercased().contains("a") }
        pane = session.waitUntil { $0.top.contains(#"filter "a""#) }
        #expect(pane.top.contains("\(expected.count) of 4,711 quakes"), "\(pane)")
    }

    /// Places the week lacks: accented (precomposed and decomposed), upper case, CJK.
    static let extraFeed = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","id":"zz9000001","properties":{"mag":4.2,"place":"10 km N of Île-de-France","time":1528000000000,"updated":1528000000000,"net":"zz","code":"9000001","title":"M 4.2 - 10 km N of Île-de-France","url":"https://example.org/zz9000001","status":"reviewed","type":"earthquake","magType":"mb"},"geometry":{"type":"Point","coordinates":[2.35,48.95,10.0]}},
        {"type":"Feature","id":"zz9000002","properties":{"mag":3.1,"place":"東京都の近く","time":1528000100000,"updated":1528000100000,"net":"zz","code":"9000002","title":"M 3.1 - 東京都の近く","url":"https://example.org/zz9000002","status":"reviewed","type":"earthquake","magType":"mb"},"geometry":{"type":"Point","coordinates":[139.7,35.7,30.0]}},
        {"type":"Feature","id":"zz9000003","properties":{"mag":2.2,"place":"5 km S of I\\u0302le d'Yeu","time":1528000200000,"updated":1528000200000,"net":"zz","code":"9000003","title":"M 2.2 - 5 km S of I\\u0302le d'Yeu","url":"https://example.org/zz9000003","status":"reviewed","type":"earthquake","magType":"mb"},"geometry":{"type":"Point","coordinates":[-2.35,46.65,5.0]}},
        {"type":"Feature","id":"zz9000004","properties":{"mag":1.9,"place":"3 km W of ILE ROUSSE","time":1528000300000,"updated":1528000300000,"net":"zz","code":"9000004","title":"M 1.9 - 3 km W of ILE ROUSSE","url":"https://example.org/zz9000004","status":"reviewed","type":"earthquake","magType":"mb"},"geometry":{"type":"Point","coordinates":[8.9,42.6,7.0]}}
        ]}
        """

    /// The browser's bad `--where` is said as `list` says it: the parser's
    /// line, then the text with a caret under the bad column (the browser
    /// printed the line alone), before the screen is touched; each names
    /// its own help.
    @Test("a bad --where: the same lines as list's, caret included, exit 64")
    func badWhereShowsTheCaret() throws {
        let bad = "magnitude > 4 AND plase CONTAINS 'x'"
        let folder = TemporaryFolder()
        let run = try PaneCommand(["--db", folder.file("quakes.sqlite"), "--where", bad])
        let (status, output, pane) = run.waitForExit()
        #expect(status == 64, "\(pane)")
        let listed = try runQuakesTUI(["list", "--db", folder.file("quakes.sqlite"), "--where", bad])
        #expect(listed.status == 64)
        let listLines = listed.stderr.split(separator: "\n").map(String.init)
        #expect(output.dropLast() == listLines.dropLast(), "\(pane)")
        #expect(output.count == 4 && output[2].trimmingCharacters(in: .whitespaces).hasPrefix("^"), "\(output)")
        #expect(output.last == "See 'quakes-tui browse --help'." && listLines.last == "See 'quakes-tui list --help'.")
    }
}
