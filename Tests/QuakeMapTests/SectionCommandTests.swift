import Foundation
import QuakeStore
import Testing
import TestSupport

/// Cross-sections against GMT's `project` (Tests/Fixtures/gmt-project: its
/// output for the real M4.5+ month's quakes near four lines, across the
/// antimeridian, over the North Pole, round the Scotia arc, across Chile,
/// and for the real week's quakes north of 64.5° near a line from Alaska
/// over the North Pole), and against GMT itself, run here (`make test`
/// installs Debian's `gmt`).
@Suite(.timeLimit(.minutes(10)))
struct SectionCommandTests {
    /// A fixture file: the line and each quake's GMT placement.
    struct GMTProjection {
        let start: (latitude: Double, longitude: Double)
        let end: (latitude: Double, longitude: Double)
        let quakes: [(id: String, latitude: Double, longitude: Double, along: Double, offset: Double)]

        init(_ name: String) throws {
            let text = try String(contentsOfFile: Fixture.path("gmt-project/\(name).txt"), encoding: .utf8)
            let command = try #require(text.split(separator: "\n").first)
            let match = try #require(command.firstMatch(of: #/-C([-\d.]+)/([-\d.]+) -E([-\d.]+)/([-\d.]+)/#))
            start = (Double(match.2)!, Double(match.1)!)
            end = (Double(match.4)!, Double(match.3)!)
            quakes = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                let f = line.split(separator: "\t").map(String.init)
                return (f[0], Double(f[2])!, Double(f[1])!, Double(f[4])!, Double(f[5])!)
            }
        }

