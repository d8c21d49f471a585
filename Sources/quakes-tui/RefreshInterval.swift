import Foundation
import QuakeStore

/// A refresh period: `90s`, `5m`, `1h`, `1h30m`; at least 10 s, so a timer
/// never hammers USGS (`watch --every` allows 1 s: see WatchCommand).
struct RefreshInterval: Equatable, CustomStringConvertible {
    var seconds: Int

    static let minimum = 10

    init(parsing text: String, minimum: Int = RefreshInterval.minimum) throws {
        let total = try Self.seconds(parsing: text)
        guard total >= minimum else {
            throw RefreshIntervalError(text: text, reason: "is shorter than \(minimum) s")
        }
        seconds = total
    }

    /// Any duration in seconds, zero or more: `90s`, `5m`, `1h30m`, `30d`;
    /// a bare number is seconds (`DurationText`).
    static func seconds(parsing text: String) throws -> Int {
        guard let seconds = DurationText.seconds(text) else { throw RefreshIntervalError(text: text) }
        return seconds
    }

    var description: String {
        var rest = seconds
        var parts: [String] = []
        for (unit, size) in [("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            parts.append("\(rest / size)\(unit)")
            rest %= size
        }
        return parts.joined()
    }
}

struct RefreshIntervalError: Error, CustomStringConvertible {
    var text: String
    var reason = "is not a duration (examples: 90s, 5m, 1h, 1h30m)"
    var description: String { "'\(text)' \(reason)" }
}
