/// A plain decimal of at most 19 digits, leading zeros aside, and at
/// most 19 after the point (`-155.2749939`, `1.46`, `.5`,
/// `4.`, `19.347869796100262`), read from its bytes without making a
/// String: the coordinates, depths and magnitudes of real feeds, and the
/// shortest round-trip text of any Double (what Python, pandas and Swift
/// write: 15 to 17 digits). Anything else (more digits, an exponent, a
/// word, a stray character) is nil, and the caller reads the text as
/// before.
///
/// Exact, the same Double as `Double(text)`. Up to 2^53 the digits are
/// exactly a Double, and so is 10^k for k ≤ 22: one IEEE division then
/// rounds the exact quotient once (Clinger's fast path). Above, the digits w over 10^k are w / 5^k scaled by
/// 2^-k: w · 2^64 is divided by 5^k in integers, and the quotient rounded
/// to 53 bits, to nearest, ties to even, the remainder breaking ties
/// (`strtod` took 7 % of reading a CSV of such coordinates).
/// ShortDecimalTests compares the two.
enum ShortDecimal {
    static let maxDigits = 19
    private static let powersOfTen: [Double] = (0...maxDigits).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }
    private static let powersOfFive: [UInt64] = (0...maxDigits).map { exponent in
        (0..<exponent).reduce(1) { power, _ in power * 5 }
    }

    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var sawDigit = false
        /// Digits from the first that is not 0: what the mantissa holds.
        var significantDigits = 0
        var fractionDigits = 0
        var sawPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                sawDigit = true
                if mantissa != 0 || digit != 0 {
                    mantissa = mantissa * 10 + UInt64(digit)
                    significantDigits += 1
                }
                if sawPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: ".") && !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
            guard significantDigits <= maxDigits, fractionDigits <= maxDigits else { return nil }
            index += 1
        }
        guard sawDigit else { return nil }
        let value = value(digits: mantissa, overTenToThe: fractionDigits)
        return negative ? -value : value
    }

    /// `digits` / 10^`exponent` (at most `maxDigits`), correctly rounded:
    /// the reading of a decimal whose digits are read (JSONScanner's too).
    static func value(digits: UInt64, overTenToThe exponent: Int) -> Double {
        digits <= 1 << 53 ? Double(digits) / powersOfTen[exponent] : quotient(digits, overTenToThe: exponent)
    }

    /// `digits` / 10^`exponent`, correctly rounded, for `digits` above 2^53.
    private static func quotient(_ digits: UInt64, overTenToThe exponent: Int) -> Double {
        let divisor = powersOfFive[exponent]
        // digits · 2^64 / 5^k as a 128-bit quotient (high, low): two steps
        // of long division, each remainder below the divisor.
        let high = digits / divisor
        let (low, remainder) = divisor.dividingFullWidth((high: digits % divisor, low: 0))
        // Its top 53 bits, and what is below them: high is at least
        // 2^53 / 5^19 > 2^8, so the quotient is 73 bits wide or more.
        let width = 128 - high.leadingZeroBitCount
        let dropped = width - 53
        var kept: UInt64
        let below: (high: UInt64, low: UInt64)   // the dropped bits
        if dropped >= 64 {
            kept = high >> (dropped - 64)
            below = (dropped == 64 ? 0 : high & (1 << (dropped - 64) - 1), low)
        } else {
            kept = high << (64 - dropped) | low >> dropped
            below = (0, low & (1 << dropped - 1))
        }
        let half: (high: UInt64, low: UInt64) = dropped - 1 >= 64 ? (1 << (dropped - 65), 0) : (0, 1 << (dropped - 1))
        let sticky = remainder != 0
        if below > half || (below == half && (sticky || kept & 1 == 1)) { kept += 1 }
        // kept · 2^(dropped − 64 − k): a power of two, exactly.
        return Double(sign: .plus, exponent: dropped - 64 - exponent, significand: Double(kept))
    }
}
