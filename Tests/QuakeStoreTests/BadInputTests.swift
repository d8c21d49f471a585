import Foundation
import QuakeStore
import Testing

@Suite struct BadInputTests {
    /// Imports `contents` as a file named `name` into a catalog that already
    /// holds a real feed; returns the error line, checking nothing changed.
    func importError(_ name: String, _ contents: Data) throws -> String {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        _ = try importer.importFile(at: Fixture.day2014)
        let before = try storedQuakes(catalog)
        let path = folder.write(name, contents)
        var message = ""
        do {
            let report = try importer.importFile(at: path, name: name)
            Issue.record("expected an error, got \(report.summaryLine)")
        } catch let error as ImportError {
            message = "error: \(error)"
        }
        #expect(try storedQuakes(catalog) == before, "the catalog must be unchanged")
        return message
    }

    func importError(_ name: String, _ text: String) throws -> String { try importError(name, Data(text.utf8)) }

    @Test func emptyFile() throws {
        #expect(try importError("empty.geojson", "") == "error: empty.geojson: empty file at 1:1")
        #expect(try importError("blank.geojson", "  \n\n") == "error: blank.geojson: empty file at 1:1")
    }

    @Test func truncatedJSONNamesWhereItStops() throws {
        let week = try String(contentsOfFile: Fixture.week, encoding: .utf8)
        let cut = String(week.utf8.prefix(100_000))!
        #expect(try importError("cut.geojson", cut) == "error: cut.geojson: unexpected end of input inside a string at 142:212")
        #expect(try importError("cut2.geojson", #"{"type":"FeatureCollection","features":[{"type":"Feature""#)
            == "error: cut2.geojson: unexpected end of input, expected ',' or '}' at 1:58")
    }

    @Test func nothingOfABrokenFileIsStoredEvenAfterGoodFeatures() throws {
        // The first feature is fine; the file breaks later: all or nothing.
        let good = featureCollection([("us0001", ",us0001,", 4.0, 1)])
        let broken = String(good.dropLast(2)) + ",{\"id\": }]}"
        #expect(try importError("broken.geojson", broken) == "error: broken.geojson: unexpected character '}' at 1:366")
    }

    @Test func aJSONArrayIsNotAFeatureCollection() throws {
        #expect(try importError("array.json", "[{\"type\":\"Feature\"}]")
            == "error: array.json: not a FeatureCollection (the top level is an array) at 1:1")
        #expect(try importError("feature.json", #"{"type":"Feature","features":[]}"#)
            == #"error: feature.json: not a FeatureCollection ("type" is "Feature") at 1:1"#)
        #expect(try importError("nofeatures.json", #"{"type":"FeatureCollection"}"#)
            == #"error: nofeatures.json: not a FeatureCollection (no "features" array) at 1:1"#)
    }

    @Test func wrongTypesAreErrorsWithTheFeature() throws {
        let text = featureCollection([("us0001", ",us0001,", 4.0, 1), ("us0002", ",us0002,", 4.0, 1)])
            .replacingOccurrences(of: #""time":1528967533010,"updated":1,"ids":",us0002,""#,
                                  with: #""time":"yesterday","updated":1,"ids":",us0002,""#)
        #expect(try importError("types.geojson", text)
            == #"error: types.geojson: property "time" of feature 2 must be a number, found a string at 2:76"#)
    }

    @Test func invalidUTF8IsNamedWithItsPosition() throws {
        var data = Data(featureCollection([("us0001", ",us0001,", 4.0, 1)]).utf8)
        let place = data.range(of: Data("Place of".utf8))!
        data[place.lowerBound + 1] = 0xFF
        #expect(try importError("latin1.geojson", data) == "error: latin1.geojson: not UTF-8 (invalid byte 0xFF) at 1:93")
        var csv = Data("time,latitude,longitude,depth,mag,magType,net,id,updated,place,type\n".utf8)
        csv.append(contentsOf: [0x32, 0xC3, 0x28])
        #expect(try importError("latin1.csv", csv) == "error: latin1.csv: not UTF-8 (invalid byte 0xC3) at 2:2")
    }

    /// Half of a UTF-16 pair in a `\u` escape was stored as U+FFFD without a
    /// word (or, before a second escape that is not its other half, an
    /// "invalid surrogate pair"): the error now says what it is.
    @Test func aLoneSurrogateEscapeIsNamed() throws {
        for (escape, hex) in [(#"\ud800"#, "D800"), (#"\uDC00"#, "DC00"), (#"\ud800\u0041"#, "D800")] {
            let text = featureCollection([("us0001", ",us0001,", 4.0, 1)]).replacingOccurrences(of: "Place of", with: "Place \(escape) of")
            let before = text[..<text.range(of: escape)!.lowerBound]
            let line = before.split(separator: "\n", omittingEmptySubsequences: false).count
            let column = before.split(separator: "\n", omittingEmptySubsequences: false).last!.count + 1
            #expect(try importError("lone.geojson", text)
                    == "error: lone.geojson: a lone surrogate \\u\(hex) in a string (half of a UTF-16 pair) at \(line):\(column)")
        }
    }

    @Test func aCSVWithAMissingColumn() throws {
        #expect(try importError("short.csv", "time,latitude,longitude,depth,mag,magType,net,id,updated,type\n")
            == #"error: short.csv: missing column "place" in the CSV header at line 1"#)
        let header = "time,latitude,longitude,depth,mag,magType,net,id,updated,place,type\n"
        #expect(try importError("ragged.csv", header + "2018-06-14T09:12:13.010Z,19.4,-155.3,1.5,2.9,ml,hv,hv1\n")
            == "error: ragged.csv: row has 8 fields, the header has 11 at line 2")
        #expect(try importError("when.csv", header + "yesterday,19.4,-155.3,1.5,2.9,ml,hv,hv1,,here,earthquake\n")
            == #"error: when.csv: "time" must be an ISO 8601 time, found "yesterday" at line 2"#)
    }

    @Test func aMegabytePlaceIsStoredWhole() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let place = String(repeating: "Île-de-France 東京 ", count: 1_048_576 / 22)
        let text = featureCollection([("us0001", ",us0001,", 4.0, 1)])
            .replacingOccurrences(of: "Place of us0001", with: place)
        let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write("big.geojson", text), name: "big")
        #expect(report.new == 1)
        #expect(try storedQuakes(catalog)["us0001"]?.place == place)
    }

    @Test func badCoordinatesAndMissingFieldsAreSkippedWithReasons() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        var text = featureCollection([
            ("ok0", ",ok0,", 1, 1), ("nan", ",nan,", 1, 1), ("lat", ",lat,", 1, 1),
            ("noid", ",noid,", 1, 1), ("notime", ",notime,", 1, 1), ("nogeo", ",nogeo,", 1, 1),
        ])
        func change(_ id: String, _ from: String, _ to: String) {
            let code = text.range(of: "\"code\":\"\(id)\"")!
            let start = text[..<code.lowerBound].range(of: "{\"type\":\"Feature\"", options: .backwards)!
            let feature = text[start.lowerBound...].range(of: from)!
            text.replaceSubrange(feature, with: to)
        }
        change("nan", "[-150.5,61.2,10]", "[NaN,61.2,10]")
        change("lat", "[-150.5,61.2,10]", "[-150.5,91.5,10]")
        change("noid", "\"id\":\"noid\"", "\"id\":null")
        change("notime", "\"time\":1528967533010,", "")
        change("nogeo", "{\"type\":\"Point\",\"coordinates\":[-150.5,61.2,10]}", "null")
        let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write("mixed.geojson", text), name: "mixed")
        #expect(report.lines == [
            "imported mixed: 1 new, 0 updated, 0 unchanged, 5 skipped",
            "  skipped feature 2: bad coordinates (longitude NaN)",
            "  skipped feature 3: bad coordinates (latitude 91.5)",
            "  skipped feature 4: missing id",
            "  skipped feature 5: missing time",
            "  skipped feature 6: missing coordinates",
        ])
        #expect(try storedQuakes(catalog).keys.sorted() == ["ok0"])
    }

    @Test func nullMagnitudeAndPlaceAreStoredNotSkipped() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let text = featureCollection([("us0001", ",us0001,", 4.0, 1)])
            .replacingOccurrences(of: "\"mag\":4.0", with: "\"mag\":null")
            .replacingOccurrences(of: "\"place\":\"Place of us0001\"", with: "\"place\":null")
        let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write("nulls.geojson", text), name: "nulls")
        #expect(report.summaryLine == "imported nulls: 1 new, 0 updated, 0 unchanged, 0 skipped")
        let quake = try #require(try storedQuakes(catalog)["us0001"])
        #expect(quake.magnitude == nil && quake.place == "")
    }
}
