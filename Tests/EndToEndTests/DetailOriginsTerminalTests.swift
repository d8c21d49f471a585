import Foundation
import Testing
import TestSupport

/// The details of an event reported by two services, in the real binary:
/// its origins are read off the run loop's thread and arrive as an event,
/// so the details list them a frame after they open.
@Suite("Detail origins", .timeLimit(.minutes(10)))
struct DetailOriginsTerminalTests {
    static let association = Fixture.folder.appendingPathComponent("association")
    static let emsc = association.appendingPathComponent("emsc_fdsnws-event_2017-09-01_2017-11-01_M6.5.txt").path
    static let usgs = association.appendingPathComponent("usgs_2017-09-01_2017-11-01_M6.5.csv").path

    @Test("⏎ on the M8.2 lists its two reports: USGS's preferred, EMSC's with its differences")
    func theDetailsListBothServicesReports() throws {
        let session = try TmuxSession(extraImports: [Self.emsc, Self.usgs])
        session.waitForTable()
        session.pressChangingBody("2")
        session.send("g")
        session.waitUntil { $0.rows.first?.magnitude == "8.2" }
        session.send("Enter")
        let pane = session.waitUntil { pane in pane.lines.contains { $0.contains("2 reports: usgs, emsc") } }
        let lines = pane.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        let at = try #require(lines.firstIndex(of: " Origins       2 reports: usgs, emsc"), "\(pane)")
        // The times, places and differences as `list --origins` gives them:
        // 04:49:21.2 against 04:49:19.18, 9.6 km apart, M8.1 against M8.2.
        #expect(Array(lines[(at + 1)...(at + 2)]) == [
            "  *usgs        us2000ahv0  04:49:19.180  M8.2 mww  15.022 -93.899 47.4 km  preferred",
            "   emsc        emsc:20170908_0000020  04:49:21.200  M8.1 mw  15.020 -93.810 72.0 km  Δt +2.0 s  Δ 9.6 km  ΔM -0.1",
        ], "\(pane)")
    }
}
