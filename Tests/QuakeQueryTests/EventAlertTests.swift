import Foundation
import GRDB
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// Alerts once per event: the real EMSC and USGS answers for one window
/// (`Tests/Fixtures/association`) report the same six quakes; the second
/// service's reports join the first's events and never alert again, and
/// an event alerts a second time only when its magnitude grows by 0.5.
@Suite struct EventAlertTests {
    let folder = TemporaryFolder()
    static let association = Fixture.folder.appendingPathComponent("association")
    static let emsc = association.appendingPathComponent("emsc_fdsnws-event_2017-09-01_2017-11-01_M6.5.txt").path
    static let usgs = association.appendingPathComponent("usgs_2017-09-01_2017-11-01_M6.5.csv").path

    @Test("EMSC first alerts six times; USGS's reports of the same quakes, taking over as preferred, alert none")
    func aSecondServiceNeverAlertsAgain() throws {
        let catalog = try folder.catalog()
        var matcher = AlertMatcher(catalog: catalog, predicate: try QuakePredicate("magnitude >= 6.5"))
        try matcher.begin()
        _ = try QuakeImporter(catalog: catalog).importFile(at: Self.emsc)
        #expect(try matcher.check().map(\.id) == ["emsc:20170908_0000020", "emsc:20170919_0000091", "emsc:20171008_0000103",
                                                  "emsc:20171010_0000169", "emsc:20171024_0000031", "emsc:20171031_0000002"])
        _ = try QuakeImporter(catalog: catalog).importFile(at: Self.usgs)
        #expect(try catalog.count() == 6)
        #expect(try matcher.check().isEmpty, "Chiapas went from 8.1 to 8.2: no upgrade worth a second alert")
        #expect(matcher.matchingCount == 6)
        // USGS revises Puebla from 7.1 to 7.6: a larger quake than announced.
        let csv = try String(contentsOfFile: Self.usgs, encoding: .utf8).split(separator: "\n")
        let puebla = csv[2].replacingOccurrences(of: ",7.1,mww,", with: ",7.6,mww,")
            .replacingOccurrences(of: "2023-10-30T13:00:18.580Z", with: "2024-01-01T00:00:00.000Z")
        _ = try QuakeImporter(catalog: catalog).importData(Data((csv[0] + "\n" + puebla + "\n").utf8), name: "revision")
        #expect(try matcher.check().map { "\($0.id) \($0.magnitude!)" } == ["us2000ar20 7.6"])
        #expect(try matcher.check().isEmpty)
    }
}
