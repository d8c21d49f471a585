import Foundation
import Testing
@testable import QuakeStore

/// `MagnitudeText.tenths` rounds a magnitude's decimal text to tenths, half
/// away from zero, as USGS's titles do (their real titles are checked in
/// `DerivedTitleTests`); here against Foundation's `Decimal` rounding of
/// the same text (`.plain`: half away from zero), an independent computation.
struct MagnitudeTextTests {
    static func decimalTenths(_ value: Double) -> String {
        var exact = Decimal(string: value.description)!, rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 1, .plain)
        let text = "\(rounded)"
        let withTenths = text.contains(".") ? text : text + ".0"
        return value.sign == .minus && !withTenths.hasPrefix("-") ? "-" + withTenths : withTenths
    }

    @Test func roundsTheDecimalTextHalfAwayFromZero() {
        let values = (-3000...12000).map { Double($0) / 1000 } + (-300...1200).map { Double($0) / 100 }
            + [9.95, 99.95, 999.96, -9.95, 0.0001, 123_456.75]
        let differing = values.filter { MagnitudeText.tenths($0) != Self.decimalTenths($0) }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { ($0, MagnitudeText.tenths($0), Self.decimalTenths($0)) })")
    }

    @Test func halvesGoAwayFromZeroAndSmallNegativesKeepTheirSign() {
        #expect([2.65, 2.25, 2.05, 1.45, 2.649, 9.95, -0.25, -0.01, -0.0, 0, 5, 1e-7, -1e-7]
            .map(MagnitudeText.tenths) == ["2.7", "2.3", "2.1", "1.5", "2.6", "10.0", "-0.3", "-0.0", "-0.0", "0.0", "5.0", "0.0", "-0.0"])
    }
}
