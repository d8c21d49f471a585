/// A plain decimal of at most 15 digits (`-155.2749939`, `1.46`, `.5`,
/// `4.`), read from its bytes without making a String: the coordinates,
/// depths and magnitudes of real feeds. Anything else (more digits, an
/// exponent, a word, a stray character) is nil, and the caller reads the
/// text as before.
///
/// Exact, the same Double as `Double(text)`: 15 digits are below 2^53, so
/// the digits are exactly a Double, and so is 10^k for k ≤ 15; one IEEE
/// division then rounds the exact quotient once, to the nearest Double,
/// which is the decimal correctly rounded (Clinger's fast path, as
/// JSONScanner reads numbers). ShortDecimalTests compares the two.
enum ShortDecimal {
    static let maxDigits = 15
    private static let powersOfTen: [Double] = (0...maxDigits).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa * 10 + UInt64(digit)
                digits += 1
                if sawPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: ".") && !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
            guard digits <= maxDigits else { return nil }
            index += 1
        }
        guard digits > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }
}
