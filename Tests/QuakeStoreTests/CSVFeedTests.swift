import Foundation
import QuakeStore
import Testing

/// USGS CSV files through the importer, checked against what they hold: the
/// real fixtures written as USGS writes its CSV feeds (from Foundation's
/// parse of the GeoJSON) give the same quakes as the GeoJSON itself, in
/// every field CSV carries; odd but valid files give the quakes written in
/// each test; broken files give their one error line.
@Suite(.timeLimit(.minutes(10)))
struct CSVFeedTests {
    let folder = TemporaryFolder()

    static let header = "time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,"
        + "horizontalError,depthError,magError,magNst,status,locationSource,magSource"

    /// A field as USGS writes it: quoted when it holds a comma, a quote or a line end.
    static func field(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    /// A real GeoJSON feed as a USGS CSV, from Foundation's parse: each
    /// number as Foundation reads it, each time in ISO 8601 with
    /// milliseconds, `places` replacing the places when given.
    static func csv(ofFeed path: String, places: ((Int, String) -> String)? = nil, lineEnd: String = "\n") throws -> String {
        var lines = [header]
        for (index, feature) in try Fixture.features(path).enumerated() {
            let p = feature["properties"] as! [String: Any]
            let c = (feature["geometry"] as! [String: Any])["coordinates"] as! [Double]
            func text(_ key: String) -> String { p[key] as? String ?? "" }
            func number(_ key: String) -> String { (p[key] as? NSNumber).map { "\($0.doubleValue)" } ?? "" }
            func time(_ key: String) -> String { ISOTime.string(epochMilliseconds: (p[key] as! NSNumber).int64Value) }
            let place = places?(index, text("place")) ?? text("place")
            lines.append([time("time"), "\(c[1])", "\(c[0])", "\(c[2])", number("mag"), text("magType"), number("nst"),
                          number("gap"), number("dmin"), number("rms"), text("net"), feature["id"] as! String,
                          time("updated"), field(place), text("type"), "", "", "", "", text("status"), text("net"),
                          text("net")].joined(separator: ","))
        }
        return lines.joined(separator: lineEnd) + lineEnd
    }

    /// What the CSV importer must make of a quake the GeoJSON importer
    /// stored: CSV has no felt, cdi, mmi, alert, tsunami or sig, and the
    /// code, ids, title and url are derived from the id, net, magnitude
    /// and place as USGS derives them.
    static func expectedFromCSV(_ q: Quake, place: String? = nil) -> Quake {
        let place = place ?? q.place
        // USGS's title: halves away from zero, a type but earthquake named.
        let title = "M " + (q.magnitude.map(MagnitudeTextTests.decimalTenths) ?? "?")
            + (q.type == "earthquake" || q.type.isEmpty ? "" : " " + q.type.capitalized) + " - " + place
        return Quake(
            id: q.id, code: q.id.hasPrefix(q.net) ? String(q.id.dropFirst(q.net.count)) : q.id, net: q.net,
            ids: ",\(q.id),", magnitude: q.magnitude, magType: q.magType, place: place, time: q.time, updated: q.updated,
            depth: q.depth, latitude: q.latitude, longitude: q.longitude, status: q.status, type: q.type, title: title,
            url: "https://earthquake.usgs.gov/earthquakes/eventpage/\(q.id)")
    }

    func importQuakes(_ name: String, _ data: Data) throws -> (ImportReport, [String: Quake]) {
        let catalog = try folder.catalog(name + ".sqlite")
        let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write(name, data), name: name)
        return (report, try storedQuakes(catalog))
    }

