import Foundation
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// `quakes-tui map` on the real week: H lines of W characters (coastlines,
/// the graticule's labels, the quakes as symbols of their magnitude class),
/// the legend with a scale bar, then the scale line; braille in a UTF-8
/// locale, ASCII in C; no escapes when stdout is not a terminal, and then
/// no colors: every quake a glyph no coastline uses.
@Suite(.timeLimit(.minutes(10)))
struct MapCommandTests {
    let folder = TemporaryFolder()
    let db: String

    init() throws {
        db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
    }

    func map(_ arguments: [String], locale: String = "C.UTF-8") throws -> CommandResult {
        try runQuakesTUI(["map", "--db", db] + arguments, environment: ["LC_ALL": locale])
    }

    /// DISTANCE() measures from --home, else the config file's home, as in
    /// list: the same quakes (the scale line's count) as list selects.
    @Test func distanceFromHomeAsListMeasuresIt() throws {
        let arguments = ["--where", "DISTANCE() < 50", "--width", "20", "--height", "4"]
        let listed = try runQuakesTUI(["list", "--db", db, "--where", "DISTANCE(\"Anchorage\") < 50", "--format", "csv"])
        let count = listed.stdout.split(separator: "\n").count - 1
        #expect(count > 5)
        let flag = try map(arguments + ["--home", "Anchorage"])
        #expect(flag.status == 0, "\(flag.stderr)")
        #expect(flag.stdout.split(separator: "\n").last.map(String.init) == "\(count) quakes, lat -90…90, lon -180…180")
        try FileManager.default.createDirectory(atPath: folder.file("config/quakes-tui"), withIntermediateDirectories: true)
        _ = folder.write("config/quakes-tui/config.toml", "home = \"Anchorage\"\n")
        let configured = try runQuakesTUI(["map", "--db", db] + arguments,
                                          environment: ["LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": folder.file("config")])
        #expect(configured.stdout == flag.stdout, "\(configured.stderr)")
    }

    /// The map's rows and the legend padded to the width, then the scale line.
    func expected(_ rows: [String], width: Int, scale: String) -> String {
        rows.map { $0 + String(repeating: " ", count: width - $0.count) + "\n" }.joined() + scale + "\n"
    }

