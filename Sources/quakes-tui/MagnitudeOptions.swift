// stats' magnitude options (--mc, --b, --mc-correction, --rate-window) and
// what stats prints of the selection's magnitudes beyond the charts.
import ArgumentParser
import Foundation
import QuakeQuery
import QuakeSeismology
import QuakeStore
import QuakeViews

extension BMethod: ExpressibleByArgument {}

/// `stats --mc … --b …`: the methods of Mc and b; and what `stats` says of
/// every selection's magnitudes (their types and networks, their moment,
/// a time window's rate change).
struct MagnitudeOptions: ParsableArguments {
    @Option(name: .customLong("mc"), help: ArgumentHelp(
        "Mc by maxc (maximum curvature), mbs (b-value stability), ks (Kolmogorov–Smirnov) or a magnitude that fixes it.",
        valueName: "method"))
    var mcText: String?

    @Option(name: .customLong("mc-correction"), help: ArgumentHelp("Added to maxc's Mc (Woessner & Wiemer 2005 advise 0.2).",
                                                                 valueName: "magnitude"))
    var correction: Double = 0

    @Option(name: .customLong("b"), help: "b by utsu (Aki–Utsu, the default), classic (Tinti & Mulargia binned maximum likelihood) or positive (van der Elst 2021).")
    var bMethod: BMethod?

    @Option(name: .customLong("rate-window"), help: ArgumentHelp(
        "Matthews & Reasenberg's β of this time window (FROM/TO, ISO 8601) against the selection's whole span.", valueName: "from/to"))
    var rateWindow: String?

    /// The methods differ from the charts' own (maximum curvature, Aki–Utsu).
    var replacesChartFit: Bool { mcText != nil || bMethod != nil || correction != 0 }

    func validate() throws {
        _ = try completeness()
        _ = try window()
    }

    func completeness() throws -> CompletenessMethod {
        switch mcText {
        case nil, "maxc": return .maximumCurvature(correction: correction)
        case "mbs": return .bStability
        case "ks": return .kolmogorovSmirnov
        case let text?:
            guard let value = Double(text), value.isFinite else {
                throw ValidationError("--mc: \"\(text)\" is neither maxc, mbs, ks nor a magnitude")
            }
            return .fixed(value)
        }
    }

    func window() throws -> (from: Double, to: Double)? {
        guard let rateWindow else { return nil }
        let parts = rateWindow.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let from = ISOTime.epochMilliseconds(parts[0]), let to = ISOTime.epochMilliseconds(parts[1]), to > from else {
            throw ValidationError("--rate-window: \"\(rateWindow)\" is not FROM/TO, two ISO 8601 times, the first earlier")
        }
        return (Double(from) / 1000, Double(to) / 1000)
    }

    /// The quakes' rows are read: for methods other than the charts', or β.
    var readsRows: Bool { replacesChartFit || rateWindow != nil }

    /// Mc and b by the methods asked for; nil when they are the charts' own.
    func analysis(_ selection: SequenceSelection?) throws -> MagnitudeAnalysis? {
        guard replacesChartFit, let selection else { return nil }
        return MagnitudeAnalysis(selection, completeness: try completeness(), bMethod: bMethod ?? .utsu)
    }

    /// β of the window against the selection's span (first to last quake); nil without a window.
    func rateChange(_ selection: SequenceSelection?) throws -> (window: (from: Double, to: Double), beta: Double)? {
        guard let window = try window(), let selection, let first = selection.columns.times.first, let last = selection.columns.times.last,
              last > first else { return nil }
        // The period holds its last quake: times are whole milliseconds.
        let end = last + 0.001
        let beta = try RateChange.beta(times: selection.columns.times, windowStart: max(window.from, first),
                                       windowEnd: min(window.to, end), periodStart: first, periodEnd: end)
        return (window, beta)
    }
}

