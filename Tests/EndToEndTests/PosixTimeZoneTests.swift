import Foundation
import TestSupport
import Testing

/// `TZ` as the C library reads it, POSIX strings included, against `date`
/// run with the same `TZ`: the rows' times, the zone named on the top line,
/// and the details' zone at each quake's own time (summer or winter).
@Suite(.serialized) struct PosixTimeZoneTests {
    /// 2018-12-20 00:00:00 UTC: winter in the north, and newer than the
    /// week's quakes, so the first row; the week's newest (June) is the second.
    static let winter: Int64 = 1_545_264_000_000

    /// `date` with `TZ`, an independent reading of the same string.
    static func date(_ tz: String, _ arguments: [String]) throws -> String {
        let result = try runProgram("date", arguments, environment: ["TZ": tz])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    @Test(arguments: ["JST-9", "CET-1CEST", "EST5EDT,M3.2.0,M11.1.0", "<+1345>-13:45", "UTC-14", "Europe/Paris"])
    func timesFollowTZAsDateDoes(_ tz: String) throws {
        let folder = TemporaryFolder()
        let feed = folder.write("winter.geojson", singleQuakeFeed(id: "zz1", place: "Winter test", magnitude: 3, time: Self.winter))
        let session = try TmuxSession(extraImports: [feed], timeZone: tz)
        let pane = session.waitForTable()
        let summer = Oracle.newestFirst[0].time
        let instants = [Self.winter / 1000, summer / 1000]
        let times = try instants.map { try Self.date(tz, ["-d", "@\($0)", "+%Y-%m-%d %H:%M:%S"]) }
        let zones = try instants.map { try Self.date(tz, ["-d", "@\($0)", "+%Z"]) }
        #expect(Array(pane.rows.map(\.time).prefix(2)) == times, "\(pane)")
        #expect(pane.top.hasSuffix("times \(try Self.date(tz, ["+%Z"]))"), "\(pane)")

        session.send("Enter")
        var details = session.waitUntil { $0.detail("Id") == "zz1" }
        #expect(details.detail("Time")?.hasPrefix("\(times[0]) \(zones[0])  ") == true, "\(details)")
        session.send("j")
        details = session.waitUntil { $0.detail("Id") == Oracle.newestFirst[0].id }
        #expect(details.detail("Time")?.hasPrefix("\(times[1]) \(zones[1])  ") == true, "\(details)")
    }
}