    /// The 27 quakes of M 5 or more over the coastlines, 40×10.
    @Test func theWorldInBraille() throws {
        let result = try map(["--where", "magnitude >= 5", "--width", "40", "--height", "10"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == expected([
            "      120°W⣶⣶60°W⣲⠖⠲0°⠭⠍⠩⢭60°E⣶⣶⣖120°E",
            "60°N⢭⡍⠍⠝⠍⢿⣿⡿⡿⣏⠧⠖⡯⠟⠏⣭⢵⣾⣿⠝⠟⠏⠍⠝⠇⠅⠄⠄⣄⣅⣍⣽⠾⣭⡭⠽",
            "⠉⠉⠁  ⢹⣏   ⠈⣡⠾⠛⠂ ⣹⣀⣨⣿⣭⣾⣤⣶⣦⣶⠌    ⠸⢥⣥⡤⣿⡶●⠉⠉",
            "  ●   ⠈⢷⣄⣖⣲⣏⣀⣁⢠⠏⠁ ⡜⠉⠁⠙⠋⠻⣍⠳⣮⢾⡑⣲⣶⢰⣯⣿●●⡄",
            "      ⠈ ⢯⣙⣻●⠟⠿⡝⠦⣄⡀⡣⡤⢥⡀ ⣠⢟⡿⢯⡀⠻⠅⣿⣿⣣⣿⣦⠾⣇",
            "●⠁⠁⠁⠁⠁⠉⣱⠋⠁⠙⣧⣅⠁⠉⢹⠇⠉⣿⠁⠉⡧⠁⢳⣯●⠉⡝⠛⠉●⠻⠿⢿⡿⣿●●●⣥",
            "●     ⠈⣷⣀  ⢨⡏⣁⡴⠋  ⣾ ⠁⢹⣰⣿⠙⢃⡨⠟⣦   ⢸⣉⣀⡀⢙⠆●⣋",
            "⠁   ⢀⡀⢈⡼⠈⠙⠒●⡴⣋⣀⡀  ⠧⣄⣁⣀⣀⡼⠛⠉⠈⢠⠘⠒⠲⠤⣤⣥⣄⣈⠋⢀⡴⠛",
            "60°S⠋⠋⠋⠂⢂⡂⠂⢊⣿⡷⠒⠛⠛⠓⢋⣋⣋⣂⣂⣂⣂⡦⢮⣆⣂⡦⠦⠦⠦⠧⠦⠮⣟⣚⣲⡦",
            "⠤⠴⠶⡾⠍⠉⠉⠉⠉⠉⠉⠛⠿⠷⠶⠦⠒⠉⠉ ⠁     ⠈⠈     ⠁   ⠰⠿⠥",
            "M ·<4 •4 ●5 ◉6 ■7   ├────────┤ 10,000 km",
        ], width: 40, scale: "27 quakes, lat -90…90, lon -180…180"))
    }

    @Test func theSameMapOutsideUTF8() throws {
        let result = try map(["--where", "magnitude >= 5", "--width", "40", "--height", "10"], locale: "C")
        #expect(result.status == 0)
        #expect(result.stdout == expected([
            "      120 W..60 W...0 ....60 E...120 E",
            "60 N..........................  ........",
            "...  ..   ..... ...........    ......&..",
            "  &   ........... ................&&.",
            "        ...&.......... ..............",
            "&      .. ... ..... .. ..& ...&.....&&&.",
            "&      ..  .....  .  ........   ......&.",
            ".   .......&....  ........ .............",
            "60 S... .. .............................",
            "...................        .         ...",
            "M *<4 %4 &5 $6 #7   |--------| 10,000 km",
        ], width: 40, scale: "27 quakes, lat -90..90, lon -180..180"))
    }

    /// Fiji to Tonga, across 180°: the region's quakes and Fiji's coast,
    /// the view widened to true proportions at 20°S; the scale line is
    /// whole though the map is narrower.
    @Test func aRegionAcrossTheAntimeridian() throws {
        let result = try map(["--where", "place CONTAINS[cd] 'fiji' OR place CONTAINS[cd] 'tonga'",
                              "--region", "-30,-10,170,-170", "--width", "20", "--height", "5"])
        #expect(result.status == 0)
        #expect(result.stdout == expected([
            "⠙⠛⠒Mata-Utu◆ ◆Apia",
            "   ⢸⣧⠈⢸⡤⣬⣿•••●⠁",
            "⠐ ⢠⣤⣿⡆⢸⣰⡏⠋••⣋⠇⠘    ⣀",
            "   ⠈⠁⠙⠚⠁   ⡞⡞",
            "          ⣸⢰⠃",
            "       ├──┤ 1,000 km",
        ], width: 20, scale: "7 quakes, lat -30…-10, lon 158.72…-158.72"))
        let all = try map(["--region", "-30,-10,170,-170", "--width", "20", "--height", "5"])
        // The view widened to the pane's proportions at 20°S (the scale line says so).
        #expect(all.stdout.hasSuffix("\n14 quakes, lat -30…-10, lon 158.72…-158.72\n"),
                "Fiji and Tonga's quakes and the others in the widened view")
        let world = try map(["--width", "20", "--height", "5"])
        #expect(world.stdout.hasSuffix("\n4,711 quakes, lat -90…90, lon -180…180\n"))
        #expect(world.stdout.split(separator: "\n").count == 7, "5 rows of map, the legend, the scale line")
    }

    /// Without colors (stdout a file) every quake is a glyph no coastline,
    /// plate boundary or label uses: the cells showing `·` `•` `●` `◉` `■`
    /// (events) or `░▒▓█` (density), in ASCII `*` `%` `&` `$` `#` or
    /// `:=%#` (never a letter or digit of the ticks' labels), are exactly
    /// those the projection's formula puts the week's quakes in (the world
    /// fills 40×10 cells: 80×40 dots of 4.5° each way).
    @Test(arguments: [("events", "·•●◉■", "C.UTF-8"), ("density", "░▒▓█", "C.UTF-8"),
                      ("events", "*%&$#", "C"), ("density", ":=%#", "C")])
    func withoutColorsEveryQuakeShows(style: String, glyphs: String, locale: String) throws {
        let result = try map(["--width", "40", "--height", "10", "--style", style], locale: locale)
        #expect(result.status == 0, "\(result.stderr)")
        var shown = Set<[Int]>()
        for (row, line) in result.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(10).enumerated() {
            for (column, character) in line.enumerated() where glyphs.contains(character) { shown.insert([column, row]) }
        }
        var expected = Set<[Int]>()
        let catalog = try QuakeCatalog(path: db)
        try ResultsController(catalog).fetchNow().forEachRow { _, quake in
            let x = min(79, max(0, Int(((quake.longitude + 180) / 360 * 80).rounded(.down))))
            let y = min(39, max(0, Int(((90 - quake.latitude) / 180 * 40).rounded(.down))))
            expected.insert([x / 2, y / 4])
        }
        #expect(shown.count > 50)
        #expect(shown == expected)
    }

    /// Density without colors: each lit cell's shade is the class its count
    /// falls in, by the legend's own bounds, with the counts made here from
    /// the week's rows and the projection's formula (80×20 cells: 160×80
    /// dots of 2.25° each way).
    @Test func densityShadesAreTheClassesOfCountsMadeIndependently() throws {
        let result = try map(["--width", "80", "--height", "20", "--style", "density"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let legend = try #require(lines.first { $0.hasPrefix("quakes per cell ") })
        // "░1–9 ▒10–99 ▓100–999 █1,000+": each shade's lowest count.
        // (the scale bar follows on the same line: its words are not shades).
        let classes: [(shade: Character, from: Int)] = legend.dropFirst("quakes per cell ".count).split(separator: " ")
            .compactMap { word in
                guard let shade = word.first, "░▒▓█".contains(shade) else { return nil }
                let digits = word.dropFirst().prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
                return Int(String(digits)).map { (shade, $0) }
            }
        #expect(classes.count >= 2, "\(legend)")
        var counts: [[Int]: Int] = [:]
        let catalog = try QuakeCatalog(path: db)
        try ResultsController(catalog).fetchNow().forEachRow { _, quake in
            let x = min(159, max(0, Int(((quake.longitude + 180) / 360 * 160).rounded(.down))))
            let y = min(79, max(0, Int(((90 - quake.latitude) / 180 * 80).rounded(.down))))
            counts[[x / 2, y / 4], default: 0] += 1
        }
        #expect(counts.values.reduce(0, +) == 4711)
        for (cell, count) in counts {
            let expected = try #require(classes.last { $0.from <= count }).shade
            let line = Array(lines[cell[1]])
            #expect(line[cell[0]] == expected, "cell \(cell): \(count) quakes")
        }
    }

    /// `--style` and `--color-by`: density's legend, events by depth (the
    /// depth legend only in color), and a value that is neither is refused.
    @Test func styleAndColoringOptions() throws {
        let density = try map(["--width", "80", "--height", "15", "--style", "density"])
        #expect(density.stdout.contains("\nquakes per cell ░1–9 ▒10–99 ▓100–999 █1,000+"), "\(density.stdout)")
        let plain = try map(["--width", "80", "--height", "15", "--style", "density"], locale: "C")
        #expect(plain.stdout.contains("\nquakes per cell :1-9 =10-99 %100-999 #1,000+ "), "\(plain.stdout)")
        let events = try map(["--width", "60", "--height", "15", "--style", "events", "--color-by", "depth"])
        #expect(events.status == 0 && events.stdout.contains("\nM ·<4 •4 ●5 ◉6 ■7 "))
        let bad = try map(["--style", "dots"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("error: the value 'dots' is invalid for '--style <auto|density|events>'"), "\(bad.stderr)")
    }

    /// The config file's `cell-aspect`: square cells draw the world twice
    /// as tall in the same width (40×20 instead of 40×10).
    @Test func theConfigFilesCellAspect() throws {
        try FileManager.default.createDirectory(atPath: folder.file("aspect/quakes-tui"), withIntermediateDirectories: true)
        _ = folder.write("aspect/quakes-tui/config.toml", "cell-aspect = 1\n")
        let square = try runQuakesTUI(["map", "--db", db, "--width", "40", "--height", "20"],
                                      environment: ["LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": folder.file("aspect")])
        #expect(square.status == 0, "\(square.stderr)")
        let lines = square.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(20).allSatisfy { $0.count == 40 } && lines[20].contains("10,000 km"), "the world fills all 20 rows")
        _ = folder.write("aspect/quakes-tui/config.toml", "cell-aspect = 9\n")
        let bad = try runQuakesTUI(["map", "--db", db], environment: ["LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": folder.file("aspect")])
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: config \(folder.file("aspect"))/quakes-tui/config.toml: 'cell-aspect' must be a number between 1 and 4: a character cell's height over its width, such as 2\n")
    }

    @Test func badPredicatesRegionsAndSizesAreUsageErrors() throws {
        let hint = "See 'quakes-tui map --help'.\n"
        let predicate = try map(["--where", "magnitude >= 4 AND plase CONTAINS 'x'"])
        #expect(predicate.status == 64)
        #expect(predicate.stdout == "")
        #expect(predicate.stderr == """
            error: --where: 1:20: unknown key 'plase' (did you mean 'place'?)
              magnitude >= 4 AND plase CONTAINS 'x'
                                 ^
            See 'quakes-tui map --help'.

            """)
        let region = try map(["--region", "10,0,0,1"])
        #expect(region.status == 64)
        #expect(region.stderr == "error: --region: north must be above south by at least 0.05°\n" + hint)
        let words = try map(["--region", "alaska"])
        #expect(words.status == 64)
        #expect(words.stderr == "error: --region: expected S,N,W,E (four numbers, degrees), found 'alaska'\n" + hint)
        let width = try map(["--width", "0"])
        #expect(width.status == 64)
        #expect(width.stderr == "error: --width must be between 1 and 1000\n" + hint)
        // ArgumentParser's own refusal, said the same way.
        let height = try map(["--height", "tall"])
        #expect(height.status == 64)
        #expect(height.stderr == "error: the value 'tall' is invalid for '--height <height>'\n" + hint)
    }
}
