import Foundation

/// A duration as people write one: `90s`, `5m`, `1h30m`, `30d`; a bare
/// number is seconds (not after a unit: `5m30` is refused). The one grammar
/// of `--refresh-every`, `watch --every`, `fetch --start 30d` and the
/// predicates' ages (`time > "7d"`).
public enum DurationText {
    /// Whole seconds, zero or more; nil when `text` is not a duration.
    public static func seconds(_ text: String) -> Int? {
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
            default: return nil
            }
            // Past a century of seconds is no duration anyone means (and would overflow).
            guard let n = Int(digits), n <= 4_000_000_000 / unit else { return nil }
            total += n * unit
            digits = ""
            sawUnit = true
        }
        if !digits.isEmpty {
            guard !sawUnit, let n = Int(digits), n <= 4_000_000_000 else { return nil }
            total += n
        }
        guard total > 0 || sawUnit || !digits.isEmpty else { return nil }
        return total
    }
}
