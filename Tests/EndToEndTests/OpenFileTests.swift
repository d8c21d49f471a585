import Foundation
import Testing
import TestSupport

/// `quakes-tui FILE`, `quakes-tui -`, `quakes-tui --db PATH FILE`: the
/// browser on exactly what the file holds, read once into a catalog of the
/// cache folder (XDG_CACHE_HOME, the test's own) and opened from there while
/// the file is unchanged. The bottom line says which happened.
@Suite("Open a file", .timeLimit(.minutes(10)))
struct OpenFileTests {
    let files = TemporaryFolder()
    var cache: String { files.file("cache") }
    var cacheFolder: String { cache + "/quakes-tui" }

    /// The 2014 day fixture (146 quakes) as a USGS CSV.
    func dayCSV(_ name: String = "day.csv") -> String {
        var lines = ["time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,"
                     + "horizontalError,depthError,magError,magNst,status,locationSource,magSource"]
        for quake in Oracle.day2014 {
            let time = quake.utcMilliseconds.replacingOccurrences(of: " ", with: "T") + "Z"
            let place = "\"" + quake.place.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            lines.append([time, "\(quake.latitude)", "\(quake.longitude)", "\(quake.depth)",
                          quake.magnitude.map { "\($0)" } ?? "", "ml", "", "", "", "", "us", quake.id, time, place,
                          "earthquake", "", "", "", "", "reviewed", "us", "us"].joined(separator: ","))
        }
        return files.write(name, lines.joined(separator: "\n") + "\n")
    }

