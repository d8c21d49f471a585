import Foundation
import GRDB
import QuakeStore
import TestSupport
import Testing

/// `list --format geojson`: the selected rows as a USGS FeatureCollection,
/// checked against the fixture read by Foundation, and read back by
/// `import` as the same quakes (every stored field, the aliases too).
@Suite struct ListGeoJSONTests {
    let folder = TemporaryFolder()
    let db: String
    static let predicate = #"magnitude >= 4.5 OR net == "zz""#
    /// Control characters and quotes in the place, no magnitude, former ids, an alert, felt reports.
    static let extra = """
        {"type":"FeatureCollection","features":[{"type":"Feature","id":"zz0002","properties":{"mag":null,\
        "place":"\\u001b]0;T\\u0007 \\"Evil\\"\\nPlace\\\\ \\u009b 東京","time":1528970000123,"updated":1528970100456,\
        "url":"https://example.org/zz0002","felt":12,"cdi":3.4,"mmi":null,"alert":"yellow","status":"automatic",\
        "tsunami":1,"sig":57,"net":"zz","code":"0002","ids":",zz0001,zz0002,","magType":"ml","type":"quarry blast",\
        "title":"M ? - Evil"},"geometry":{"type":"Point","coordinates":[-179.99,-12.5,0.25]}}]}
        """

    init() throws {
        db = folder.file("q.sqlite")
        let result = try runQuakesTUI(["import", "--db", db, Fixture.week, folder.write("extra.geojson", Self.extra)])
        #expect(result.status == 0, "\(result.stderr)")
    }

    private func listGeoJSON() throws -> String {
        let result = try runQuakesTUI(["list", "--db", db, "--where", Self.predicate, "--sort", "-magnitude,time",
                                       "--format", "geojson"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The USGS properties the catalog stores, as the output must carry them.
    static let storedProperties = ["mag", "place", "time", "updated", "url", "felt", "cdi", "mmi", "alert", "status",
                                   "tsunami", "sig", "net", "code", "ids", "nst", "dmin", "rms", "gap", "magType", "type", "title"]

    /// A JSON value as comparable text: numbers as Doubles, null, strings.
    private static func comparable(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: "null"
        case let number as NSNumber where !(value is String): "n:\(number.doubleValue)"
        case let string as String: "s:" + string
        default: "?\(String(describing: value))"
        }
    }

    @Test func geoJSONHoldsTheSelectedQuakesInOrderWithEveryStoredField() throws {
        let output = try listGeoJSON()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let features = try #require(root["features"] as? [[String: Any]])

        // The expectation, from the fixtures as Foundation reads them.
        let extra = try #require(try JSONSerialization.jsonObject(with: Data(Self.extra.utf8)) as? [String: Any])
        let fixture = try Fixture.features(Fixture.week) + (extra["features"] as! [[String: Any]])
        let selected = fixture.filter {
            let p = $0["properties"] as! [String: Any]
            return (p["mag"] as? Double).map { $0 >= 4.5 } ?? false || p["net"] as? String == "zz"
        }
        // -magnitude (unknown last), then time ascending, ties by id descending.
        let expected = selected.sorted { a, b in
            let pa = a["properties"] as! [String: Any], pb = b["properties"] as! [String: Any]
            let ma = pa["mag"] as? Double ?? -.infinity, mb = pb["mag"] as? Double ?? -.infinity
            if ma != mb { return ma > mb }
            let ta = (pa["time"] as! NSNumber).int64Value, tb = (pb["time"] as! NSNumber).int64Value
            if ta != tb { return ta < tb }
            return (a["id"] as! String) > (b["id"] as! String)
        }
        #expect(expected.count == 76)
        #expect(features.map { $0["id"] as? String } == expected.map { $0["id"] as? String })
        #expect(root["type"] as? String == "FeatureCollection")
        #expect((root["metadata"] as? [String: Any])?["count"] as? Int == expected.count)

        for (feature, source) in zip(features, expected) {
            let properties = feature["properties"] as! [String: Any], wanted = source["properties"] as! [String: Any]
            let id = feature["id"] as? String ?? "?"
            #expect(properties.keys.sorted() == Self.storedProperties.sorted())
            for key in Self.storedProperties {
                #expect(Self.comparable(properties[key]) == Self.comparable(wanted[key]), "\(id) \(key)")
            }
            let geometry = feature["geometry"] as! [String: Any], wantedGeometry = source["geometry"] as! [String: Any]
            #expect(geometry["type"] as? String == "Point")
            #expect((geometry["coordinates"] as! [Any]).map(Self.comparable)
                    == (wantedGeometry["coordinates"] as! [Any]).map(Self.comparable))
            #expect(feature["type"] as? String == "Feature")
        }
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
                "every control character escaped")
        #expect(output.contains(#""place":"\u001b]0;T\u0007 \"Evil\"\u000aPlace\\ \u009b 東京""#))
    }

    @Test func importingTheOutputGivesBackTheSameQuakesAndAliases() throws {
        let output = folder.write("out.geojson", try listGeoJSON())
        let copy = folder.file("copy.sqlite")
        let result = try runQuakesTUI(["import", "--db", copy, output])
        #expect(result.stdout == "imported \(output): 76 new, 0 updated, 0 unchanged, 0 skipped\n", "\(result.stderr)")

        let columns = Quake.storedColumns.joined(separator: ", ")
        func stored(_ path: String, where condition: String) throws -> [[DatabaseValue]] {
            try DatabaseQueue(path: path).read { db in
                try Row.fetchAll(db, sql: "SELECT \(columns) FROM quake WHERE \(condition) ORDER BY id")
                    .map { Array($0.databaseValues) }
            }
        }
        let original = try stored(db, where: "magnitude >= 4.5 OR net = 'zz'")
        #expect(original.count == 76)
        #expect(try stored(copy, where: "1") == original)
        let aliases = """
            SELECT alias || ' ' || quakeId FROM quakeAlias JOIN quake ON quake.id = quakeId
            WHERE magnitude >= 4.5 OR net = 'zz' ORDER BY alias
            """
        let originalAliases = try DatabaseQueue(path: db).read { try String.fetchAll($0, sql: aliases) }
        #expect(originalAliases.contains("zz0001 zz0002"))
        #expect(try DatabaseQueue(path: copy).read { try String.fetchAll($0, sql: aliases) } == originalAliases)
    }
}
