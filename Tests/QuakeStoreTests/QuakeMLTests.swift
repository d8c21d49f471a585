import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import QuakeStore
import Testing

/// QuakeML 1.2 as FDSN event services send it: the real USGS answer checked
/// against an independent reading (XMLDocument and XPath, not the importer's
/// SAX reader), then hand-written events for what other services do.
@Suite struct QuakeMLTests {
    let folder = TemporaryFolder()

    // MARK: The real USGS answer

    /// What one event of the fixture should be stored as, read by XPath.
    struct Expected {
        var id: String, time: Int64, updated: Int64, latitude: Double, longitude: Double, depth: Double
        var magnitude: Double, magType: String, place: String, type: String, net: String, status: String
        /// The origin's and magnitude's quality, as XPath reads them (metres).
        var measurements: [String: String] = [:]
    }

    static func independentReading(_ path: String) throws -> [Expected] {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        func child(_ node: XMLNode, _ path: String) throws -> XMLNode? {
            let steps = path.split(separator: "/").map { "*[local-name()='\($0)']" }.joined(separator: "/")
            return try node.nodes(forXPath: steps).first
        }
        func text(_ node: XMLNode, _ path: String) throws -> String {
            try #require(child(node, path)?.stringValue).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func milliseconds(_ text: String) throws -> Int64 {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let date = try #require(formatter.date(from: text))
            return Int64((date.timeIntervalSince1970 * 1000).rounded())
        }
        func measurements(origin: XMLNode, magnitude: XMLNode) throws -> [String: String] {
            var found: [String: String] = [:]
            let paths = ["nst": (origin, "quality/usedStationCount"), "gap": (origin, "quality/azimuthalGap"),
                         "dmin": (origin, "quality/minimumDistance"), "rms": (origin, "quality/standardError"),
                         "horizontalError": (origin, "originUncertainty/horizontalUncertainty"),
                         "depthError": (origin, "depth/uncertainty"), "magError": (magnitude, "mag/uncertainty"),
                         "magNst": (magnitude, "stationCount"), "locationSource": (origin, "creationInfo/agencyID"),
                         "magSource": (magnitude, "creationInfo/agencyID"), "evaluationMode": (origin, "evaluationMode"),
                         "evaluationStatus": (origin, "evaluationStatus")]
            for (key, (node, path)) in paths {
                if let value = try child(node, path)?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) {
                    found[key] = value
                }
            }
            return found
        }
        return try document.nodes(forXPath: "//*[local-name()='event']").map { event in
            let publicID = try #require(try event.nodes(forXPath: "@publicID").first?.stringValue)
            let id = String(try #require(publicID.firstMatch(of: /eventid=([^&]+)/)).output.1)
            let originID = try text(event, "preferredOriginID"), magnitudeID = try text(event, "preferredMagnitudeID")
            let origin = try #require(try event.nodes(forXPath: "*[local-name()='origin'][@publicID='\(originID)']").first)
            let magnitude = try #require(try event.nodes(forXPath: "*[local-name()='magnitude'][@publicID='\(magnitudeID)']").first)
            let name = try #require(try event.nodes(forXPath: "*[local-name()='description'][*[local-name()='type']='earthquake name']").first)
            let mode = try text(origin, "evaluationMode")
            return Expected(
                id: id, time: try milliseconds(text(origin, "time/value")),
                updated: try milliseconds(text(event, "creationInfo/creationTime")),
                latitude: try #require(Double(text(origin, "latitude/value"))),
                longitude: try #require(Double(text(origin, "longitude/value"))),
                depth: try #require(Double(text(origin, "depth/value"))) / 1000,
                magnitude: try #require(Double(text(magnitude, "mag/value"))), magType: try text(magnitude, "type"),
                place: try text(name, "text"), type: try text(event, "type"),
                net: try text(event, "creationInfo/agencyID").lowercased(), status: mode == "manual" ? "reviewed" : "automatic",
                measurements: try measurements(origin: origin, magnitude: magnitude))
        }
    }

