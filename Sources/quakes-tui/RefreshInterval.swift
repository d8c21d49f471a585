import Foundation

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
    /// a bare number is seconds.
    static func seconds(parsing text: String) throws -> Int {
        var total = 0
        var digits = ""
        var sawUnit = false
        for character in text.trimmingCharacters(in: .whitespaces).lowercased() {
            if character.isASCII && character.isNumber {
                digits.append(character)
                continue
            }
            let unit: Int
            switch character {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            default: throw RefreshIntervalError(text: text)
            }
            // Past a century of seconds is no duration anyone means (and would overflow).
            guard let n = Int(digits), n <= 4_000_000_000 / unit else { throw RefreshIntervalError(text: text) }
            total += n * unit
            digits = ""
            sawUnit = true
        }
        if !digits.isEmpty {
            // A bare number is seconds, but not after a unit ("5m30").
            guard !sawUnit, let n = Int(digits), n <= 4_000_000_000 else { throw RefreshIntervalError(text: text) }
            total += n
        }
        guard total > 0 || sawUnit || !digits.isEmpty else { throw RefreshIntervalError(text: text) }
        return total
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