    /// A USGS CSV of `rows` quakes a minute apart, newest first, with
    /// ids of their own: large enough that a debug build reads it for a
    /// few seconds, while the test acts.
    func largeCSV(rows: Int, name: String = "big.csv") -> String {
        var text = "time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,"
            + "horizontalError,depthError,magError,magNst,status,locationSource,magSource\n"
        let start = 1_800_000_000.0
        for row in 0..<rows {
            let time = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: start - Double(row) * 60))
            text += "\(time),\(Double(row % 90)),\(Double(row % 360) - 180),10,\(Double(row % 60) / 10),ml,,,,,zz,zz\(row),"
                + "\(time),\"Place \(row % 500)\",earthquake,,,,,reviewed,zz,zz\n"
        }
        return files.write(name, text)
    }

    /// Every file in the cache folder, by name.
    func cacheFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder)) ?? []).sorted()
    }

    /// The complete catalogs in the cache folder, by file name.
    func cachedCatalogs() -> [String] { cacheFiles().filter { $0.hasSuffix(".sqlite") } }

    /// Wide: an error line naming a temporary folder's file stays one line.
    func session(_ arguments: [String], standardInput: String? = nil, environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession(width: 250, arguments: arguments, environment: environment.merging(["XDG_CACHE_HOME": cache]) { $1 },
                        withCatalog: false,
                        standardInput: standardInput)
    }

    @Test("a CSV opens on its quakes; opened again it is read from the cache; touched, it is read again")
    func openCachedThenTouched() throws {
        let csv = dayCSV()
        #expect(Oracle.day2014.count == 146)
        let session = try session([csv])
        var pane = session.waitUntil { $0.top.contains("quakes") && !$0.top.contains("indexing") && $0.bottom.contains("read ") }
        #expect(pane.top == " quakes-tui  day.csv  146 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.bottom.contains("read 146 quakes from \(csv)"), "\(pane)")
        let newest = Oracle.day2014.max { $0.time < $1.time }!
        #expect(pane.rows.first?.time == newest.utcSecond, "\(pane)")
        session.send("q")
        #expect(session.waitForExit().status == 0)
        let first = cachedCatalogs()
        #expect(first.count == 1 && first[0].hasSuffix(".sqlite"), "\(first)")

        // The second open reads nothing of the file: its bytes replaced by the same number of
        // unreadable ones, its modification time put back, it still opens, from the cache.
        var original = stat()
        #expect(stat(csv, &original) == 0)
        try Data(repeating: UInt8(ascii: "#"), count: Int(original.st_size)).write(to: URL(fileURLWithPath: csv))
        var times = [original.st_atim, original.st_mtim]
        #expect(utimensat(AT_FDCWD, csv, &times, 0) == 0)
        try session.relaunch(arguments: [csv])
        // A first session quit while its indexes were built (a loaded
        // machine) leaves them to this one: `indexing…` until they are.
        pane = session.waitUntil { $0.bottom.contains("from the cache") && !$0.top.contains("indexing") }
        #expect(pane.top == " quakes-tui  day.csv  146 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.bottom.contains("opened day.csv from the cache (146 quakes)"), "\(pane)")
        session.send("q")
        #expect(session.waitForExit().status == 0)
        #expect(cachedCatalogs() == first, "nothing new was made")

        _ = dayCSV()   // its quakes again, written now: a changed file
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: csv)
        try session.relaunch(arguments: [csv])
        pane = session.waitUntil { $0.bottom.contains("read ") }
        #expect(pane.bottom.contains("read 146 quakes from \(csv)"), "\(pane)")
        session.send("q")
        #expect(session.waitForExit().status == 0)
        #expect(cachedCatalogs().count == 2, "\(cacheFiles())")
    }

    @Test("over QUAKES_CACHE_LIMIT the least recently used catalog goes, never the one opened")
    func bound() throws {
        let csv = dayCSV()
        let session = try session([csv], environment: ["QUAKES_CACHE_LIMIT": "1B"])
        session.waitUntil { $0.bottom.contains("read 146 quakes") }
        session.send("q")
        #expect(session.waitForExit().status == 0)
        let first = cachedCatalogs()
        #expect(first.count == 1, "the one opened stays, alone over the bound")
        try session.relaunch(arguments: [Fixture.day2014])
        let pane = session.waitUntil { $0.bottom.contains("read ") }
        #expect(pane.bottom.contains("read 146 quakes from \(Fixture.day2014)"), "\(pane)")
        session.send("q")
        #expect(session.waitForExit().status == 0)
        let second = cachedCatalogs()
        #expect(second.count == 1 && second != first, "\(first) then \(second)")
    }

    @Test("a URL is downloaded as fetch downloads it and read as import reads a file: here gzipped FDSN text")
    func openURL() throws {
        let server = try FeedServer()
        let url = server.url("feed/usgs_all_week_2018-06-14.txt?gzip=1")
        let session = try session([url])
        // The end of the read is said as its last commit is fetched: the count may follow a frame later;
        // its indexes are built from then (`indexing…` until they are).
        let pane = session.waitUntil { $0.top.contains("4,711 quakes") && !$0.top.contains("indexing") && $0.bottom.contains("read ") }
        #expect(pane.top == " quakes-tui  usgs_all_week_2018-06-14.txt  4,711 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.bottom.contains("read 4,711 quakes from \(url)"), "\(pane)")
        #expect(pane.rows.first?.time == Oracle.newestFirst[0].utcSecond)
        session.send("q")
        #expect(session.waitForExit().status == 0)
        #expect(cachedCatalogs().count == 1, "\(cacheFiles())")
    }

    @Test("--db with a file imports into that catalog and keeps it; the cache is not used")
    func openIntoCatalog() throws {
        let csv = dayCSV()
        let db = files.file("kept.sqlite")
        let session = try session(["--db", db, csv])
        let pane = session.waitUntil { $0.top.contains("quakes") && !$0.top.contains("indexing") && $0.bottom.contains("read ") }
        #expect(pane.top == " quakes-tui  day.csv  146 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.bottom.contains("read 146 quakes from \(csv)"), "\(pane)")
        session.send("q")
        #expect(session.waitForExit().status == 0)
        let listed = try runQuakesTUI(["list", "--db", db, "--format", "csv"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.split(separator: "\n").count == 147)
        #expect(cacheFiles().isEmpty, "\(cacheFiles())")
    }

    @Test("- reads standard input (here a GeoJSON file), then the keys come from the terminal")
    func openStandardInput() throws {
        let session = try session(["-"], standardInput: Fixture.week)
        let pane = session.waitUntil { $0.top.contains("4,711 quakes") && !$0.top.contains("indexing") && $0.bottom.contains("read ") }
        #expect(pane.top == " quakes-tui  standard input  4,711 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.bottom.contains("read 4,711 quakes from standard input"), "\(pane)")
        #expect(pane.rows.first?.time == Oracle.newestFirst[0].utcSecond)
        session.send("q")
        #expect(session.waitForExit().status == 0)
        #expect(cachedCatalogs().count == 1, "\(cacheFiles())")
    }

    @Test("a file bad further on: the quakes before it stay shown, marked incomplete; on q its error, exit 1, and nothing in the cache")
    func badFile() throws {
        let good = dayCSV()
        let bad = files.write("bad.csv", "time,latitude\nyesterday,north\n")
        let session = try session([good, bad])
        let pane = session.waitUntil { $0.bottom.hasPrefix("error:") }
        #expect(pane.top == " quakes-tui  day.csv and 1 more  146 quakes  row 1  incomplete  by time ▼", "\(pane)")
        #expect(pane.bottom.hasPrefix("error: \(bad): "), "\(pane)")
        session.send("q")
        let ended = session.waitForExit()
        #expect(ended.status == 1, "\(ended.stty)")
        let lines = ended.stty.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let exitLine = try #require(lines.firstIndex { $0.hasPrefix("EXIT=") })
        let said = lines[..<exitLine].filter { !$0.isEmpty }
        #expect(said.count == 1 && said[0].hasPrefix("error: \(bad): "), "\(said)")
        #expect(cacheFiles().isEmpty, "\(cacheFiles())")
    }

    @Test("Ctrl-C during the read: the quakes read are not kept (said on stderr); opened again, the whole file is read, then from the cache")
    func quitDuringTheRead() throws {
        let csv = largeCSV(rows: 40_000)
        let session = try session([csv])
        let reading = session.waitUntil { $0.top.contains(" of ~") }
        let top = try #require(try Regex(#"^ quakes-tui  big\.csv  [0-9,]+ quakes  row 1  reading big\.csv [0-9,]+ of ~[0-9,]+ \([0-9]+ %\)  by time ▼$"#)
            .wholeMatch(in: reading.top), "\(reading)")
        _ = top
        session.send("C-c")
        let ended = session.waitForExit()
        #expect(ended.status == 0, "\(ended.stty)")
        #expect(ended.stty.contains("stopped reading big.csv before its end: its quakes are not kept; it is read again when opened"),
                "\(ended.stty)")
        #expect(cacheFiles().isEmpty, "\(cacheFiles())")

        try session.relaunch(arguments: [csv])
        // The read's indexes are built from its end (`indexing…` until they are).
        var pane = session.waitUntil(timeout: 120) {
            $0.top.contains("40,000 quakes") && !$0.top.contains("indexing") && $0.bottom.contains("read ")
        }
        #expect(pane.top == " quakes-tui  big.csv  40,000 quakes  row 1  by time ▼", "\(pane)")
        #expect(pane.bottom.contains("read 40,000 quakes from \(csv)"), "\(pane)")
        session.send("q")
        let quit1 = session.waitForExit()
        #expect(quit1.status == 0, "\(quit1.stty)")
        try session.relaunch(arguments: [csv])
        pane = session.waitUntil { $0.bottom.contains("from the cache") }
        #expect(pane.bottom.contains("opened big.csv from the cache (40,000 quakes)"), "\(pane)")
        session.send("q")
        let quit2 = session.waitForExit()
        #expect(quit2.status == 0, "\(quit2.stty)")
    }

    @Test("killed during the read (kill -9): the catalog left is not complete, and the next open reads the file again")
    func killedDuringTheRead() throws {
        let csv = largeCSV(rows: 40_000)
        let session = try session([csv])
        session.waitUntil { $0.top.contains(" of ~") }
        let pid = try #require(session.appPID())
        #expect(kill(pid, SIGKILL) == 0)
        _ = session.waitForExit()
        #expect(cachedCatalogs().count == 1, "the killed read's catalog stays behind: \(cacheFiles())")
        try session.relaunch(arguments: [csv])
        let pane = session.waitUntil(timeout: 120) { $0.top.contains("40,000 quakes") && $0.bottom.contains("read ") }
        #expect(pane.bottom.contains("read 40,000 quakes from \(csv)"), "read again, not opened from the cache: \(pane)")
        session.send("q")
        let quit3 = session.waitForExit()
        #expect(quit3.status == 0, "\(quit3.stty)")
        #expect(cachedCatalogs().count == 1, "\(cacheFiles())")
    }

    @Test("the same new file opened twice at once: the second browser shows what the first reads; nothing is read twice")
    func openedTwiceAtOnce() throws {
        let csv = largeCSV(rows: 40_000)
        let first = try session([csv])
        first.waitUntil { $0.top.contains(" of ~") }
        let second = try session([csv])
        var pane = second.waitUntil { $0.bottom.contains("another quakes-tui") }
        #expect(pane.bottom.contains("another quakes-tui is reading big.csv: its quakes show as they are read"), "\(pane)")
        // Once the first has read the file, one of the two builds the other indexes (`indexing…`).
        pane = second.waitUntil(timeout: 120) { $0.top == " quakes-tui  big.csv  40,000 quakes  row 1  by time ▼" }
        #expect(pane.top == " quakes-tui  big.csv  40,000 quakes  row 1  by time ▼", "\(pane)")
        first.waitUntil(timeout: 120) { $0.bottom.contains("read 40,000 quakes") }
        for session in [second, first] {
            session.send("q")
            let ended = session.waitForExit()
            #expect(ended.status == 0, "\(ended.stty)")
        }
        #expect(cachedCatalogs().count == 1, "\(cacheFiles())")
        try first.relaunch(arguments: [csv])
        pane = first.waitUntil { $0.bottom.contains("from the cache") }
        #expect(pane.bottom.contains("opened big.csv from the cache (40,000 quakes)"), "\(pane)")
        first.send("q")
        _ = first.waitForExit()
    }
}