    @Test func everyEventOfARealAnswerMatchesAnIndependentReading() throws {
        let catalog = try folder.catalog()
        let report = try QuakeImporter(catalog: catalog).importFile(at: Fixture.quakeML2009, name: "usgs.quakeml")
        #expect(report.summaryLine == "imported usgs.quakeml: 270 new, 0 updated, 0 unchanged, 0 skipped")
        let expected = try Self.independentReading(Fixture.quakeML2009)
        #expect(expected.count == 270)
        #expect(Set(expected.map(\.type)) == ["earthquake", "quarry blast", "other event"])
        let stored = try storedQuakes(catalog)
        #expect(stored.count == 270)
        for event in expected {
            let quake = try #require(stored[event.id])
            var expected = Quake(
                id: event.id, code: event.id, net: event.net, ids: ",\(event.id),",
                magnitude: event.magnitude, magType: event.magType, place: event.place,
                time: Date(epochMilliseconds: event.time), updated: Date(epochMilliseconds: event.updated),
                depth: event.depth, latitude: event.latitude, longitude: event.longitude,
                status: event.status, type: event.type,
                // USGS's title: halves away from zero, a type but earthquake named.
                title: "M \(MagnitudeTextTests.decimalTenths(event.magnitude))"
                    + (event.type == "earthquake" ? "" : " " + event.type.capitalized) + " - \(event.place)",
                url: "https://earthquake.usgs.gov/earthquakes/eventpage/\(event.id)")
            let m = event.measurements
            func number(_ key: String) -> Double? { m[key].flatMap(Double.init) }
            expected.nst = m["nst"].flatMap { Int($0) }; expected.magNst = m["magNst"].flatMap { Int($0) }
            (expected.gap, expected.dmin, expected.rms, expected.magError) = (number("gap"), number("dmin"), number("rms"), number("magError"))
            expected.horizontalError = number("horizontalError").map { $0 / 1000 }
            expected.depthError = number("depthError").map { $0 / 1000 }
            (expected.locationSource, expected.magSource) = (m["locationSource"], m["magSource"])
            (expected.evaluationMode, expected.evaluationStatus) = (m["evaluationMode"], m["evaluationStatus"])
            #expect(quake == expected)
        }
    }

    // MARK: What other services send

    static let bed = "http://quakeml.org/xmlns/bed/1.2"

