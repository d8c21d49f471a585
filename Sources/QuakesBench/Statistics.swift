// The benchmark's arithmetic: medians, nearest-rank percentiles and this
// process's peak resident memory.
import Foundation

enum Statistics {
    static func median(_ values: [Double]) -> Double { percentile(values, 50) }

    /// Nearest-rank percentile.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }

    /// This process's peak resident set size.
    static func peakRSSMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
