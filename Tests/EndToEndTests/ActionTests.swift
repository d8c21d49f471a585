import Foundation
import Testing
import TestSupport

/// Details, deleting and help, in the real binary.
@Suite("Details, delete and help", .timeLimit(.minutes(10)))
struct ActionTests {
    @Test("Enter shows the selected quake's details; j the next one; Esc returns to the table")
    func details() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let newest = Oracle.newestFirst[0], second = Oracle.newestFirst[1]

        session.send("Enter")
        var pane = session.waitUntil { $0.detail("Id") != nil && $0.bottom.hasPrefix("Esc back") }
        #expect(pane.detail("Id") == newest.id, "\(pane)")
        #expect(pane.detail("Id") == "hv70264586")
        #expect(pane.lines[1] == " " + newest.title)
        #expect(pane.detail("UTC") == newest.utcMilliseconds)
        #expect(pane.detail("UTC") == "2018-06-14 09:12:13.010")
        // TZ=UTC: the local time is the UTC time.
        #expect(pane.detail("Time")?.hasPrefix(newest.utcSecond + " ") == true, "\(pane)")
        #expect(pane.detail("Place") == newest.place)
        #expect(pane.detail("Magnitude") == String(format: "%.2f", newest.magnitude!) + " ml")
        #expect(pane.detail("URL") == newest.url)
        #expect(pane.detail("URL") == "https://earthquake.usgs.gov/earthquakes/eventpage/hv70264586")
        #expect(pane.bottom == "Esc back  j/k next/previous quake  m merge")
        #expect(pane.label("Time") == nil, "the details cover the header")

        session.send("j")
        pane = session.waitUntil { $0.detail("Id") == second.id }
        #expect(pane.detail("Id") == second.id, "\(pane)")
        #expect(pane.detail("UTC") == second.utcMilliseconds)

