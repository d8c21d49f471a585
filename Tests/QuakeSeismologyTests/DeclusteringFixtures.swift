import Foundation
import QuakeSeismology

/// Reads the declustering tests' CSV fixtures into `EventColumns`.
enum DeclusteringFixtures {
    /// The 11-event HMTK catalogue (all at depth 0): its columns and the
    /// expected mainshock flags (`mainshock_flag`).
    static func gardnerKnopoffCatalogue() throws -> (events: EventColumns, flags: [Bool]) {
        let rows = try csvRows("seismostats/gardner_knopoff_test_catalogue.csv")
        let events = EventColumns(
            times: rows.map { utcSeconds($0["time"]!) }, latitudes: rows.map { Double($0["latitude"]!)! },
            longitudes: rows.map { Double($0["longitude"]!)! }, depths: rows.map { _ in 0 },
            magnitudes: rows.map { Double($0["magnitude"]!)! })
        return (events, rows.map { $0["mainshock_flag"] == "True" })
    }

    /// Every row of the Swiss Seismological Service's 2023 catalogue, depth
    /// converted from metres to kilometres.
    static func swissCatalogue() throws -> EventColumns {
        let rows = try csvRows("seismostats/catalog_sed.csv")
        return EventColumns(
            times: rows.map { utcSeconds($0["time"]!) }, latitudes: rows.map { Double($0["latitude"]!)! },
            longitudes: rows.map { Double($0["longitude"]!)! }, depths: rows.map { Double($0["depth"]!)! / 1000 },
            magnitudes: rows.map { Double($0["magnitude"]!)! })
    }

    /// A reference script's expected output: per event (input order) its
    /// cluster number and mainshock index.
    static func expected(_ relative: String) throws -> (cluster: [Int], mainshock: [Int]) {
        let rows = try csvRows(relative)
        return (rows.map { Int($0["cluster"]!)! }, rows.map { Int($0["mainshock"]!)! })
    }

    /// Rows of a plain CSV (no quoted commas) as header → field.
    static func csvRows(_ relative: String) throws -> [[String: String]] {
        let text = try String(contentsOfFile: SeismologyFixture.path(relative), encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }

    /// "1980-01-01" or "2023-12-31 23:48:15.845844" (UTC) as seconds since 1970.
    static func utcSeconds(_ text: String) -> Double {
        let parts = text.split(separator: " ")
        let date = parts[0].split(separator: "-").map { Int($0)! }
        var seconds = Double(daysSince1970(year: date[0], month: date[1], day: date[2])) * 86_400
        if parts.count > 1 {
            let clock = parts[1].split(separator: ":").map { Double($0)! }
            seconds += clock[0] * 3600 + clock[1] * 60 + clock[2]
        }
        return seconds
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
