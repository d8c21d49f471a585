import Foundation
import FoundationXML
import QuakeStore
import Testing
import TestSupport

/// Association by PDL's rules, on PDL's own fixtures (`Tests/Fixtures/pdl`,
/// USGS PDL at e595abb, public domain): its tests' expected event counts,
/// and the rules one by one on made-up origins.
@Suite struct EventAssociatorTests {
    /// A PDL origin product: its status and the properties association reads.
    struct Product {
        var isDelete: Bool
        var origin: OriginReport?

        init(path: String) throws {
            final class Reader: NSObject, XMLParserDelegate {
                var properties: [String: String] = [:]
                var status = ""
                func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                            attributes: [String: String]) {
                    if name == "product" { status = attributes["status"] ?? "" }
                    if name == "property", let key = attributes["name"], let value = attributes["value"] { properties[key] = value }
                }
            }
            let reader = Reader()
            let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
            parser.delegate = reader
            #expect(parser.parse(), "\(path)")
            isDelete = reader.status == "DELETE"
            let p = reader.properties
            guard !isDelete, let source = p["eventsource"], let code = p["eventsourcecode"], let time = p["eventtime"],
                  let latitude = p["latitude"].flatMap(Double.init), let longitude = p["longitude"].flatMap(Double.init),
                  let date = ISO8601DateFormatter.withFractions.date(from: time) else { origin = nil; return }
            origin = OriginReport(source: source, code: code, time: Int64((date.timeIntervalSince1970 * 1000).rounded()),
                                  latitude: latitude, longitude: longitude, magnitude: p["magnitude"].flatMap(Double.init))
        }
    }

    /// The products of a fixture folder in their update order (the file
    /// names end in the update time), associated one after the other; a
    /// DELETE leaves its origin associated, as PDL's test says it does.
    static func events(in folder: String) throws -> [[String]] {
        let directory = Fixture.folder.appendingPathComponent("pdl").appendingPathComponent(folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".xml") }
            .sorted { updateTime($0) < updateTime($1) }
        var events: [AssociatedEvent] = [], codes: [[String]] = []
        let associator = EventAssociator()
        for file in files {
            guard let origin = try Product(path: directory.appendingPathComponent(file).path).origin else { continue }
            let key = AssociatedEvent.OriginKey(source: origin.source, code: origin.code)
            if let index = associator.event(for: origin, among: events) {
                if events[index].origins.insert(key).inserted { codes[index].append(origin.source + origin.code) }
            } else {
                events.append(AssociatedEvent(preferred: origin, origins: [key]))
                codes.append([origin.source + origin.code])
            }
        }
        return codes
    }

    static func updateTime(_ file: String) -> Int {
        Int(file.dropLast(4).split(separator: "_").last.map(String.init) ?? "") ?? 0
    }

    /// PDL's MisassociationTest: a Japan M 6.2 and a California M 0.3,
    /// 27.7 s and 8,156 km apart, stay two events.
    @Test func pdlsMisassociationFixtureIsTwoEvents() throws {
        #expect(try Self.events(in: "20110725_usc00053hg_nc71606670") == [["usc00053hg"], ["nc71606670"]])
    }

    /// PDL's MultipleSameSourceTest: NN 00488363 joins NC 72418635 (0.16 s,
    /// 21.6 km apart, ΔM 1.13: magnitudes are not compared), and NN 00488366
    /// does not (the event holds another NN origin): two events.
    @Test func pdlsMultipleSameSourceFixtureIsTwoEvents() throws {
        #expect(try Self.events(in: "multiple_samesource") == [["nc72418635", "nn00488363"], ["nn00488366"]])
        let folder = Fixture.folder.appendingPathComponent("pdl/multiple_samesource")
        let nc = try #require(try Product(path: folder.appendingPathComponent("origin_nc72418635_nc_1427489045050.xml").path).origin)
        let nn = try #require(try Product(path: folder.appendingPathComponent("origin_nn00488363_nn_1427492032529.xml").path).origin)
        // The README's figures, from the files: 0.16 s and 21.6 km.
        #expect(abs(Double(nn.time - nc.time) / 1000 - 0.162) < 1e-9)
        #expect(abs(GreatCircle.distanceKilometres(nc.latitude, nc.longitude, nn.latitude, nn.longitude) - 21.6) < 0.05)
    }

    /// libcomcat's `test_associate` (usgs/libcomcat, `tests/libcomcat/dataframes_test.py`, public domain) with
    /// ComCat's real candidates from its cassette (`Tests/Fixtures/association/README.md`): its windows
    /// (120 s, 100 km, ±0.5 magnitude) pick ci38460983 for the 09:30:15 M 4.5, and under PDL's 16 s nothing.
    @Test func libcomcatsRidgecrestExamplePicksTheSecondM45() {
        let candidates = [("ci38460967", 1562405308980, 35.898, -117.7271667, 4.89),
                          ("ci37258076", 1562405321790, 35.887, -117.7168333, 4.24),
                          ("ci38460975", 1562405360970, 35.8811667, -117.7175, 4.41),
                          ("ci38460983", 1562405441240, 35.9098333, -117.7323333, 4.49)].map { id, time, lat, lon, mag in
            AssociatedEvent(preferred: OriginReport(source: "ci", code: id, time: Int64(time), latitude: lat, longitude: lon, magnitude: mag),
                            origins: [.init(source: "ci", code: id)])
        }
        // 2019-07-06 09:30:15 UTC.
        let input = OriginReport(source: "libcomcat", code: "input", time: 1_562_405_415_000, latitude: 35.911, longitude: -117.732,
                                 magnitude: 4.5)
        let libcomcat = EventAssociator(windows: AssociationWindows(seconds: 120, magnitude: 0.5))
        #expect(libcomcat.event(for: input, among: candidates).map { candidates[$0].preferred.code } == "ci38460983")
        #expect(EventAssociator().event(for: input, among: candidates) == nil, "26.24 s: outside PDL's 16 s")
        // The README's "PDL d (120 s)" column, computed there independently.
        let distances = candidates.map { (libcomcat.normalisedDistance($0.preferred, input) * 10_000).rounded() / 10_000 }
        #expect(distances == [0.8836, 0.7774, 0.4518, 0.2187])
    }

    static let base = OriginReport(source: "us", code: "a", time: 1_000_000, latitude: 60, longitude: 179.5, magnitude: 5)

    /// The box: ±0.9° latitude (100/111.12), ±0.9°/cos(lat) longitude (1.8° at 60°N), 16 s;
    /// across 180° the short way round.
    @Test func theWindowsAreABoxAndSixteenSeconds() {
        let associator = EventAssociator()
        func moved(seconds: Double = 0, latitude: Double = 0, longitude: Double = 0) -> OriginReport {
            var origin = Self.base
            origin.source = "ak"; origin.code = "b"
            origin.time += Int64(seconds * 1000); origin.latitude += latitude; origin.longitude += longitude
            if origin.longitude > 180 { origin.longitude -= 360 }
            return origin
        }
        #expect(associator.isCandidate(Self.base, for: moved(seconds: 16)))
        #expect(!associator.isCandidate(Self.base, for: moved(seconds: 16.001)))
        #expect(associator.isCandidate(Self.base, for: moved(latitude: 0.89)))
        #expect(!associator.isCandidate(Self.base, for: moved(latitude: 0.91)))
        #expect(associator.isCandidate(Self.base, for: moved(longitude: 1.7)), "179.5 to -178.8: 1.7° the short way")
        #expect(!associator.isCandidate(Self.base, for: moved(longitude: 1.9)))
        let libcomcat = EventAssociator(windows: AssociationWindows(magnitude: 0.5))
        var bigger = moved(seconds: 1); bigger.magnitude = 5.6
        #expect(associator.isCandidate(Self.base, for: bigger) && !libcomcat.isCandidate(Self.base, for: bigger))
    }

    /// Several candidates: the nearest by PDL's normalised distance; an
    /// origin already held is found whatever its position.
    @Test func theNearestCandidateWinsAndAKnownOriginStays() {
        let far = AssociatedEvent(preferred: OriginReport(source: "us", code: "far", time: 1_000_000 + 10_000, latitude: 60.5,
                                                          longitude: 179.5), origins: [.init(source: "us", code: "far")])
        let near = AssociatedEvent(preferred: OriginReport(source: "at", code: "near", time: 1_000_000 + 2_000, latitude: 60.1,
                                                           longitude: 179.5), origins: [.init(source: "at", code: "near")])
        let incoming = OriginReport(source: "emsc", code: "x", time: 1_000_000, latitude: 60, longitude: 179.5)
        let associator = EventAssociator()
        #expect(associator.event(for: incoming, among: [far, near]) == 1)
        // By hand, d = 100/111.12: √((0.1/d)² + (2/16)²) = 0.16725 against √((0.5/d)² + (10/16)²) = 0.8362.
        #expect(abs(associator.normalisedDistance(near.preferred, incoming) - 0.1672502747381899) < 1e-12)
        var moved = incoming
        moved.latitude = -10
        var holding = far
        holding.origins.insert(.init(source: "emsc", code: "x"))
        #expect(associator.event(for: moved, among: [near, holding]) == 1, "its own event, though it moved")
    }
}

extension ISO8601DateFormatter {
    nonisolated(unsafe) static let withFractions: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
