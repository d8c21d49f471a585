import Foundation
@testable import QuakeStore
import Testing

/// A time outside the years 0001–9999 (UTC), a magnitude outside −5…15, a
/// depth outside −20…1,000 km or a non-finite number is a skipped feature
/// with its reason: never stored, never silently unknown.
@Suite struct ValueRangeTests {
    let folder = TemporaryFolder()

    /// 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z.
    static let earliest: Int64 = -62_135_596_800_000, latest: Int64 = 253_402_300_799_999

    /// A feature of id `us<index>` whose `key` property is `value` (JSON
    /// text), or whose depth is `depth`.
    static func feature(_ index: Int, _ key: String = "sig", _ value: String = "1", depth: String = "10") -> String {
        var properties = ["mag": "2.5", "time": "1528967533010", "updated": "1528967600000", "sig": "1",
                          "place": "\"Place \(index)\""]
        properties[key] = value
        let text = properties.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
        return #"{"type":"Feature","properties":{\#(text)},"geometry":{"type":"Point","coordinates":[-150.5,61.2,\#(depth)]},"id":"us\#(index)"}"#
    }

    func importGeoJSON(_ features: [String]) throws -> (lines: [String], stored: [String: Quake]) {
        let catalog = try folder.catalog()
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}"
        let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write("values.geojson", text), name: "values.geojson")
        return (report.lines(allSkipped: true), try storedQuakes(catalog))
    }

    @Test func magnitudesOutOfRangeAreSkipped() throws {
        let values = ["1e19", "-5.1", "15.1", "NaN", "Infinity", "-Infinity", "1e999", "1e308", "null", "15", "-5", "4.25"]
        let (lines, stored) = try importGeoJSON(values.enumerated().map { Self.feature($0, "mag", $1) })
        #expect(lines == [
            "imported values.geojson: 4 new, 0 updated, 0 unchanged, 8 skipped",
            "  skipped feature 1: magnitude 1e+19 out of range",
            "  skipped feature 2: magnitude -5.1 out of range",
            "  skipped feature 3: magnitude 15.1 out of range",
            "  skipped feature 4: magnitude NaN out of range",
            "  skipped feature 5: magnitude Infinity out of range",
            "  skipped feature 6: magnitude -Infinity out of range",
            "  skipped feature 7: magnitude Infinity out of range",
            "  skipped feature 8: magnitude 1e+308 out of range",
        ])
        #expect(stored.keys.sorted() == ["us10", "us11", "us8", "us9"])
        #expect(["us8", "us9", "us10", "us11"].map { stored[$0]?.magnitude } == [nil, 15, -5, 4.25], "null is unknown")
    }

    @Test func depthsOutOfRangeAreSkipped() throws {
        let depths = ["-20.5", "1000.5", "NaN", "1e308", "-Infinity", "-20", "1000", "0"]
        let (lines, stored) = try importGeoJSON(depths.enumerated().map { Self.feature($0, depth: $1) })
        #expect(lines == [
            "imported values.geojson: 3 new, 0 updated, 0 unchanged, 5 skipped",
            "  skipped feature 1: depth -20.5 out of range",
            "  skipped feature 2: depth 1000.5 out of range",
            "  skipped feature 3: depth NaN out of range",
            "  skipped feature 4: depth 1e+308 out of range",
            "  skipped feature 5: depth -Infinity out of range",
        ])
        #expect(["us5", "us6", "us7"].map { stored[$0]?.depth } == [-20, 1000, 0])
    }

    /// Times as they came, in epoch milliseconds; an unreadable `updated`
    /// is no longer taken as the time.
    @Test func timesOutsideTheYears1To9999AreSkipped() throws {
        let (lines, stored) = try importGeoJSON([
            Self.feature(0, "time", String(Self.latest + 1)),
            Self.feature(1, "time", String(Self.earliest - 1)),
            Self.feature(2, "time", "NaN"),
            Self.feature(3, "time", "1e999"),
            Self.feature(4, "updated", "NaN"),
            Self.feature(5, "updated", "1e308"),
            Self.feature(6, "updated", "-1e999"),
            Self.feature(7, "time", "1528967533010.5"),
            Self.feature(8, "time", String(Self.latest)),
            Self.feature(9, "time", String(Self.earliest)),
        ])
        #expect(lines == [
            "imported values.geojson: 3 new, 0 updated, 0 unchanged, 7 skipped",
            "  skipped feature 1: time 253402300800000 out of range",
            "  skipped feature 2: time -62135596800001 out of range",
            "  skipped feature 3: time NaN out of range",
            "  skipped feature 4: time Infinity out of range",
            "  skipped feature 5: updated time NaN out of range",
            "  skipped feature 6: updated time 1e+308 out of range",
            "  skipped feature 7: updated time -Infinity out of range",
        ])
        #expect(stored["us8"]?.day == "9999-12-31")
        #expect(stored["us9"]?.day == "0001-01-01")
    }

    static let csvHeader = "time,latitude,longitude,depth,mag,magType,net,id,updated,place,type\n"

    func csvRow(_ id: String, time: String = "2018-06-14T09:12:13.010Z", latitude: String = "19.39",
                depth: String = "1.5", mag: String = "2.5", updated: String = "") -> String {
        "\(time),\(latitude),-155.27,\(depth),\(mag),ml,hv,\(id),\(updated),Volcano,earthquake\n"
    }

    func importCSV(_ rows: [String]) throws -> (lines: [String], stored: [String: Quake]) {
        let catalog = try folder.catalog()
        let file = folder.write("values.csv", Self.csvHeader + rows.joined())
        let report = try QuakeImporter(catalog: catalog).importFile(at: file, name: "values.csv")
        return (report.lines(allSkipped: true), try storedQuakes(catalog))
    }

    /// CSV times are quoted as written; the zone counts (23:30 at −01:00 on
    /// the last day of 9999 is in the year 10000, UTC).
    @Test func csvValuesOutOfRangeAreSkipped() throws {
        let (lines, stored) = try importCSV([
            csvRow("hv0", time: "0000-12-31T23:59:59.999Z"),
            csvRow("hv1", time: "9999-12-31T23:30:00-01:00"),
            csvRow("hv2", updated: "0000-06-01"),
            csvRow("hv3", mag: "15.5"),
            csvRow("hv4", mag: "1e999"),
            csvRow("hv5", depth: "1001"),
            csvRow("hv6", latitude: "1e308"),
            csvRow("hv7", time: "0001-01-01T00:00:00Z", mag: "-5"),
            csvRow("hv8", time: "9999-12-31T23:59:59.999Z", mag: ""),
        ])
        #expect(lines == [
            "imported values.csv: 2 new, 0 updated, 0 unchanged, 7 skipped",
            "  skipped line 2: time 0000-12-31T23:59:59.999Z out of range",
            "  skipped line 3: time 9999-12-31T23:30:00-01:00 out of range",
            "  skipped line 4: updated time 0000-06-01 out of range",
            "  skipped line 5: magnitude 15.5 out of range",
            "  skipped line 6: magnitude Infinity out of range",
            "  skipped line 7: depth 1001.0 out of range",
            "  skipped line 8: bad coordinates (latitude 1e+308)",
        ])
        #expect(stored["hv7"]?.magnitude == -5 && stored["hv8"]?.magnitude == nil)
    }

    /// Swift's `Double("0x1p3")` is 8; no feed writes a number so.
    @Test func csvNumbersArePlainDecimals() throws {
        for (field, text) in [("latitude", "0x1p3"), ("depth", "0x10"), ("mag", "infinite"),
                              ("mag", "4."), ("latitude", "1e"), ("latitude", " 19.39"), ("depth", "+")] {
            let row = field == "latitude" ? csvRow("hv0", latitude: text)
                : field == "depth" ? csvRow("hv0", depth: text) : csvRow("hv0", mag: text)
            if text == "4." {
                #expect(try importCSV([row]).stored["hv0"]?.magnitude == 4, "4. is a decimal")
                continue
            }
            let catalog = try folder.catalog("refused.sqlite")
            let file = folder.write("numbers.csv", Self.csvHeader + csvRow("hv1") + row)
            #expect(throws: ImportError(name: "numbers.csv", message: #""\#(field)" must be a number, found "\#(text)""#,
                                        location: "line 3")) {
                try QuakeImporter(catalog: catalog).importFile(at: file, name: "numbers.csv")
            }
            #expect(try storedQuakes(catalog).isEmpty)
        }
        let (words, kept) = try importCSV([csvRow("hv10", latitude: "inf"), csvRow("hv11", depth: "nan"),
                                           csvRow("hv12", mag: "-Infinity"), csvRow("hv13", mag: "NaN")])
        #expect(words == [
            "imported values.csv: 0 new, 0 updated, 0 unchanged, 4 skipped",
            "  skipped line 2: bad coordinates (latitude Infinity)",
            "  skipped line 3: depth NaN out of range",
            "  skipped line 4: magnitude -Infinity out of range",
            "  skipped line 5: magnitude NaN out of range",
        ], "non-finite numbers are skipped with their reason, as in GeoJSON")
        #expect(kept.keys.filter { ["hv10", "hv11", "hv12", "hv13"].contains($0) }.isEmpty)
        let (lines, stored) = try importCSV([csvRow("hv9", latitude: "+19.5", depth: "-.5", mag: "25e-1")])
        #expect(lines == ["imported values.csv: 1 new, 0 updated, 0 unchanged, 0 skipped"])
        #expect(stored["hv9"].map { [$0.latitude, $0.depth, $0.magnitude] } == [19.5, -0.5, 2.5])
    }
}

