import Foundation
import TestSupport

/// A fixture quake as Foundation's JSON parser reads it: the oracle the
/// screen is checked against (never what the app printed).
struct FixtureQuake: Sendable, Equatable {
    let id: String
    let time: Int64
    let magnitude: Double?
    let place: String
    let depth: Double
    let latitude: Double
    let longitude: Double
    let title: String
    let url: String

    /// `2018-06-14 09:12:13`, UTC: how the table shows it with TZ=UTC.
    var utcSecond: String { Oracle.utc(milliseconds: time, fraction: false) }
    /// `2018-06-14 09:12:13.010`, UTC: the detail view's UTC line.
    var utcMilliseconds: String { Oracle.utc(milliseconds: time, fraction: true) }
    /// `2018-06-14`: the UTC day, the day section it belongs to.
    var day: String { String(utcSecond.prefix(10)) }
    /// `2.9`: one decimal, as the Mag column shows it.
    var shownMagnitude: String { magnitude.map { String(format: "%.1f", $0) } ?? "—" }
    /// `M5` for 5.0…5.99: the magnitude band section.
    var band: String { magnitude.map { "M\(Int($0.rounded(.down)))" } ?? "M unknown" }
}

enum Oracle {
    /// The 4,711 quakes of the week fixture.
    static let week: [FixtureQuake] = load(Fixture.week)
    static let day2014: [FixtureQuake] = load(Fixture.day2014)

    static func load(_ path: String) -> [FixtureQuake] {
        (try! Fixture.features(path)).map { feature in
            let p = feature["properties"] as! [String: Any]
            let geometry = feature["geometry"] as! [String: Any]
            let coordinates = geometry["coordinates"] as! [Any]
            return FixtureQuake(
                id: feature["id"] as! String,
                time: Int64((p["time"] as! NSNumber).int64Value),
                magnitude: (p["mag"] as? NSNumber)?.doubleValue,
                place: p["place"] as? String ?? "",
                depth: (coordinates[2] as! NSNumber).doubleValue,
                latitude: (coordinates[1] as! NSNumber).doubleValue,
                longitude: (coordinates[0] as! NSNumber).doubleValue,
                title: p["title"] as? String ?? "",
                url: p["url"] as? String ?? "")
        }
    }

    /// Newest first, as the browser opens.
    static var newestFirst: [FixtureQuake] { week.sorted { $0.time > $1.time } }

    static func utc(milliseconds: Int64, fraction: Bool) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = String(format: "%04d-%02d-%02d %02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                          Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        if fraction { text += String(format: ".%03d", Int(milliseconds % 1000)) }
        return text
    }

    /// `4,711`.
    static func count(_ n: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        formatter.groupingSize = 3
        return formatter.string(from: NSNumber(value: n))!
    }

    /// Case- and accent-insensitive: `Île` and `ILE` fold to `ile`.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The quakes a table row can be: same UTC second, place shown (or its
    /// cut beginning) and magnitude.
    static func quakes(shownAs row: TableRow, in quakes: [FixtureQuake] = week) -> [FixtureQuake] {
        quakes.filter { $0.utcSecond == row.time && row.shows(place: $0.place) && $0.shownMagnitude == row.magnitude }
    }
}