/// What `stats` prints of the magnitudes beyond the charts' figures.
struct MagnitudeReport {
    /// The methods' Mc and b when asked for: they replace the charts' figures.
    var analysis: MagnitudeAnalysis?
    var labels: MagnitudeLabels
    /// The methods' names (`maxc`, `utsu` unless asked otherwise).
    var methods: (mc: String, b: String)
    var rateChange: (window: (from: Double, to: Double), beta: Double)?

    /// The figures line when the methods replace the charts' own.
    func figuresLine(_ analysis: MagnitudeAnalysis, unicode: Bool) -> String {
        let (dot, plusMinus) = unicode ? ("·", "±") : ("-", "+/-")
        guard let mc = analysis.mc, let estimate = analysis.estimate, let a = analysis.a else {
            return "no b-value (\(analysis.completeness.name), \(analysis.bMethod.rawValue)): \(analysis.failure ?? "too few quakes")"
        }
        return "Mc \(String(format: "%.1f", mc)) (\(analysis.completeness.name)) \(dot) b \(String(format: "%.2f", estimate.b)) "
            + "\(plusMinus) \(String(format: "%.2f", estimate.sigma)) (\(analysis.bMethod.rawValue)) \(dot) a \(String(format: "%.2f", a)) "
            + "\(dot) \(Formatting.count(estimate.n)) \(analysis.bMethod == .positive ? "differences" : unicode ? "≥ Mc" : ">= Mc")"
    }

    /// The lines after the figures: the mix warning, the moment, β.
    func textLines(unicode: Bool) -> [String] {
        var lines: [String] = []
        if let warning = labels.mix.warning { lines.append("warning: \(warning): a b-value over them means little") }
        if labels.moment.count > 0 {
            lines.append("cumulative moment \(String(format: "%.3g", labels.moment.total)) N\(unicode ? "·" : "*")m "
                         + "(Mw \(String(format: "%.2f", labels.moment.equivalentMagnitude)); M0 = 10^(1.5 M + 9.1), each magnitude taken as Mw)")
        }
        if let rateChange {
            lines.append("rate change \(unicode ? "β" : "beta") \(String(format: "%.2f", rateChange.beta)) "
                         + "(Matthews & Reasenberg 1988) of \(Self.time(rateChange.window.from)) to \(Self.time(rateChange.window.to)) against the whole span")
        }
        return lines
    }

    /// The members `stats --format json` gains, and the fit's five when the methods replace the charts'.
    func jsonFields() -> (replacing: [(String, String)], adding: [(String, String)]) {
        let entries = { (list: [MagnitudeMix.Entry]) in
            "[" + list.map { "{\"name\": \(JSONText.string($0.name)), \"count\": \($0.count)}" }.joined(separator: ", ") + "]"
        }
        var adding: [(String, String)] = [
            ("mc_method", JSONText.string(methods.mc)),
            ("b_method", JSONText.string(methods.b)),
            ("magnitude_types", entries(labels.mix.types)),
            ("networks", entries(labels.mix.networks)),
            ("warning", JSONText.string(labels.mix.warning)),
            ("moment_nm", labels.moment.count > 0 ? "\(labels.moment.total)" : "null"),
            ("moment_mw", labels.moment.count > 0 ? "\(labels.moment.equivalentMagnitude)" : "null"),
        ]
        if let rateChange { adding.append(("rate_change_beta", "\(rateChange.beta)")) }
        guard let analysis else { return ([], adding) }
        let replacing: [(String, String)] = [
            ("mc", analysis.mc.map { "\($0)" } ?? "null"),
            ("b", analysis.estimate.map { "\($0.b)" } ?? "null"),
            ("b_error", analysis.estimate.map { "\($0.sigma)" } ?? "null"),
            ("a", analysis.a.map { "\($0)" } ?? "null"),
            ("n_above_mc", analysis.estimate.map { "\($0.n)" } ?? "null"),
        ]
        return (replacing, adding)
    }

    private static func time(_ seconds: Double) -> String { ISOTime.string(epochMilliseconds: Int64((seconds * 1000).rounded())) }
}