/// Every accepted year shows with its four digits in `list`, whatever the
/// format; before, the years beyond were accepted and showed cut.
@Suite struct AcceptedYearsListTests {
    @Test func theFirstAndLastAcceptedTimesListWhole() throws {
        let folder = TemporaryFolder()
        let db = folder.file("q.sqlite")
        let times = [ValueRangeTests.latest, ValueRangeTests.earliest, ValueRangeTests.latest + 1, -157_766_400_000_000]
        let features = times.enumerated().map { ValueRangeTests.feature($0, "time", String($1)) }
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
        let imported = try runQuakesTUI(["import", "--db", db, folder.write("years.geojson", text)])
        #expect(imported.stdout.hasPrefix("imported \(folder.file("years.geojson")): 2 new, 0 updated, 0 unchanged, 2 skipped\n"))

        let table = try runQuakesTUI(["list", "--db", db, "--sort", "time"])
        #expect(table.stdout == """
            TIME (UTC)           MAG   DEPTH  PLACE
            0001-01-01 00:00:00   2.5    10.0  Place 1
            9999-12-31 23:59:59   2.5    10.0  Place 0

            """)
        let csv = try runQuakesTUI(["list", "--db", db, "--sort", "time", "--format", "csv"])
        #expect(csv.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[1] }
            == ["0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z"])
        let json = try runQuakesTUI(["list", "--db", db, "--sort", "-time", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["time"] as? String } == ["9999-12-31T23:59:59.999Z", "0001-01-01T00:00:00.000Z"])
    }

    /// Years outside the range, from a catalog of an older version or a
    /// local time past the last day of 9999, are written whole, sign and
    /// all, never with a digit lost.
    @Test func isoTimeWritesAnyYearWhole() {
        func ms(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 { UTCDay.days(year: year, month: month, day: day) * 86_400_000 + 3_723_004 }
        #expect(ISOTime.string(epochMilliseconds: ms(-5, 1, 1)) == "-0005-01-01T01:02:03.004Z")
        #expect(ISOTime.string(epochMilliseconds: ms(10000, 1, 1)) == "10000-01-01T01:02:03.004Z")
        #expect(ISOTime.dateAndTime(epochMilliseconds: ms(10000, 1, 1)) == "10000-01-01 01:02:03")
        #expect(ISOTime.dateAndTime(epochMilliseconds: ms(-4997, 3, 1)) == "-4997-03-01 01:02:03")
        #expect(ISOTime.dateAndTime(epochMilliseconds: ms(1, 1, 1)) == "0001-01-01 01:02:03")
        #expect(UTCDay.string(epochMilliseconds: ms(-5, 1, 1)) == "-0005-01-01")
    }
}
