/// A magnitude as USGS's titles show it (`M 2.7 - …` for a magnitude of
/// 2.65): its decimal text (the shortest that reads back as the same
/// Double, as feeds write it) rounded to tenths, half away from zero.
/// Checked against 5,265 real USGS titles; `String(format: "%.1f")`,
/// which rounds the binary value (2.65 is 2.6499…), missed one in twenty.
public enum MagnitudeText {
    public static func tenths(_ value: Double) -> String {
        let text = value.description
        // Exponent forms (below 0.0001 or beyond 2^53) and NaN: no halves to place.
        guard value.isFinite, !text.utf8.contains(UInt8(ascii: "e")) else {
            return value.isFinite ? String(format: "%.1f", value) : text
        }
        let negative = text.utf8.first == UInt8(ascii: "-")
        let digits = Array(text.utf8.dropFirst(negative ? 1 : 0))
        let point = digits.firstIndex(of: UInt8(ascii: ".")) ?? digits.count
        var kept = Array(digits[..<point]) + [point + 1 < digits.count ? digits[point + 1] : UInt8(ascii: "0")]
        if point + 2 < digits.count, digits[point + 2] >= UInt8(ascii: "5") {
            var at = kept.count - 1
            while at >= 0, kept[at] == UInt8(ascii: "9") { kept[at] = UInt8(ascii: "0"); at -= 1 }
            if at >= 0 { kept[at] += 1 } else { kept.insert(UInt8(ascii: "1"), at: 0) }
        }
        kept.insert(UInt8(ascii: "."), at: kept.count - 1)
        return (negative ? "-" : "") + String(decoding: kept, as: UTF8.self)
    }
}