        /// The quakes GMT places within `halfWidth` km and between A and A′, in order along the line.
        func inSection(halfWidth: Double) -> [(id: String, latitude: Double, longitude: Double, along: Double, offset: Double)] {
            let length = Profile(start: start, end: end, halfWidthKilometres: halfWidth).lengthKilometres
            return quakes.filter { abs($0.offset) <= halfWidth && $0.along >= 0 && $0.along <= length }.sorted { $0.along < $1.along }
        }
    }

    /// A new catalog in `folder` holding the fixture file `fixture`.
    static func catalog(of fixture: String, in folder: TemporaryFolder) throws -> String {
        let db = folder.file("q.sqlite")
        let imported = try runQuakesTUI(["import", "--db", db, fixture])
        #expect(imported.status == 0, "\(imported.stderr)")
        return db
    }

    /// `section -f csv`'s rows (header dropped) are `expected`'s quakes, each along and off the line as GMT puts it (to 1 m).
    static func expectPlacements(_ rows: [[String]], _ expected: [(id: String, latitude: Double, longitude: Double, along: Double, offset: Double)],
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(rows.map { $0[0] } == expected.map(\.id), sourceLocation: sourceLocation)
        for (row, quake) in zip(rows, expected) {
            #expect(abs(Double(row[6])! - quake.along) < 0.001 && abs(Double(row[7])! - quake.offset) < 0.001, "\(row)",
                    sourceLocation: sourceLocation)
        }
    }

    static let lines = ["antimeridian", "over-the-pole", "scotia", "chile", "alaska-over-the-pole"]

    /// GMT, run now on each fixture's quakes with its command, prints what
    /// the fixture recorded: the recorded numbers are GMT's (6.4.0 made
    /// them; the version here is in the message).
    @Test(arguments: lines)
    func gmtProjectGivesTheRecordedPlacements(_ name: String) throws {
        let version = try runProgram("gmt", ["--version"])
        guard version.status == 0 else {
            Issue.record("gmt is not installed (make test installs Debian's gmt): \(version.stderr)")
            return
        }
        let text = try String(contentsOfFile: Fixture.path("gmt-project/\(name).txt"), encoding: .utf8)
        let command = try #require(text.split(separator: "\n").first?.firstMatch(of: #/gmt project (-C\S+) (-E\S+) -Q -Fxyzpq/#))
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
        let input = rows.map { $0[1...3].joined(separator: "\t") }.joined(separator: "\n") + "\n"
        let folder = TemporaryFolder()
        let run = try runProgram("gmt", ["project", folder.write("input.txt", input), String(command.1), String(command.2), "-Q", "-Fxyzpq"])
        #expect(run.status == 0, "\(run.stderr)")
        let placed = run.stdout.split(separator: "\n").map { $0.split(separator: "\t").compactMap { Double($0) } }
        #expect(placed.count == rows.count)
        for (row, gmt) in zip(rows, placed) {
            #expect(gmt.count == 5 && abs(gmt[3] - Double(row[4])!) < 1e-6 && abs(gmt[4] - Double(row[5])!) < 1e-6,
                    "\(name) \(row[0]): GMT \(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) prints \(gmt)")
        }
    }

    @Test(arguments: lines)
    func eachQuakeIsPlacedAsGMTProjectPlacesIt(_ name: String) throws {
        let gmt = try GMTProjection(name)
        let profile = Profile(start: gmt.start, end: gmt.end, halfWidthKilometres: 100)
        #expect(gmt.quakes.count >= 6)
        for quake in gmt.quakes {
            let placed = profile.place(latitude: quake.latitude, longitude: quake.longitude)
            // GMT prints 12 digits; the positions hold 4 decimals (11 m): a metre is agreement.
            #expect(abs(placed.along - quake.along) < 0.001 && abs(placed.offset - quake.offset) < 0.001,
                    "\(quake.id): \(placed) against GMT's \(quake.along), \(quake.offset)")
        }
    }

    /// The box the catalog is asked for holds every quake GMT puts in the section.
    @Test(arguments: lines)
    func theBoxReadHoldsEveryQuakeOfTheSection(_ name: String) throws {
        let gmt = try GMTProjection(name)
        for halfWidth in [20.0, 300, 1000] {
            let profile = Profile(start: gmt.start, end: gmt.end, halfWidthKilometres: halfWidth)
            let box = profile.box
            for quake in gmt.quakes where abs(quake.offset) <= halfWidth && quake.along >= 0 && quake.along <= profile.lengthKilometres {
                #expect(box.latitudes.contains(quake.latitude) && box.longitudes.contains { $0.contains(quake.longitude) },
                        "\(name) ±\(halfWidth): \(quake.id) at \(quake.latitude), \(quake.longitude) outside \(box)")
            }
        }
    }

    /// Over the North Pole: the section from Alaska (64° N, 150° W) to 78° N,
    /// 30° E holds exactly the quakes GMT places there, Alaska's at its start
    /// and the M4.4 north of Svalbard beyond the pole, in order along the line.
    @Test func theSectionOverThePoleHoldsTheQuakesGMTPutsThere() throws {
        let folder = TemporaryFolder()
        let db = try Self.catalog(of: Fixture.week, in: folder)
        let expected = try GMTProjection("alaska-over-the-pole").inSection(halfWidth: 400)
        #expect(expected.count >= 24 && expected.last?.id == "us1000ems1")
        let result = try runQuakesTUI(["section", "--db", db, "--profile", "64,-150:78,30", "--half-width", "400", "-f", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectPlacements(result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }, expected)
    }

    /// `section --format csv`: exactly the quakes GMT places within the
    /// half-width and between A and A′, in order along the line.
    @Test func theCommandPrintsTheQuakesGMTPutsInTheSection() throws {
        let folder = TemporaryFolder()
        let db = try Self.catalog(of: Fixture.month2014, in: folder)
        let expected = try GMTProjection("antimeridian").inSection(halfWidth: 300)
        #expect(expected.count == 21)
        let result = try runQuakesTUI(["section", "--db", db, "--profile=-15,178:-25,-176", "--half-width", "300", "-f", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        #expect(rows.first == ["id", "time", "magnitude", "latitude", "longitude", "depth_km", "along_km", "offset_km"])
        Self.expectPlacements(Array(rows.dropFirst()), expected)
        // A selection is read the other way (the predicate's plan, each row
        // placed as read): the same quakes, those the predicate keeps.
        let filtered = try runQuakesTUI(["section", "--db", db, "--profile=-15,178:-25,-176", "--half-width", "300", "-f", "csv",
                                         "--where", "magnitude >= 5"])
        let strong = rows.dropFirst().filter { Double($0[2]).map { $0 >= 5 } ?? false }
        #expect(strong.count > 0 && strong.count < expected.count)
        #expect(filtered.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) } == Array(strong))
        let table = try runQuakesTUI(["section", "--db", db, "--profile=-15,178:-25,-176", "--half-width", "300", "--width", "90",
                                      "--height", "18"], environment: ["LC_ALL": "C.UTF-8"])
        let lines = table.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "A -15.000, 178.000 → A′ -25.000, -176.000: 1275.9 km, ±300 km: 21 quakes; depth km down", "\(table.stdout)")
        #expect(lines.count == 20 && lines[1].hasPrefix("   0┤") && lines[17].hasPrefix("    └┬"), "\(table.stdout)")
        // Every quake is M4.5 or more: drawn as the map's symbols (• M4, ● M5), one a cell, some cells shared.
        let plot = lines[1...16].map { $0.dropFirst(5) }
        let cells = plot.reduce(0) { $0 + $1.filter { "•●◉■".contains($0) }.count }
        #expect(cells <= 21 && cells >= 15, "one symbol a cell of quakes: \(cells)")
        #expect(plot.allSatisfy { $0.allSatisfy { " •●◉■".contains($0) } }, "no dot below M4 in a 4.5+ catalog: \(table.stdout)")
        // The deepest, usb000n0uz at 626.6 km, on the row of 600 km's tick.
        #expect(lines[13].hasPrefix(" 600┤") && lines[13].contains("•"), "\(table.stdout)")
    }

    @Test func aBadLineIsAUsageErrorNamingIt() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.month2014]).status == 0)
        let cases: [([String], String)] = [
            (["--profile", "35,-118"], "--profile must be LAT,LON:LAT,LON, not '35,-118'"),
            (["--profile", "95,0:10,10"], "--profile: 95.0,0.0 is not a place (latitude −90…90, longitude −180…180)"),
            (["--profile", "10,10:10,10"], "--profile: A and A′ must be at least 1 km apart and not opposite each other"),
            (["--profile", "10,10:20,20", "--half-width", "0"], "--half-width must be more than 0 and at most 2000 km"),
            // The formats it offers are the ones it writes.
            (["--profile", "10,10:20,20", "--format", "geojson"], "'geojson'"),
        ]
        for (arguments, message) in cases {
            let result = try runQuakesTUI(["section", "--db", db] + arguments)
            #expect(result.status == 64 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let help = try runQuakesTUI(["section", "--help"])
        #expect(help.stdout.contains("(values: table, csv, json") && !help.stdout.contains("geojson"), "\(help.stdout)")
    }
}
