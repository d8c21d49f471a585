import Foundation
@testable import QuakeStore
import Testing

/// Inputs `make fuzz` found crashing the importer's readers (Fuzz/), each
/// exactly as the fuzzer wrote it, with what the user now sees instead.
@Suite struct FuzzRegressionTests {
    func importReport(_ name: String, _ contents: Data) throws -> (ImportReport, [String: Quake]) {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write(name, contents), name: name)
        return (report, try storedQuakes(catalog))
    }

    func importError(_ name: String, _ contents: Data) throws -> String {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        do {
            let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write(name, contents), name: name)
            Issue.record("expected an error, got \(report.summaryLine)")
        } catch let error as ImportError {
            #expect(try storedQuakes(catalog).isEmpty, "nothing of a refused file is stored")
            return "error: \(error)"
        }
        return ""
    }

    /// fuzz-geojson, crash-77218519: a time of 1.5e202 ms trapped converting
    /// to 64-bit milliseconds. Such a feature is now skipped with a reason.
    @Test func aTimeBeyondWhatMillisecondsHoldIsSkipped() throws {
        let input = [
            #"{"type":"FeatureCollection","metadata":{"generated":1528967979000,"url":"https://earthquake.usgs.gov/earthquak"#,
            #"es/feed/v1.0/summary/all_week.geojson","title":"USGS All Earthquakes, Past Week","status":200,"api":"1.5.8","c"#,
            #"ount":4711},"features":[{"type":"Feature","properties":{"mag":2.94,"place":"5km SW of Volcano, Hawaii","time":"#,
            #"1528967533011e190,"updatdmin":0.001866,"rms":0.33,"gap":47,"magType":"ml","type":"earthquake","title":"M 2.9 -"#,
            #" 5km SW of Volcano, Hawaii"},"geometry":{"type":"Point","coordinates":[-155.2749939,19.3939991,1.46]},"id":"hv"#,
            #"70264586"},{"type":"Feature","properties":{"mag":2.09,"place":"1km W of Volcano, Hawaii","time":1528967504430,"#,
            #""updated":1528967676690,"tz":-600,"url":"https://ea1 - 1km W of Volcano, Hawaii"},"geometry":{"type":"Point",""#,
            #"coordinates":[-155.2541656,19.4335003,0.54]},"id":"hv70264576"},{"type":"Feature","properties":{"mag":0.6,"pla"#,
            #"ce":"9km NE of Aguanga, CA","time":1528967386580,"updated":1528967592973,"tz":-480699,"rms":0.17,"gap":68,"mag"#,
            #"Type":"ml","type":"earthquake","title":"M 0.6 - 9km NE of Aguanga, CA"},"geometry":{"type":"Point","coordinate"#,
            #"s":[-116.7913333,33.4908333,4.31]},"id":"ci38197512"}]}"#,
        ].joined()
        #expect(input.utf8.count == 1155)
        let (report, stored) = try importReport("crash-77218519.geojson", Data(input.utf8))
        #expect(report.lines == [
            "imported crash-77218519.geojson: 2 new, 0 updated, 0 unchanged, 1 skipped",
            "  skipped feature 1: time 1.528967533011e+202 out of range",
        ])
        #expect(stored.keys.sorted() == ["ci38197512", "hv70264576"])
    }

    /// The same for `updated`, and the edges of the range: the years 0001
    /// to 9999, UTC (ValueRangeTests has more).
    @Test func updatedTimesAndTheEdgesOfTheRange() throws {
        let text = featureCollection([("us1", ",us1,", 1, 1), ("us2", ",us2,", 1, 1), ("us3", ",us3,", 1, 1), ("us4", ",us4,", 1, 1)])
            .replacingOccurrences(of: #""updated":1,"ids":",us1,""#, with: #""updated":1e19,"ids":",us1,""#)
            .replacingOccurrences(of: #""time":1528967533010,"updated":1,"ids":",us2,""#,
                                  with: #""time":253402300799999,"updated":253402300799999,"ids":",us2,""#)
            .replacingOccurrences(of: #""time":1528967533010,"updated":1,"ids":",us3,""#,
                                  with: #""time":-62135596800000,"updated":-62135596800000,"ids":",us3,""#)
            .replacingOccurrences(of: #""time":1528967533010,"updated":1,"ids":",us4,""#,
                                  with: #""time":-62135596800001,"updated":1,"ids":",us4,""#)
        let (report, stored) = try importReport("times.geojson", Data(text.utf8))
        #expect(report.lines == [
            "imported times.geojson: 2 new, 0 updated, 0 unchanged, 2 skipped",
            "  skipped feature 1: updated time 1e+19 out of range",
            "  skipped feature 4: time -62135596800001 out of range",
        ])
        #expect(stored["us2"]?.day == "9999-12-31")
        #expect(stored["us3"]?.day == "0001-01-01")
    }

    /// fuzz-geojson, crash-054fee15: a second "features" array numbered its
    /// features from 0 again, so two features were both "feature 0".
    @Test func aSecondFeaturesArrayIsAnError() throws {
        let input = "{\"type\":\"FeatureCollectIon\",\"bbox\":[-180,-90,0,180,90,700],\"features\":[\n{\r\r\r\r\r\r\r\r\r\r}\r\r\r\r\r],\"features\":[\n{\r\r\r\r\r\r\r\r\r\r}\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\"t\"\n"
        #expect(input.utf8.count == 143)
        #expect(try importError("crash-054fee15.geojson", Data(input.utf8))
            == #"error: crash-054fee15.geojson: "features" appears twice at 2:31"#)
    }

    /// Not found by the fuzzer (its inputs are at most 8 KB) but by feeding
    /// its target a million '[': skipping an unknown value recursed once per
    /// level and overflowed the stack.
    @Test func deeplyNestedArraysAreAnErrorNotAStackOverflow() throws {
        let deep = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        let input = #"{"type":"FeatureCollection","features":[],"extra":"# + deep + "}"
        #expect(try importError("deep.geojson", Data(input.utf8))
            == "error: deep.geojson: arrays and objects nested more than 512 deep at 1:563")
        let fine = #"{"type":"FeatureCollection","features":[],"extra":"#
            + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}"
        #expect(try importReport("fine.geojson", Data(fine.utf8)).0.summaryLine
            == "imported fine.geojson: 0 new, 0 updated, 0 unchanged, 0 skipped")
    }

    /// fuzz-csv, crash-38812efd: a magnitude of "NaN" was kept as NaN (and
    /// "inf" as infinity). Now the row is skipped with its reason, as a
    /// GeoJSON NaN is. The input is not UTF-8, so the importer refuses it
    /// whole anyway; the fuzz target reads it as here, the reader taking
    /// invalid bytes as replacement characters.
    @Test func theFuzzersNaNMagnitudeRowIsSkipped() throws {
        let input = Data(base64Encoded: [
            "dGltZSxsYXRpdHVkZSxsb25naXR1ZGUsZGVwdGgsbWFnLG1hZ1R5cGUsbnN0LGdhcCxkbWluLBcAAAAAAAAAcm1zLG5ldCxpZCx1",
            "cGRhdGVkLHBsYWNlLHR5cGUsaG9yb3JvbnT//////2xFcnJvcixkZXB0aEVycm9yLG1hZ0Vycm9yLG1hZ05zdCxzdGF0dXMsbG9u",
            "U291cmNlLG1hZ1Nvr3VyY2UKMjAxNy0wNi0wN1QwOToxMjoxMy4wMTFaLDA5LjM5LC0xNTUuMjcsLE5hTixtbCwsLCxoLHYsaHYw",
            "eDFwNDAwMDEsLGUtRnJhbmMsLGFrLGFrMDDmnbHkuqzpg70sIEphcGFuIixBLGF1dG9tYXRpYyxhayxhewo=",
        ].joined())!
        #expect(input.count == 287)
        #expect(try importError("crash-38812efd.csv", input) == "error: crash-38812efd.csv: not UTF-8 (invalid byte 0xFF) at 1:102")
        var reasons: [String] = []
        try input.withUnsafeBytes { raw in
            try USGSCSVReader.read(raw.bindMemory(to: UInt8.self)) { _, event in
                if case .skipped(let reason) = event { reasons.append(reason) }
            }
        }
        #expect(reasons == ["magnitude NaN out of range"])
    }

    /// Non-finite CSV magnitudes, as words or as a decimal beyond a Double:
    /// the row is skipped, its reason said.
    @Test func nonFiniteCSVMagnitudesAreNotStored() throws {
        let header = "time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,"
            + "horizontalError,depthError,magError,magNst,status,locationSource,magSource\n"
        func row(_ index: Int, _ mag: String) -> String {
            "2018-06-14T09:12:13.010Z,19.39,-155.27,1.5,\(mag),ml,,,,,hv,hv\(index),,\"Place \(index)\",earthquake,,,,,automatic,hv,hv\n"
        }
        for (word, shown) in [("NaN", "NaN"), ("inf", "Infinity"), ("-Infinity", "-Infinity")] {
            let (report, stored) = try importReport("mags.csv", Data((header + row(0, "4.5") + row(1, word)).utf8))
            #expect(report.lines == [
                "imported mags.csv: 1 new, 0 updated, 0 unchanged, 1 skipped",
                "  skipped line 3: magnitude \(shown) out of range",
            ])
            #expect(stored.keys.sorted() == ["hv0"])
        }
        let (report, stored) = try importReport("mags.csv", Data((header + row(0, "1e999") + row(1, "4.5")).utf8))
        #expect(report.lines == [
            "imported mags.csv: 1 new, 0 updated, 0 unchanged, 1 skipped",
            "  skipped line 2: magnitude Infinity out of range",
        ])
        #expect(stored.keys.sorted() == ["hv1"])
    }

    /// fuzz-csv, crash-e846ae8c (the harness now reads each quake back as
    /// bound): an id holding NUL characters was stored cut at the first one,
    /// so ids differing after it were one quake. NUL is stored as U+FFFD.
    @Test func aNULInAnIdOrAPlaceIsKeptAsU_FFFDNotCutThere() throws {
        let header = "time,latitude,longitude,depth,mag,magType,net,id,updated,place,type\n"
        let csv = header + "2018-06-14T09:12:13.010Z,19.39,-155.27,1.46,2.9,ml,hv,h\0a,,Near\0Volcano,earthquake\n"
            + "2018-06-14T09:12:14.010Z,19.39,-155.27,1.46,3.1,ml,hv,h\0b,,Near Volcano,earthquake\n"
        let (csvReport, fromCSV) = try importReport("nul.csv", Data(csv.utf8))
        #expect(csvReport.summaryLine == "imported nul.csv: 2 new, 0 updated, 0 unchanged, 0 skipped")
        #expect(Set(fromCSV.keys) == ["h\u{FFFD}a", "h\u{FFFD}b"])
        #expect(fromCSV["h\u{FFFD}a"]?.place == "Near\u{FFFD}Volcano")

        let feature = { (id: String, place: String) in
            #"{"type":"Feature","id":"\#(id)","properties":{"mag":1.0,"place":"\#(place)","time":1528967533010},"#
                + #""geometry":{"type":"Point","coordinates":[1,2,3]}}"#
        }
        let json = #"{"type":"FeatureCollection","features":["# + feature(#"x\u0000a"#, #"P\u0000Q"#) + ","
            + feature(#"x\u0000b"#, "P") + "]}"
        let (jsonReport, fromJSON) = try importReport("nul.geojson", Data(json.utf8))
        #expect(jsonReport.summaryLine == "imported nul.geojson: 2 new, 0 updated, 0 unchanged, 0 skipped")
        #expect(Set(fromJSON.keys) == ["x\u{FFFD}a", "x\u{FFFD}b"])
        #expect(fromJSON["x\u{FFFD}a"]?.place == "P\u{FFFD}Q")
    }

    /// fuzz-quakeml, crash-f0f355d0: a declaration of `encoding="UTF-7"`
    /// made libxml2 2.9 switch to iconv mid-stream and dereference a null
    /// pointer (the import died with SIGSEGV); EBCDIC and Shift_JIS did the
    /// same. Such a file is now refused before the parser sees it, unless
    /// Foundation decodes its encoding: then the parser is given a UTF-8 copy.
    @Test func anEncodingLibxml2CannotSwitchToIsRefused() throws {
        let input = try #require(Data(base64Encoded: "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTciPz4KPHF1YWtlbWwgeG1sbnM9Imh0dHA6Ly9xdWFrZW1sLm9yZy94bWxucy9xdWFrZW1sLzFSYW5nZSA8ZXZlbnRlYXJQdG1hZXJzIHB1YmxpY0lEPSJzbWk6SVNDL2J1bGxldGluIj4KICA8ZXZlbnQgcHVibGljSUQ9InNtaTpJU0MvZXZpZD02MDA1MTY1OTkiPgogICA8cHJlZmVycmVkT3JpZ2luSUQ+c21pOklTQy9vcmlnaWQ9MjwvcHJlZmVycmUBAGRPcmlnaW5JRD4KICAgPGRlc2NyaXB0aW9uPjx0ZXh0Pk5FQVIgRUFTVCBDT0FTVCBPRiBIT05TSFUsIEpBUEFOPC90ZXh0Pjx0eXBlPkZsaW5uLUVuZ2RhaGwgcmVnaW9uPC90eXBlPjwvZGVzY3JpcHRpb24+CiAgIDxvcmlnaW4gcHVibGljSUQ9InNtaTpJU0Mvb3JpZ2lkPTEiPjx0aW1lPjx2YWx1ZT4yMDExLTAzLTExVDA1OjQ2OjIzWkI8L3ZhbHVlPjwvdGltZT48bGF0aXR1ZGU+PHZhbHVlPjM4LjE8L3ZhbHVlPjwvbGF0aXR1ZGU+PGxvbmdpdHVkZT48dmFsdWU+MTQyLjg8L3ZhbHVlPjwvbG9uZ2l0dWRlPjxkZXB0aD48dmFsdWU+MjAwMDA8L3ZhaWdpbio+CiAgPC9ldmVudD4KIDwvZXZlbnRQYXJhbWV0ZXJzPgo8L3F1YWtlbWw+Cg=="))
        #expect(try importError("crash-f0f355d0.xml", input)
                == "error: crash-f0f355d0.xml: the XML declares the encoding 'UTF-7'; QuakeML is read in UTF-8 or an 8-bit encoding such as windows-1252 at 1:31")
        // The shortest form the fuzzer reduced it to: no closing '?>', two NULs.
        let shortest = Data(#"<?xml version="1.0" encoding="UTF-7""#.utf8) + Data([0, 0])
        #expect(try importError("short.xml", shortest).hasSuffix("declares the encoding 'UTF-7'; QuakeML is read in UTF-8 or an 8-bit encoding such as windows-1252 at 1:31"))
        for encoding in ["EBCDIC-US", "UTF-7", "UTF-16"] {
            let declared = "<?xml version='1.0' encoding = '\(encoding)'?>\n<quakeml/>\n"
            #expect(try importError("\(encoding).xml", Data(declared.utf8))
                    == "error: \(encoding).xml: the XML declares the encoding '\(encoding)'; QuakeML is read in UTF-8 or an 8-bit encoding such as windows-1252 at 1:33")
        }
        // UTF-8 and ASCII import as they are, the others decoded (Shift_JIS among them).
        for encoding in ["UTF-8", "utf-8", "US-ASCII", "ISO-8859-1", "latin1", "Shift_JIS"] {
            let place = ["ISO-8859-1", "latin1"].contains(encoding) ? Data([0x43, 0x61, 0x66, 0xE9]) : Data("Cafe".utf8)
            let file = Data("""
                <?xml version="1.0" encoding="\(encoding)"?>
                <quakeml xmlns="http://quakeml.org/xmlns/bed/1.2"><eventParameters publicID="smi:x">
                <event publicID="smi:ISC/evid=1"><description><text>
                """.utf8) + place + Data("""
                </text></description><origin publicID="o"><time><value>2011-03-11T05:46:23Z</value></time>
                <latitude><value>38.1</value></latitude><longitude><value>142.8</value></longitude></origin></event>
                </eventParameters></quakeml>
                """.utf8)
            let (report, stored) = try importReport("\(encoding).xml", file)
            #expect(report.summaryLine == "imported \(encoding).xml: 1 new, 0 updated, 0 unchanged, 0 skipped")
            #expect(stored["isc:1"]?.place == (["ISO-8859-1", "latin1"].contains(encoding) ? "Café" : "Cafe"))
        }
    }

    /// fuzz-quakeml, crash-55bc8af8 (shortest form `00 00 00 3C`): first
    /// bytes libxml2 takes for UCS-4 or UTF-16 switched it to iconv as an
    /// encoding declaration did, and it crashed the same way. The importer
    /// sends a file to the QuakeML reader when its first byte is `<`, so
    /// `<` then NULs reached it; the reader now refuses such bytes itself.
    @Test func firstBytesInAWideEncodingAreRefused() throws {
        let input = try #require(Data(base64Encoded: "CQAAADw/eG1sIHZlcnNpbzY9IjUuMCIgZW5jb2Rpbmc9IlU8P3htbC8gdmVyczFlbmNvZFRGLQEAOCI/Pmk="))
        let message = "the first bytes are UTF-16, UCS-4 or EBCDIC; QuakeML is read in UTF-8 or an 8-bit encoding such as windows-1252"
        for bytes in [input, Data([0, 0, 0, 0x3C, 0x69, 0x69, 0x6F, 0x69])] {
            let error = bytes.withUnsafeBytes { raw in
                Result { try QuakeMLReader.read(raw.bindMemory(to: UInt8.self)) { _, _ in } }
            }
            #expect(throws: QuakeMLReader.SyntaxError(message: message, line: 1, column: 1)) { try error.get() }
        }
        let utf16 = Data("<?xml version=\"1.0\"?><quakeml/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(try importError("utf16.xml", utf16) == "error: utf16.xml: \(message) at 1:1")
        let ucs4 = Data("<quakeml/>".unicodeScalars.flatMap { [UInt8($0.value), 0, 0, 0] })
        #expect(try importError("ucs4.xml", ucs4) == "error: ucs4.xml: \(message) at 1:1")
    }

    /// fuzz-quakeml, crash-c809de33 (shortest form `<?x?>`): Foundation's
    /// XMLParser passes a processing instruction's NULL data to strlen and
    /// crashes. The reader stops before such an instruction and says so.
    @Test func aProcessingInstructionWithoutDataIsRefused() throws {
        let input = try #require(Data(base64Encoded: "PD94Pz4KPHF1YWtlbWwgeG1sc249Imh0dGVnaW9uTD4K"))
        #expect(try importError("crash-c809de33.xml", input).hasPrefix(
            "error: crash-c809de33.xml: a processing instruction without data (<?name?>) is not read at "))
        let events = try String(contentsOfFile: Fixture.quakeML2009, encoding: .utf8)
        // Far into a real answer, past the first slices the parser is handed.
        let tail = events.range(of: "</q:quakeml>")!
        let late = events.replacingCharacters(in: tail, with: "<?x?></q:quakeml>")
        let line = late.prefix(upTo: late.range(of: "<?x?>")!.lowerBound).split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(try importError("late.xml", Data(late.utf8))
                == "error: late.xml: a processing instruction without data (<?name?>) is not read at \(line):1")
        // With data, or a blank before '?>', it is read as before.
        let fine = events.replacingCharacters(in: tail, with: "<?x ?><?x y?></q:quakeml>")
        #expect(try importReport("fine.xml", Data(fine.utf8)).0.summaryLine == "imported fine.xml: 270 new, 0 updated, 0 unchanged, 0 skipped")
    }
}
