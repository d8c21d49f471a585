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
                     "999999999999999", "99999999999999.9", "0.30000000000000", "-155.2749939", "19.3939991", "1.46"] {
            #expect(value(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
            #expect(value(text) != nil, "\(text) takes the fast path")
        }
        for text in ["", "-", "+", ".", "-.", "1.2.3", "1e5", "1E-2", "0x10", "NaN", "inf", " 1", "1 ", "--1", "1-",
                     "9007199254740993", "0.1234567890123456", "1,5", "١"] {
            #expect(value(text) == nil, "\(text) is left to Double(String)")
        }
    }

    /// A million random decimals of up to 15 digits, the point anywhere.
    @Test func randomDecimalsAreBitIdenticalToDoubleOfString() {
        var random = SplitMix64(seed: 1014)
        var mismatches: [String] = []
        for _ in 0..<1_000_000 {
            let digitCount = 1 + random.below(ShortDecimal.maxDigits)
            var digits = (0..<digitCount).map { _ in Character(String(random.below(10))) }
            if random.below(4) != 0 { digits.insert(".", at: random.below(digitCount + 1)) }
            let sign = ["", "-", "+"][random.below(3)]
            let text = sign + String(digits)
            if value(text)?.bitPattern != Double(text)?.bitPattern { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