    func expectSameQuakes(_ got: [String: Quake], _ expected: [String: Quake],
                          sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(got.count == expected.count, sourceLocation: sourceLocation)
        for (id, quake) in expected {
            let stored = got[id].map(CSVReadOutcome.exactFields)
            #expect(stored == CSVReadOutcome.exactFields(quake), "\(id)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [Fixture.week, Fixture.day2014, Fixture.month2014])
    func aRealFeedAsCSVGivesTheGeoJSONsQuakes(path: String) throws {
        let geo = try folder.catalog("geo.sqlite")
        _ = try QuakeImporter(catalog: geo).importFile(at: path)
        let expected = try storedQuakes(geo).mapValues { Self.expectedFromCSV($0) }
        let (report, got) = try importQuakes("feed.csv", Data(try Self.csv(ofFeed: path).utf8))
        #expect(report.summaryLine == "imported feed.csv: \(expected.count) new, 0 updated, 0 unchanged, 0 skipped")
        expectSameQuakes(got, expected)
    }

    /// The same week with places that need every kind of quoting, CRLF line
    /// ends, a byte order mark and no final line end.
    @Test func quotedPlacesCRLFAndAByteOrderMark() throws {
        let geo = try folder.catalog("geo.sqlite")
        _ = try QuakeImporter(catalog: geo).importFile(at: Fixture.week)
        let odd = ["", "He said \"no\", twice", "two\nlines", "CR\r\nLF", "東京都の近く, 日本", "Île-de-France",
                   "🌋 \"\"", "\"quoted\"", ",", "\n"]
        func place(_ index: Int, _ place: String) -> String { index % 3 == 0 ? odd[(index / 3) % odd.count] : place }
        let features = try Fixture.features(Fixture.week)
        let places = Dictionary(uniqueKeysWithValues: features.enumerated().map { index, feature in
            (feature["id"] as! String, place(index, (feature["properties"] as! [String: Any])["place"] as? String ?? ""))
        })
        let expected = try storedQuakes(geo).mapValues { Self.expectedFromCSV($0, place: places[$0.id]!) }
        var text = try Self.csv(ofFeed: Fixture.week, places: place, lineEnd: "\r\n")
        text.removeLast()   // "\r\n" is one Character
        let (report, got) = try importQuakes("odd.csv", Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8))
        #expect(report.summaryLine == "imported odd.csv: 4711 new, 0 updated, 0 unchanged, 0 skipped")
        expectSameQuakes(got, expected)
    }

    /// Values written out in the test, not derived from another reader.
    /// (The catalog stores -0.0 as 0: SQLite keeps no negative zero.)
    @Test func oddButValidRows() throws {
        let text = Self.header + "\n"
            + "2018-06-14T09:12:13.010Z,19.39,-155.27,,NaN,ml,,,,,hv,hv1,,\"Place with \"\"quotes\"\", and a comma\",earthquake,,,,,automatic,hv,hv\n"
            + "\n"
            + "2018-06-14T09:12,-12.5,179.5,1e3,-0.5,mb,,,,,us,us2,2018-06-14,\"Multi\nline, 東京\",quarry blast,,,,,reviewed,us,us\n"
            + "2018-06-14 09:12:13+02:00,0,-0.0,0,,,,,,,,ak3,,Île,,,,,,,,"
        let (report, got) = try importQuakes("odd.csv", Data(text.utf8))
        #expect(report.lines(allSkipped: true) == [
            "imported odd.csv: 2 new, 0 updated, 0 unchanged, 1 skipped",
            "  skipped line 2: magnitude NaN out of range",
        ])
        let us2 = Quake(id: "us2", code: "2", net: "us", ids: ",us2,", magnitude: -0.5, magType: "mb",
                        place: "Multi\nline, 東京", time: Date(epochMilliseconds: 1_528_967_520_000),
                        updated: Date(epochMilliseconds: 1_528_934_400_000), depth: 1000, latitude: -12.5, longitude: 179.5,
                        status: "reviewed", type: "quarry blast", title: "M -0.5 Quarry Blast - Multi\nline, 東京",
                        url: "https://earthquake.usgs.gov/earthquakes/eventpage/us2")
        let ak3 = Quake(id: "ak3", code: "ak3", net: "", ids: ",ak3,", magnitude: nil, magType: "", place: "Île",
                        time: Date(epochMilliseconds: 1_528_960_333_000), updated: Date(epochMilliseconds: 1_528_960_333_000),
                        depth: 0, latitude: 0, longitude: 0, status: "", type: "", title: "M ? - Île",
                        url: "https://earthquake.usgs.gov/earthquakes/eventpage/ak3")
        expectSameQuakes(got, ["us2": us2, "ak3": ak3])
    }

    func importError(_ name: String, _ data: Data) throws -> String {
        let catalog = try folder.catalog(name + ".sqlite")
        do {
            let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write(name, data), name: name)
            Issue.record("expected an error, got \(report.summaryLine)")
        } catch let error as ImportError {
            #expect(try storedQuakes(catalog).isEmpty, "nothing of a refused file is stored")
            return "error: \(error)"
        }
        return ""
    }

    func importError(_ name: String, _ text: String) throws -> String { try importError(name, Data(text.utf8)) }

    static let header11 = "time,latitude,longitude,depth,mag,magType,net,id,updated,place,type\n"
    static func row(_ id: String, _ values: [String: String] = [:]) -> String {
        ["time", "latitude", "longitude", "depth", "mag", "magType", "net", "id", "updated", "place", "type"].map { name in
            values[name] ?? ["time": "2018-06-14T09:12:13.010Z", "latitude": "19.39", "longitude": "-155.27", "depth": "1.5",
                             "mag": "2.5", "magType": "ml", "net": "hv", "id": id, "place": "Volcano", "type": "earthquake"][name] ?? ""
        }.joined(separator: ",") + "\n"
    }

    /// Every error, its words and its line: a line is a record, so one
    /// whose quoted place holds a line end counts once; blank lines count.
    @Test func errorsNameTheirLine() throws {
        #expect(try importError("cols.csv", "time,latitude,longitude,depth,mag,magType,net,id,place,type\n" + Self.row("hv1"))
            == #"error: cols.csv: missing column "updated" in the CSV header at line 1"#)
        #expect(try importError("few.csv", Self.header11 + Self.row("hv1", ["place": "\"a\nb\nc\""]) + "\n\n1,2,3\n")
            == "error: few.csv: row has 3 fields, the header has 11 at line 5")
        #expect(try importError("many.csv", Self.header11 + Self.row("hv1") + "\r\n" + Self.row("hv2").dropLast() + ",\r\n")
            == "error: many.csv: row has 12 fields, the header has 11 at line 4")
        for name in ["latitude", "longitude", "depth", "mag"] {
            #expect(try importError("\(name).csv", Self.header11 + Self.row("hv1") + Self.row("hv2", [name: "1,5"].mapValues { "\"\($0)\"" }))
                == #"error: \#(name).csv: "\#(name)" must be a number, found "1,5" at line 3"#)
        }
        #expect(try importError("hex.csv", Self.header11 + Self.row("hv1", ["depth": "0x10"]))
            == #"error: hex.csv: "depth" must be a number, found "0x10" at line 2"#)
        #expect(try importError("long.csv", Self.header11 + Self.row("hv1", ["mag": String(repeating: "東", count: 50)]))
            == #"error: long.csv: "mag" must be a number, found "\#(String(repeating: "東", count: 40))" at line 2"#)
        #expect(try importError("nul.csv", Self.header11 + Self.row("hv1", ["latitude": "1\02"]))
            == "error: nul.csv: \"latitude\" must be a number, found \"1\u{FFFD}2\" at line 2")
        #expect(try importError("time.csv", Self.header11 + Self.row("hv1", ["time": "2018-02-30"]))
            == #"error: time.csv: "time" must be an ISO 8601 time, found "2018-02-30" at line 2"#)
        #expect(try importError("updated.csv", Self.header11 + Self.row("hv1", ["updated": "soon"]))
            == #"error: updated.csv: "updated" must be an ISO 8601 time, found "soon" at line 2"#)
        // A later line's invalid byte comes first: nothing is read before the file is known to be UTF-8.
        var latin1 = Data((Self.header11 + Self.row("hv1", ["mag": "x"]) + Self.row("hv2", ["place": "Caf"])).utf8)
        latin1.insert(0xE9, at: latin1.count - 12)
        #expect(try importError("latin1.csv", latin1) == "error: latin1.csv: not UTF-8 (invalid byte 0xE9) at 3:62")
        #expect(try importError("surrogate.csv", Data(Self.header11.utf8) + Data([0x32, 0xED, 0xA0, 0x80]))
            == "error: surrogate.csv: not UTF-8 (invalid byte 0xED) at 2:2")
    }

    /// Skips name the line as `line <row index + 2>`, as they always have:
    /// blank lines and line ends inside quotes are not counted there.
    @Test func skipsNameTheirRow() throws {
        let text = Self.header11 + Self.row("hv1", ["mag": "NaN"]) + "\n" + Self.row("hv2", ["place": "\"a\nb\""])
            + Self.row("hv3", ["latitude": "91"]) + Self.row("", [:]) + Self.row("hv5", ["time": ""])
            + Self.row("hv6", ["longitude": ""]) + Self.row("hv7", ["depth": "-21"]) + Self.row("hv8", ["updated": "0000-01-01"])
        let (report, got) = try importQuakes("skips.csv", Data(text.utf8))
        #expect(report.lines(allSkipped: true) == [
            "imported skips.csv: 1 new, 0 updated, 0 unchanged, 7 skipped",
            "  skipped line 2: magnitude NaN out of range",
            "  skipped line 4: bad coordinates (latitude 91.0)",
            "  skipped line 5: missing id",
            "  skipped line 6: missing time",
            "  skipped line 7: missing coordinates",
            "  skipped line 8: depth -21.0 out of range",
            "  skipped line 9: updated time 0000-01-01 out of range",
        ])
        #expect(got.keys.sorted() == ["hv2"])
    }
}
