import Foundation
import TestSupport
import Testing

/// `list` with DISTANCE: the distance column a DISTANCE sort key adds (in
/// the table, CSV and JSON), `--home` and the config file's `home`, and the
/// errors when a place or a home is missing.
@Suite struct ListDistanceTests {
    let folder = TemporaryFolder()
    let db: String
    static let anchorage = (latitude: 61.21806, longitude: -149.90028)

    init() throws {
        db = folder.file("q.sqlite")
        let result = try runQuakesTUI(["import", "--db", db, Fixture.week])
        #expect(result.status == 0)
    }

    func list(_ arguments: [String], config: String? = nil) throws -> CommandResult {
        var environment = ["XDG_CONFIG_HOME": folder.file("config")]
        if let config {
            try FileManager.default.createDirectory(atPath: folder.file("config/quakes-tui"), withIntermediateDirectories: true)
            _ = folder.write("config/quakes-tui/config.toml", config)
            environment["XDG_CONFIG_HOME"] = folder.file("config")
        }
        return try runQuakesTUI(["list", "--db", db] + arguments, environment: environment)
    }

    @Test func theTableShowsTheDistanceOfADistanceSort() throws {
        let result = try list(["--where", "DISTANCE(\"Anchorage\") < 30", "--sort", "DISTANCE(\"Anchorage\")", "--limit", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            TIME (UTC)           MAG   DEPTH   DISTANCE  PLACE
            2018-06-10 12:12:54   2.1    34.2       21.2  14km SSW of Big Lake, Alaska
            2018-06-08 07:51:38   1.3   142.8       21.2  21km W of Anchorage, Alaska
            2018-06-10 12:33:15   1.3    33.3       23.0  12km SSW of Big Lake, Alaska

            """)
    }

    @Test func csvAndJSONCarryTheDistanceInKilometres() throws {
        let csv = try list(["--sort", "DISTANCE(61.21806, -149.90028),-magnitude", "--format", "csv", "--limit", "50"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(lines.first?.last == "distance")
        var previous = 0.0
        for line in lines.dropFirst() {
            let latitude = Double(line[line.count - 7])!, longitude = Double(line[line.count - 6])!
            let distance = Double(line[line.count - 1])!
            let oracle = oracleKilometres(latitude, longitude, Self.anchorage.latitude, Self.anchorage.longitude)
            #expect(abs(distance - oracle) < 0.001)
            #expect(distance >= previous, "nearest first")
            previous = distance
        }
        let json = try list(["--sort", "-DISTANCE(0,0)", "--format", "json", "--limit", "1"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect((objects.first?["distance"] as? Double).map { $0 > 15_000 } == true, "\(json.stdout)")
    }

    @Test func homeComesFromTheFlagOrTheConfigFile() throws {
        let arguments = ["--where", "DISTANCE() < 30", "--sort", "DISTANCE()", "--format", "csv"]
        let flag = try list(arguments + ["--home", "Anchorage"])
        #expect(flag.status == 0, "\(flag.stderr)")
        #expect(flag.stdout.split(separator: "\n").count == 4, "a header and three quakes: \(flag.stdout)")
        #expect(try list(arguments + ["--home", "61.21806,-149.90028"]).stdout == flag.stdout)
        #expect(try list(arguments, config: "home = \"anchorage\"\n").stdout == flag.stdout)
        #expect(try list(arguments, config: "home = [61.21806, -149.90028]\n").stdout == flag.stdout)
        // A southern or western home is a value, not an option.
        let south = try list(arguments + ["--home", "-33.87,151.21"])
        #expect(south.status == 0, "\(south.stderr)")
        #expect(south.stdout == (try list(arguments + ["--home=-33.87,151.21"])).stdout)
        // The flag wins over the file.
        #expect(try list(arguments + ["--home", "Anchorage"], config: "home = \"Tokyo\"\n").stdout == flag.stdout)
    }

    /// A sort key's predicate error is a usage error like an unknown key's,
    /// its column and caret counted in the whole --sort text.
    @Test func anUnknownPlaceInASortKeyHasACaretUnderIt() throws {
        let result = try list(["--sort", #" -magnitude, DISTANCE("Tokio")"#])
        #expect(result.status == 64)
        #expect(result.stderr == #"""
            error: --sort: 1:23: unknown place "Tokio"; closest: "Tokyo" (JP), "Toki" (JP), "Takeo" (KH)
               -magnitude, DISTANCE("Tokio")
                                    ^
            See 'quakes-tui list --help'.

            """#, "\(result.stderr)")
    }

    @Test func aMissingHomeOrPlaceIsOneErrorLine() throws {
        let noHome = try list(["--where", "DISTANCE() < 30"])
        #expect(noHome.status == 64)
        #expect(noHome.stderr == """
            error: --where: 1:1: DISTANCE() measures from home, and no home is set (home in the config file, or --home)
              DISTANCE() < 30
              ^
            See 'quakes-tui list --help'.

            """)
        let badHome = try list(["--where", "DISTANCE() < 30"], config: "home = \"Xyzzyville\"\n")
        #expect(badHome.status == 1)
        #expect(badHome.stderr.hasPrefix("error: config \(folder.file("config"))/quakes-tui/config.toml: 'home': unknown place \"Xyzzyville\"; closest: "))
        let outside = try list(["--sort", "time"], config: "home = [95, 0]\n")
        #expect(outside.status == 0, "a command that measures nothing reads no home")
        let badFlag = try list(["--home", "Xyzzyville"])
        #expect(badFlag.status == 64)
        #expect(badFlag.stderr.hasPrefix("error: --home: unknown place \"Xyzzyville\""))
        #expect(badFlag.stderr.hasSuffix("\nSee 'quakes-tui list --help'.\n"))
    }

    /// A 16,000-character place took 16 s to suggest for, a long `home` hours.
    @Test(.timeLimit(.minutes(10))) func aPlaceNameTooLongIsOneErrorLine() throws {
        let name = String(repeating: "x", count: 16_000)
        let distance = try list(["--where", "DISTANCE(\"\(name)\") < 10"])
        #expect(distance.status == 64)
        #expect(distance.stderr.hasPrefix("error: --where: 1:10: place name too long (16000 characters; at most 200)\n"))
        let home = try list(["--where", "DISTANCE() < 30"], config: "home = \"\(String(repeating: "y", count: 1_000_000))\"\n")
        #expect(home.status == 1)
        #expect(home.stderr == "error: config \(folder.file("config"))/quakes-tui/config.toml: 'home': "
                + "place name too long (1000000 characters; at most 200)\n")
    }

    @Test func helpCreditsGeoNames() throws {
        let help = try runQuakesTUI(["--help"])
        #expect(help.stdout.contains("place data © GeoNames"))
        #expect(help.stdout.contains("CC BY 4.0"))
        #expect(try runQuakesTUI(["list", "--help"]).stdout.contains("GeoNames"))
    }
}
