import Foundation
@testable import QuakeStore
import Testing
import TestSupport

/// The CSV reader's decimals read from bytes are the very Doubles Swift's
/// `Double(String)` makes of the same text, bit for bit, and anything the
/// fast path does not take is left to `Double(String)`.
@Suite struct ShortDecimalTests {
    func value(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { ShortDecimal.value($0) }
    }

    @Test func edges() {
        for text in ["0", "-0", "+0", "0.0", "-0.0", ".5", "-.5", "4.", "+1.5", "000000000000001", ".000000000000001",
                     "999999999999999", "99999999999999.9", "0.30000000000000", "-155.2749939", "19.3939991", "1.46",
                     "9007199254740992", "9007199254740993", "9007199254740995", "0.1234567890123456", "19.347869796100262",
                     "-155.22814292947695", "9999999999999999999", ".9999999999999999999", "184467440737095516.1",
                     "4.940656458412465"] {
            #expect(value(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
            #expect(value(text) != nil, "\(text) takes the fast path")
        }
        for text in ["", "-", "+", ".", "-.", "1.2.3", "1e5", "1E-2", "0x10", "NaN", "inf", " 1", "1 ", "--1", "1-",
                     "12345678901234567890", "0.12345678901234567890", "1844674407370955161.5",
                     "0.1000000000000000055511151231257827", "1,5", "١"] {
            #expect(value(text) == nil, "\(text) is left to Double(String)")
        }
    }

    /// A million random decimals of up to 19 digits, the point anywhere
    /// (half of them 16 to 19 digits, the integer path).
    @Test func randomDecimalsAreBitIdenticalToDoubleOfString() {
        var random = SplitMix64(seed: 1014)
        var mismatches: [String] = []
        for _ in 0..<1_000_000 {
            let digitCount = random.below(2) == 0 ? 1 + random.below(ShortDecimal.maxDigits) : 16 + random.below(4)
            var digits = (0..<digitCount).map { _ in Character(String(random.below(10))) }
            if random.below(4) != 0 { digits.insert(".", at: random.below(digitCount + 1)) }
            let sign = ["", "-", "+"][random.below(3)]
            let text = sign + String(digits)
            if value(text)?.bitPattern != Double(text)?.bitPattern { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Swift's shortest round-trip text of a million random Doubles (what
    /// the generated CSV holds: coordinates of 15 to 17 digits) reads back
    /// as the same Double.
    @Test func shortestTextsOfDoublesReadBackBitForBit() {
        var random = SplitMix64(seed: 2026)
        var mismatches: [String] = []
        var left = 0
        for _ in 0..<1_000_000 {
            let magnitude = [1.0, 90.0, 180.0, 1e6][random.below(4)]
            let double = (Double(random.next() >> 11) / Double(1 << 53) * 2 - 1) * magnitude
            let text = "\(double)"
            guard !text.contains("e") else { continue }
            guard let read = value(text) else { left += 1; continue }   // more than 19 after the point
            if read.bitPattern != double.bitPattern { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(left < 1_000, "left to Double(String): \(left)")
    }

    /// The GeoJSON reader's numbers of up to 19 digits take the same path
    /// (`JSONScanner.readNumber`): bit for bit `Double(String)`'s, with an
    /// exponent or without, from a thousand random Doubles' shortest texts.
    @Test func jsonNumbersReadAsDoubleOfStringDoes() throws {
        var random = SplitMix64(seed: 77)
        for _ in 0..<1_000 {
            let double = (Double(random.next() >> 11) / Double(1 << 53) * 2 - 1) * [1.0, 180.0, 1e-9, 1e300][random.below(4)]
            for text in ["\(double)", "\(double)".replacingOccurrences(of: "e", with: "E")] {
                let read = try Array(text.utf8).withUnsafeBufferPointer { bytes in
                    var scanner = JSONScanner(bytes)
                    return try scanner.readNumber()
                }
                #expect(read.bitPattern == Double(text)?.bitPattern, "\(text)")
            }
        }
    }
}
