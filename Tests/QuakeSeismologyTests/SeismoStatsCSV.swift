import Foundation

/// The SeismoStats CSV fixtures (Tests/Fixtures/seismostats: plain CSV, no
/// quoted fields), read as columns of text by header name.
struct SeismoStatsCSV {
    let header: [String]
    let rows: [[Substring]]

    init(_ file: String) throws {
        let text = try String(contentsOfFile: SeismologyFixture.path("seismostats/\(file)"), encoding: .utf8)
        var lines = text.split(whereSeparator: \.isNewline)
        header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        rows = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    }

    func strings(_ name: String) -> [String] {
        guard let column = header.firstIndex(of: name) else { fatalError("\(name) is not a column of \(header)") }
        return rows.map { String($0[column]) }
    }

    func doubles(_ name: String) -> [Double] {
        strings(name).map { Double($0)! }
    }

    /// A column of `simulated_magnitudes.csv`: "b_value = 1", "b_value = 1.5", "b_value = 0.5".
    static func simulatedMagnitudes(b: String) throws -> [Double] {
        try SeismoStatsCSV("simulated_magnitudes.csv").doubles("b_value = \(b)")
    }

    /// `ks_ds.csv`'s simulated KS distances for one tested Mc ("0.8" … "1.1").
    static func ksDistances(mc: String) throws -> [Double] {
        try SeismoStatsCSV("ks_ds.csv").doubles(mc)
    }
}