    /// A QuakeML document holding `events`, everything in `namespace`
    /// (ISC puts all of it in the `quakeml/1.2` one).
    static func document(_ events: String, namespace: String = bed) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <q:quakeml xmlns:q="http://quakeml.org/xmlns/quakeml/1.2" xmlns="\(namespace)">
          <eventParameters publicID="smi:local/parameters">
        \(events)
          </eventParameters>
        </q:quakeml>
        """
    }

    func imported(_ text: String) throws -> (ImportReport, [String: Quake]) {
        let catalog = try folder.catalog()
        let report = try QuakeImporter(catalog: catalog).importData(Data(text.utf8), name: "answer")
        return (report, try storedQuakes(catalog))
    }

    /// ISC-like: the other namespace, elements in another order, the
    /// preferred origin and magnitude not first, named before the origins,
    /// no event type, a Flinn-Engdahl region, the agency on the origin only.
    static let iscEvent = """
        <event publicID="smi:ISC/evid=600516599">
          <preferredOriginID>smi:ISC/origid=2</preferredOriginID>
          <description><text>NEAR COAST OF PERU</text><type>Flinn-Engdahl region</type></description>
          <magnitude publicID="smi:ISC/magid=1"><mag><value>4.1</value></mag><type>mb</type></magnitude>
          <magnitude publicID="smi:ISC/magid=2"><type>MS</type><mag><value>4.4</value></mag></magnitude>
          <preferredMagnitudeID>smi:ISC/magid=2</preferredMagnitudeID>
          <origin publicID="smi:ISC/origid=1">
            <time><value>2012-05-29T23:00:00Z</value></time>
            <latitude><value>1</value></latitude><longitude><value>2</value></longitude>
          </origin>
          <origin publicID="smi:ISC/origid=2">
            <depth><value>35000.0</value></depth>
            <longitude><value>-80.5</value></longitude><latitude><value>-12.25</value></latitude>
            <evaluationStatus>reviewed</evaluationStatus>
            <time><value>2012-05-29T23:58:58.77Z</value></time>
            <creationInfo><agencyID>ISC</agencyID></creationInfo>
          </origin>
        </event>
        """

    @Test func anISCEventInItsOwnNamespaceAndOrder() throws {
        let (report, stored) = try imported(Self.document(Self.iscEvent, namespace: "http://quakeml.org/xmlns/quakeml/1.2"))
        #expect(report.summaryLine == "imported answer: 1 new, 0 updated, 0 unchanged, 0 skipped")
        #expect(stored == ["isc:600516599": Quake(
            id: "isc:600516599", code: "600516599", net: "isc", ids: ",isc:600516599,",
            magnitude: 4.4, magType: "MS", place: "NEAR COAST OF PERU",
            time: Date(epochMilliseconds: 1_338_335_938_770), updated: Date(epochMilliseconds: 1_338_335_938_770),
            depth: 35, latitude: -12.25, longitude: -80.5, status: "reviewed", type: "earthquake",
            title: "M 4.4 - NEAR COAST OF PERU", url: "").with(locationSource: "ISC", evaluationStatus: "reviewed")])
    }

    /// INGV-like: `eventId=` in the publicID's query, a region name after a
    /// Flinn-Engdahl region, a depth above sea level, an automatic origin.
    static let ingvEvent = """
        <event publicID="smi:webservices.ingv.it/fdsnws/event/1/query?eventId=863301">
          <type>earthquake</type>
          <description><type>Flinn-Engdahl region</type><text>NORTHERN ITALY</text></description>
          <description><type>region name</type><text>Costa Marchigiana Pesarese (Pesaro-Urbino)</text></description>
          <preferredOriginID>smi:webservices.ingv.it/fdsnws/event/1/query?originId=1</preferredOriginID>
          <origin publicID="smi:webservices.ingv.it/fdsnws/event/1/query?originId=1">
            <time><value>2012-05-29T07:00:02.870000Z</value></time>
            <latitude><value>43.95</value></latitude><longitude><value>12.9</value></longitude>
            <depth><value>-1500</value></depth>
            <evaluationMode>automatic</evaluationMode>
          </origin>
          <magnitude publicID="smi:webservices.ingv.it/fdsnws/event/1/query?magnitudeId=1">
            <mag><value>2.3</value></mag><type>ML</type>
          </magnitude>
          <creationInfo><agencyID>INGV</agencyID><creationTime>2012-06-01T10:00:00</creationTime></creationInfo>
        </event>
        """

    @Test func anINGVEventWithARegionNameAboveSeaLevel() throws {
        let (report, stored) = try imported(Self.document(Self.ingvEvent))
        #expect(report.summaryLine == "imported answer: 1 new, 0 updated, 0 unchanged, 0 skipped")
        #expect(stored == ["ingv:863301": Quake(
            id: "ingv:863301", code: "863301", net: "ingv", ids: ",ingv:863301,",
            magnitude: 2.3, magType: "ML", place: "Costa Marchigiana Pesarese (Pesaro-Urbino)",
            time: Date(epochMilliseconds: 1_338_274_802_870), updated: Date(epochMilliseconds: 1_338_544_800_000),
            depth: -1.5, latitude: 43.95, longitude: 12.9, status: "automatic", type: "earthquake",
            title: "M 2.3 - Costa Marchigiana Pesarese (Pesaro-Urbino)", url: "").with(evaluationMode: "automatic")])
    }

    @Test func anEventWithoutAnOriginIsSkippedWithItsReason() throws {
        let withoutOrigin = """
            <event publicID="smi:ISC/evid=1"><description><text>NOWHERE</text></description></event>
            <event publicID="smi:ISC/evid=2"><origin publicID="smi:ISC/origid=3"><time><value>2012-05-29T23:00:00Z</value></time></origin></event>
            """
        let (report, stored) = try imported(Self.document(Self.iscEvent + withoutOrigin))
        #expect(report.summaryLine == "imported answer: 1 new, 0 updated, 0 unchanged, 2 skipped")
        #expect(report.skipped == [.init(location: "event 2", reason: "missing origin"),
                                   .init(location: "event 3", reason: "missing coordinates")])
        #expect(Array(stored.keys) == ["isc:600516599"])
    }

    /// CDATA was ignored (a place in CDATA lost, coordinates in CDATA made
    /// the event "missing coordinates"), and a value with a child element
    /// kept only the text after the child.
    @Test func aValueIsAllTheCharacterDataAndCDATAOfItsElement() throws {
        let event = Self.iscEvent
            .replacingOccurrences(of: "<text>NEAR COAST OF PERU</text>", with: "<text>NEAR <![CDATA[COAST]]> <b>OF</b> PERU</text>")
            .replacingOccurrences(of: "<value>-80.5</value>", with: "<value><![CDATA[-80.5]]></value>")
            .replacingOccurrences(of: "<value>-12.25</value>", with: "<value> <![CDATA[-12]]>.25 </value>")
        let (report, stored) = try imported(Self.document(event))
        #expect(report.summaryLine == "imported answer: 1 new, 0 updated, 0 unchanged, 0 skipped")
        let quake = try #require(stored["isc:600516599"])
        #expect(quake.place == "NEAR COAST OF PERU")
        #expect(quake.latitude == -12.25)
        #expect(quake.longitude == -80.5)
    }

    @Test func publicIDsNameTheEventAndItsService() throws {
        let (_, stored) = try imported(Self.document(
            Self.iscEvent.replacingOccurrences(of: "smi:ISC/evid=600516599", with: "quakeml:eu.emsc/event/20120529_0000049")
            + Self.ingvEvent.replacingOccurrences(of: "smi:webservices.ingv.it/fdsnws/event/1/query?eventId=863301",
                                                  with: "quakeml:earthquake.usgs.gov/fdsnws/event/1/query?eventid=us1000abcd&amp;format=quakeml")))
        // EMSC's publicIDs name the host `eu.emsc`; ComCat's ids stay bare.
        #expect(stored.keys.sorted() == ["emsc:20120529_0000049", "us1000abcd"])
        #expect(stored["us1000abcd"]?.url == "https://earthquake.usgs.gov/earthquakes/eventpage/us1000abcd")
        // SeisComP services name themselves backwards (GEOFON, GeoNet).
        let (_, seisComP) = try imported(Self.document(
            Self.iscEvent.replacingOccurrences(of: "smi:ISC/evid=600516599", with: "smi:org.gfz-potsdam.de/geofon/gfz2021eomm")
            + Self.ingvEvent.replacingOccurrences(of: "smi:webservices.ingv.it/fdsnws/event/1/query?eventId=863301",
                                                  with: "smi:nz.org.geonet/2016p858000")))
        // The same two quakes again, from two other services: each joins the event it reports.
        #expect(seisComP.keys.sorted() == ["emsc:20120529_0000049", "us1000abcd"])
        let origins = try folder.catalog().origins(ofEvents: ["emsc:20120529_0000049", "us1000abcd"])
        #expect(origins.map(\.report.id) == ["emsc:20120529_0000049", "gfz:gfz2021eomm", "us1000abcd", "geonet:2016p858000"])
    }

    /// An empty `eventid=` stored every such event as the one quake `query`.
    @Test func aPublicIDNamingNoEventIsSkippedWithItsReason() throws {
        let query = "quakeml:earthquake.usgs.gov/fdsnws/event/1/query"
        let events = [("\(query)?eventid=&amp;format=quakeml", "-12.25"), ("\(query)?format=quakeml", "-12.5"), ("smi:ISC/evid=7", "-13")]
            .map { publicID, latitude in
                Self.iscEvent.replacingOccurrences(of: "smi:ISC/evid=600516599", with: publicID)
                    .replacingOccurrences(of: "<value>-12.25</value>", with: "<value>\(latitude)</value>")
            }
        let (report, stored) = try imported(Self.document(events.joined()))
        #expect(report.lines == [
            "imported answer: 1 new, 0 updated, 0 unchanged, 2 skipped",
            "  skipped event 1: no event id in publicID \"\(query)?eventid=&format=quakeml\"",
            "  skipped event 2: no event id in publicID \"\(query)?format=quakeml\"",
        ])
        #expect(Array(stored.keys) == ["isc:7"])
    }

    @Test func blanksBeforeTheFirstTagStillMeanQuakeML() throws {
        let (report, _) = try imported("\n  \t" + Self.document(Self.iscEvent))
        #expect(report.new == 1)
    }

    @Test func theServiceGivenNamesTheEventsWhateverTheirPublicIDs() throws {
        var parsed: [ParsedEvent] = []
        let text = Self.document(Self.iscEvent)
        try Array(text.utf8).withUnsafeBufferPointer { bytes in
            try QuakeMLReader.read(bytes, service: "emsc") { _, event in parsed.append(event) }
        }
        guard case .quake(let quake) = try #require(parsed.first) else { Issue.record("skipped: \(parsed)"); return }
        #expect(parsed.count == 1)
        #expect(quake.id == "emsc:600516599")
        #expect(quake.ids == ",emsc:600516599,")
    }

    @Test func valuesOutOfRangeAreSkippedWithTheirReasons() throws {
        let deep = Self.iscEvent.replacingOccurrences(of: "<value>35000.0</value>", with: "<value>2000000</value>")
        let strong = Self.ingvEvent.replacingOccurrences(of: "<value>2.3</value>", with: "<value>99</value>")
        let (report, stored) = try imported(Self.document(deep + strong))
        #expect(report.skipped == [.init(location: "event 1", reason: "depth 2000.0 out of range"),
                                   .init(location: "event 2", reason: "magnitude 99.0 out of range")])
        #expect(stored.isEmpty)
    }

    // MARK: Files that are not QuakeML to read

    @Test func aFileCutShortFailsNamingTheElementLeftOpen() throws {
        let text = Self.document(Self.iscEvent)
        let cut = String(text[..<text.range(of: "<depth>")!.lowerBound])
        let catalog = try folder.catalog()
        #expect(throws: ImportError(name: "answer", message: "unexpected end of input (<origin> is not closed)", location: "15:5")) {
            try QuakeImporter(catalog: catalog).importData(Data(cut.utf8), name: "answer")
        }
        #expect(try storedQuakes(catalog).isEmpty)
    }

    @Test func malformedXMLIsOneLineWithItsLineAndColumn() throws {
        let bad = folder.write("bad.xml", Self.document(Self.iscEvent).replacingOccurrences(of: "</eventParameters>", with: "</parameters>"))
        let result = try runQuakesTUI(["import", "--db", folder.file("q.sqlite"), bad])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        // Line 22 of the document (the line after the event's 18), just after the wrong end tag.
        #expect(result.stderr == "error: \(bad): not well-formed XML: end tag does not match its start tag at 22:16\n")
    }

    /// libxml2's errors were said by number (`libxml2 error 26`).
    @Test func anXMLErrorIsSaidInWords() throws {
        let text = Self.document(Self.iscEvent.replacingOccurrences(of: "NEAR COAST", with: "NEAR&nbsp;COAST"))
        let catalog = try folder.catalog()
        #expect(throws: ImportError(name: "answer", message: "not well-formed XML: undeclared entity", location: "6:32")) {
            try QuakeImporter(catalog: catalog).importData(Data(text.utf8), name: "answer")
        }
    }

    @Test func aValueThatIsNotANumberFailsTheFile() throws {
        let text = Self.document(Self.iscEvent.replacingOccurrences(of: "<value>-12.25</value>", with: "<value>south</value>"))
        let catalog = try folder.catalog()
        // Line 13 of the event, just after the value's end tag.
        #expect(throws: ImportError(name: "answer", message: "latitude must be a number, found \"south\"", location: "16:78")) {
            try QuakeImporter(catalog: catalog).importData(Data(text.utf8), name: "answer")
        }
        #expect(try storedQuakes(catalog).isEmpty)
    }
}

extension Quake {
    /// The quake with the origin's agency and evaluation a QuakeML event gives.
    func with(locationSource: String? = nil, evaluationMode: String? = nil, evaluationStatus: String? = nil) -> Quake {
        var quake = self
        (quake.locationSource, quake.evaluationMode, quake.evaluationStatus) = (locationSource, evaluationMode, evaluationStatus)
        return quake
    }
}
