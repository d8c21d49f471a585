import Foundation
import QuakeCharts
import TestSupport

/// An independent implementation of the charts, from a fixture's features
/// read by Foundation: magnitudes binned as decimal text, the estimators as
/// plain loops over the quakes, time bins by Foundation's UTC calendar.
/// Shares nothing with QuakeCharts but `TimeBinSize`'s names.
struct ChartsOracle {
    struct Quake {
        let time: Int64
        /// The magnitude as decimal text (`1.25`), nil when unknown.
        let magnitude: String?
        let magnitudeValue: Double?
    }

    let quakes: [Quake]

    init(fixture path: String, where include: (Quake) -> Bool = { _ in true }) throws {
        quakes = try Fixture.features(path).map { feature in
            let properties = feature["properties"] as! [String: Any]
            let magnitude = (properties["mag"] as? NSNumber)?.doubleValue
            return Quake(time: (properties["time"] as! NSNumber).int64Value,
                         magnitude: magnitude.map { "\($0)" }, magnitudeValue: magnitude)
        }.filter(include)
    }

    // MARK: Magnitudes

    /// The 0.1 bin of a magnitude written as decimal text, in tenths,
    /// halves away from zero: `1.25` is 13, `-0.05` is -1, `2.449` is 24.
    static func tenths(_ text: String) -> Int {
        precondition(!text.contains("e"), "no exponents in magnitudes: \(text)")
        let negative = text.hasPrefix("-")
        let digits = negative ? String(text.dropFirst()) : text
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let whole = Int(parts[0])!
        let fraction = parts.count > 1 ? Array(parts[1]) : []
        let firstDecimal = fraction.first.map { Int(String($0))! } ?? 0
        // The rest of the digits are at least half a tenth when the second digit is 5 or more.
        let roundsUp = fraction.count > 1 && Int(String(fraction[1]))! >= 5
        let magnitude = whole * 10 + firstDecimal + (roundsUp ? 1 : 0)
        return negative ? -magnitude : magnitude
    }

    var binnedTenths: [Int] { quakes.compactMap { $0.magnitude.map(Self.tenths) } }
    var withoutMagnitude: Int { quakes.filter { $0.magnitude == nil }.count }

    /// Bin (tenths) → quakes.
    var magnitudeCounts: [Int: Int] { Dictionary(binnedTenths.map { ($0, 1) }, uniquingKeysWith: +) }

    struct Fit { let mcTenths: Int; let b: Double; let bError: Double; let a: Double; let n: Int }

    /// Mc (the fullest bin, smallest on a tie), then Aki–Utsu, Shi & Bolt and
    /// a, summed quake by quake; nil below 50 quakes at or above Mc.
    var fit: Fit? {
        let counts = magnitudeCounts
        guard let most = counts.values.max() else { return nil }
        let mcTenths = counts.filter { $0.value == most }.keys.min()!
        let mc = Double(mcTenths) / 10
        let above = binnedTenths.filter { $0 >= mcTenths }.map { Double($0) / 10 }
        let n = above.count
        guard n >= 50 else { return nil }
        var sum = 0.0
        for m in above { sum += m }
        let mean = sum / Double(n)
        let b = log10(exp(1.0)) / (mean - (mc - 0.1 / 2))
        var squares = 0.0
        for m in above { squares += (m - mean) * (m - mean) }
        let bError = 2.3 * b * b * sqrt(squares / (Double(n) * Double(n - 1)))
        return Fit(mcTenths: mcTenths, b: b, bError: bError, a: log10(Double(n)) + b * mc, n: n)
    }

    // MARK: Time

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 2   // Monday
        return calendar
    }()

    /// Where the bin holding `time` starts, by the calendar.
    static func binStart(_ time: Int64, _ size: TimeBinSize) -> Int64 {
        let date = Date(timeIntervalSince1970: Double(time) / 1000)
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func at(_ hour: Int, _ minute: Int) -> Int64 {
            let start = utc.date(from: DateComponents(year: c.year, month: c.month, day: c.day, hour: hour, minute: minute))!
            return Int64((start.timeIntervalSince1970 * 1000).rounded())
        }
        func interval(_ component: Calendar.Component) -> Int64 {
            Int64((utc.dateInterval(of: component, for: date)!.start.timeIntervalSince1970 * 1000).rounded())
        }
        switch size {
        case .minute: return at(c.hour!, c.minute!)
        case .tenMinutes: return at(c.hour!, c.minute! / 10 * 10)
        case .hour: return at(c.hour!, 0)
        case .sixHours: return at(c.hour! / 6 * 6, 0)
        case .day: return at(0, 0)
        case .week: return interval(.weekOfYear)
        case .month: return interval(.month)
        case .year: return interval(.year)
        }
    }

    /// The start of the bin after the one starting at `start`.
    static func nextStart(_ start: Int64, _ size: TimeBinSize) -> Int64 {
        let (component, amount): (Calendar.Component, Int) = switch size {
        case .minute: (.minute, 1)
        case .tenMinutes: (.minute, 10)
        case .hour: (.hour, 1)
        case .sixHours: (.hour, 6)
        case .day: (.day, 1)
        case .week: (.day, 7)
        case .month: (.month, 1)
        case .year: (.year, 1)
        }
        let next = utc.date(byAdding: component, value: amount, to: Date(timeIntervalSince1970: Double(start) / 1000))!
        return Int64((next.timeIntervalSince1970 * 1000).rounded())
    }

    var firstTime: Int64? { quakes.map(\.time).min() }
    var lastTime: Int64? { quakes.map(\.time).max() }

    /// (start, count) of every bin from the first quake's to the last's.
    func timeBins(_ size: TimeBinSize) -> [(start: Int64, count: Int)] {
        guard let first = firstTime, let last = lastTime else { return [] }
        let counts = Dictionary(quakes.map { (Self.binStart($0.time, size), 1) }, uniquingKeysWith: +)
        var bins: [(Int64, Int)] = []
        var start = Self.binStart(first, size)
        while start <= last {
            bins.append((start, counts[start] ?? 0))
            start = Self.nextStart(start, size)
        }
        return bins
    }

    /// The smallest size with at most `width` bins; a year when none has.
    func fittingSize(width: Int) -> TimeBinSize {
        TimeBinSize.allCases.first { timeBins($0).count <= width } ?? .year
    }

    /// ISO 8601 UTC with milliseconds: Foundation's formatter to the second
    /// (a Double's fraction could print .009 for .010), the milliseconds added.
    static func iso(_ ms: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")!
        let seconds = (ms >= 0 ? ms : ms - 999) / 1000
        let text = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
        return String(text.dropLast()) + String(format: ".%03dZ", Int(ms - seconds * 1000))
    }
}
