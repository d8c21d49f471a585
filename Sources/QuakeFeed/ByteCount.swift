import Foundation

/// Byte counts as people read them: `512 B`, `1.2 MB`.
public enum ByteCount {
    public static func text(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["kB", "MB", "GB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        return String(format: value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
    }

    /// A size set by the user, said exactly: `1 GB`, `100 kB`, `1.5 GB`.
    public static func limitText(_ bytes: Int) -> String {
        for (unit, size) in units.reversed() where bytes >= size {
            var text = String(format: "%.2f", Double(bytes) / Double(size))
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return "\(text) \(unit)"
        }
        return "\(bytes) B"
    }

    /// `1 GB`, `500MB`, `2.5 gb`, `100 kB`, `4096 B` (decimal units, as
    /// `text` prints them), nil for anything else.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        guard let value = Double(number), value.isFinite,
              let size = unit == "b" ? 1 : units.first(where: { $0.0.lowercased() == unit })?.1 else { return nil }
        let bytes = value * Double(size)
        return bytes < 9e15 ? Int(bytes.rounded()) : nil
    }

    private static let units = [("kB", 1_000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("TB", 1_000_000_000_000)]
}
