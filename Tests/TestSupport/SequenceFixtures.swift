import Foundation
import QuakeStore

/// The field's sequence fixtures as USGS CSV feeds the importer reads:
/// OpenQuake HMTK's Gardner–Knopoff test catalogue (SeismoStats'
/// `gardner_knopoff_test_catalogue.csv`, ids gk00 … gk10 in its order, at
/// midnight UTC) and SAPP's 2003 northern Miyagi aftershocks (days from the
/// mainshock, set at 2003-07-25 22:13 UTC, 07:13 JST on the 26th; ids jm1 …).
public enum SequenceFixtures {
    static let header = "time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,"
        + "horizontalError,depthError,magError,magNst,status,locationSource,magSource\n"

    /// One CSV row of a reviewed quake of network `net`.
    public static func row(id: String, time: String, latitude: String, longitude: String, depth: String = "10",
                           magnitude: String, magType: String = "mw", net: String = "tt", place: String = "Test place") -> String {
        "\(time),\(latitude),\(longitude),\(depth),\(magnitude),\(magType),,,,,\(net),\(id),\(time),\(place),earthquake,,,,,reviewed,\(net),\(net)\n"
    }

    public static func csv(_ rows: [String]) -> String { header + rows.joined() }

    /// The 11 quakes of the Gardner–Knopoff test catalogue, placed `place` + their index when `place` is given.
    public static func gardnerKnopoffCSV(place: String? = nil) throws -> String {
        let text = try String(contentsOfFile: Fixture.path("seismostats/gardner_knopoff_test_catalogue.csv"), encoding: .utf8)
        return csv(text.split(separator: "\n").dropFirst().enumerated().map { index, line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return row(id: String(format: "gk%02d", index), time: cells[0] + "T00:00:00.000Z", latitude: cells[2],
                       longitude: cells[1], magnitude: cells[3], place: place.map { "\($0) \(index)" } ?? "Test place")
        })
    }

    /// The Miyagi mainshock's time: 2003-07-25T22:13:00Z.
    public static let miyagiMainshock = Date(timeIntervalSince1970: 1_059_171_180)

    /// SAPP's `main2003JUL26.csv` rows: no., longitude, latitude, magnitude, time (days), depth (negative km), ….
    public static func miyagiRows() throws -> [[String]] {
        let text = try String(contentsOfFile: Fixture.path("sapp/main2003JUL26.csv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    }

    /// The 2,305 Miyagi quakes, times to the millisecond, place "Northern Miyagi".
    public static func miyagiCSV() throws -> String {
        csv(try miyagiRows().map { cells in
            let seconds = (Double(cells[4])! * 86_400 * 1000).rounded() / 1000
            let time = ISOTime.string(epochMilliseconds: Int64(((miyagiMainshock.timeIntervalSince1970 + seconds) * 1000).rounded()))
            return row(id: "jm\(Int(Double(cells[0])!))", time: time, latitude: cells[2], longitude: cells[1],
                       depth: String(-Double(cells[5])!), magnitude: cells[3], magType: "mj", net: "jm", place: "Northern Miyagi")
        })
    }
}