        session.send("Escape")
        pane = session.waitUntil { $0.label("Time") != nil && $0.bottom == SortingTests.hints }
        #expect(pane.label("Time") == "1 Time ▼", "\(pane)")
        #expect(pane.detail("Id") == nil)
        #expect(pane.bottom == SortingTests.hints)
        #expect(pane.rows.count == 37)
        #expect(pane.rows.first?.time == newest.utcSecond)
    }

    @Test("d asks first: n keeps the quake, y deletes it from the screen and the catalog")
    func delete() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let newest = Oracle.newestFirst[0], second = Oracle.newestFirst[1]

        session.send("d")
        var pane = session.waitUntil { $0.bottom.hasPrefix("Delete ") }
        #expect(pane.bottom == "Delete \(newest.title)? y/n", "\(pane)")
        #expect(pane.bottom == "Delete M 2.9 - 5km SW of Volcano, Hawaii? y/n")
        session.send("n")
        pane = session.waitUntil { $0.bottom == "not deleted" }
        #expect(pane.bottom == "not deleted", "\(pane)")
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼")

        session.send("d")
        session.waitUntil { $0.bottom.hasPrefix("Delete ") }
        session.send("y")
        pane = session.waitUntil { $0.top.contains("  4,710 quakes") && $0.rows.first?.time == second.utcSecond }
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,710 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.bottom == "deleted \(newest.title)")
        #expect(pane.rows.first?.time == second.utcSecond)
        #expect(!pane.rows.contains { Oracle.quakes(shownAs: $0).contains(newest) }, "\(pane)")
        session.send("Enter")
        pane = session.waitUntil { $0.detail("Id") != nil }
        #expect(pane.detail("Id") == second.id, "the selection moved to the next quake")

        let list = try runQuakesTUI(["list", "--db", session.db, "--format", "csv"])
        #expect(list.status == 0)
        let ids = list.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
        #expect(ids.count == 4710)
        #expect(!ids.contains(newest.id))
        #expect(Set(ids) == Set(Oracle.week.map(\.id)).subtracting([newest.id]))
    }

    @Test("o refuses a feed's file:// address in the bottom line; an https link is xdg-open's one argument")
    func openOnlyWebLinks() throws {
        let folder = TemporaryFolder()
        // A stand-in xdg-open, first on PATH: it writes down its arguments.
        let log = folder.file("xdg-open.log")
        try FileManager.default.createDirectory(atPath: folder.file("bin"), withIntermediateDirectories: true)
        let script = folder.write("bin/xdg-open", "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done >> '\(log)'\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let feed = folder.write("link.geojson", singleQuakeFeed(id: "zz0001", place: "Link Test", magnitude: 2.5,
                                                               time: 1_528_970_000_000, url: "file:///etc/passwd"))
        let path = folder.file("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let session = try TmuxSession(extraImports: [feed], environment: ["DISPLAY": ":99", "PATH": path])
        session.waitForTable()

        session.send("o")
        var pane = session.waitUntil { $0.bottom.hasPrefix("error: ") }
        #expect(pane.bottom == "error: not opening file:///etc/passwd: only http and https links are opened", "\(pane)")
        session.send("j", "o")
        let newest = "https://earthquake.usgs.gov/earthquakes/eventpage/hv70264586"
        pane = session.waitUntil { $0.bottom.hasPrefix("opening ") }
        #expect(pane.bottom == "opening \(newest)", "\(pane)")
        var opened = ""
        for _ in 0..<300 where opened.isEmpty {
            opened = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if opened.isEmpty { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(opened == "[\(newest)]\n", "xdg-open was given the link alone, never the file")
    }

    @Test("? shows every key; any key closes the help, even q, without acting")
    func help() throws {
        let session = try TmuxSession()
        session.waitForTable()
        session.send("?")
        var pane = session.waitUntil { $0.contains(" Keys ") }
        let keys: [(String, String)] = [
            ("↑ ↓ j k  wheel", "move; click: select (on the map: the nearest)"),
            ("PgUp PgDn g G", "page (Space, Ctrl-B); first / last"),
            ("← → h l  - +", "column cursor; - hides its column, + adds more"),
            ("0-9, a header", "sort by column (again: reverse); 0: Dist (home)"),
            ("[ ]  < >", "sort the cursor's column up / down; < > move it"),
            ("z 1-9, z[ z]", "add a secondary sort key"),
            ("/  Ctrl-F n N", "filter places; find one (no filter), n N next"),
            (":", "predicate, e.g. magnitude >= 4.5 AND depth < 10"),
            ("s  A  D  T", "sections day/mag/net/seq; A sequence; T tree"),
            ("⏎  Tab x m", "details (Esc back); origin, split it off, merge"),
            ("d  x =", "delete (asks first); x cross-section, = stretch"),
            ("e  F", "export (.csv .json .geojson); F column's values"),
            ("r  C", "refresh: sources, else feed; C newest change"),
            ("m  Tab  c M O", "map: over/alone/off; Tab map; c charts, M Mc"),
            ("+ - arrows 0 .", "map: zoom at the selection, pan, fit, centre"),
            ("R  v V L", "map: region only (again: off); style, colors, layers"),
            ("w  '  Ctrl-P", "save a view; ' saved views; Ctrl-P every command"),
            ("t  o  y", "times UTC/local; open the event page; copy URL"),
            ("u Ctrl-R  ?  q", "undo / redo a query change; this help; quit"),
        ]
        for (key, effect) in keys {
            let pattern = "  " + NSRegularExpression.escapedPattern(for: key) + " +" + NSRegularExpression.escapedPattern(for: effect) + "  "
            #expect(pane.lines.contains { $0.range(of: pattern, options: .regularExpression) != nil },
                    "help line for \(key): \(effect)\(pane)")
        }
        #expect(pane.contains("any key closes"))

        session.send("q")
        pane = session.waitUntil { !$0.contains(" Keys ") }
        #expect(!pane.contains(" Keys "), "\(pane)")
        #expect(!pane.contains("EXIT="), "q closed the help, it did not quit")
        #expect(pane.top == " quakes-tui  quakes.sqlite  4,711 quakes  row 1  by time ▼")
        #expect(pane.rows.count == 37)
        #expect(pane.bottom == SortingTests.hints)
    }
}

extension Pane {
    /// The value of a detail-view line (` Id            hv70264586`): the
    /// label in columns 1–14, the value from column 15.
    func detail(_ label: String) -> String? {
        lines.first { Pane.cells($0, from: 0, width: 15).trimmingCharacters(in: .whitespaces) == label }
            .map { Pane.cells($0, from: 15, width: 1000) }
    }
}
