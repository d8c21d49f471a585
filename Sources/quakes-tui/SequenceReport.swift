import Foundation
import QuakeQuery
import QuakeSeismology
import QuakeStore
import QuakeViews

/// The sequence part of `stats`: the mainshock, the Omori–Utsu fit of its
/// aftershocks (or why there is none), and the forecast, as text lines and
/// as JSON members.
struct SequenceReport {
    var decay: SequenceDecay?
    var fit: OmoriFit?
    var fitError: String?
    var forecast: AftershockForecast?

    func textLines(unicode: Bool) -> [String] {
        guard let decay else { return ["no quake with a magnitude: no sequence"] }
        let (plusMinus, atLeast) = unicode ? ("±", "≥") : ("+/-", ">=")
        var lines = ["mainshock \(decay.mainshockID) M\(Self.one(decay.mainshockMagnitude)) "
                     + ISOTime.string(epochMilliseconds: Int64((decay.mainshockTime * 1000).rounded()))
                     + ", \(Formatting.count(decay.aftershockDays.count)) quakes after it"]
        if let fit {
            lines.append("Omori–Utsu fit (Ogata 1983, maximum likelihood) of \(Formatting.count(fit.eventCount)) aftershocks "
                         + "\(atLeast) M\(Self.one(fit.minimumMagnitude)) from day \(Self.significant(fit.start)) to \(Self.significant(fit.end)):")
            lines.append("  K \(Self.significant(fit.k)) \(plusMinus) \(Self.significant(fit.kError))   "
                         + "c \(Self.significant(fit.c)) \(plusMinus) \(Self.significant(fit.cError)) days   "
                         + "p \(Self.significant(fit.p)) \(plusMinus) \(Self.significant(fit.pError))")
            lines.append("  -log L \(String(format: "%.4f", fit.negativeLogLikelihood))   AIC \(String(format: "%.4f", fit.aic))")
        } else if let fitError {
            lines.append(fitError)
        }
        if let forecast { lines += forecastLines(forecast, decay: decay, atLeast: atLeast) }
        return lines
    }

    private func forecastLines(_ forecast: AftershockForecast, decay: SequenceDecay, atLeast: String) -> [String] {
        let parameters = forecast.parameters
        let source = parameters == .genericCalifornia
            ? "the generic California parameters of Reasenberg & Jones (1989)"
            : "this sequence's own fit and b-value"
        var lines = ["", "forecast \(String(format: "%.2f", forecast.elapsedDays)) days after the mainshock, Reasenberg & Jones (1989), "
                     + "from \(source):",
                     "  a \(Self.significant(parameters.a))  b \(Self.significant(parameters.b))  "
                     + "p \(Self.significant(parameters.p))  c \(Self.significant(parameters.c)) days",
                     "chance of at least one (expected number):"]
        let horizons = ["next day", "next week", "next month", "next year"]
        var rows = [[""] + horizons]
        var seen: Set<Double> = []
        for magnitude in [forecast.mainshockMagnitude - 1] + AftershockForecast.fixedMagnitudes where seen.insert(magnitude).inserted {
            let cells = forecast.cells.filter { $0.magnitude == magnitude }
            rows.append(["M \(atLeast) \(Self.one(magnitude))"] + cells.map { "\(AftershockForecast.Cell.percent($0.probability, spacing: " ")) (\(Self.significant($0.expectedCount)))" })
        }
        lines += StatsCommand.aligned(Array(rows.dropFirst()), header: rows[0]).map { "  " + $0 }
        return lines
    }

    /// The members `stats --format json` adds: `mainshock`, `omori`, `forecast`.
    func jsonFields() -> [(String, String)] {
        guard let decay else { return [("mainshock", "null")] }
        var fields = [("mainshock", "{\"id\": \(JSONText.string(decay.mainshockID)), \"magnitude\": \(JSONText.number(decay.mainshockMagnitude)), "
                       + "\"time\": \"\(ISOTime.string(epochMilliseconds: Int64((decay.mainshockTime * 1000).rounded())))\"}")]
        if let fit {
            fields.append(("omori", "{\"k\": \(fit.k), \"k_error\": \(fit.kError), \"c\": \(fit.c), \"c_error\": \(fit.cError), "
                           + "\"p\": \(fit.p), \"p_error\": \(fit.pError), \"n\": \(fit.eventCount), \"min_magnitude\": \(fit.minimumMagnitude), "
                           + "\"start_days\": \(fit.start), \"end_days\": \(fit.end), \"neg_log_likelihood\": \(fit.negativeLogLikelihood), "
                           + "\"aic\": \(fit.aic)}"))
        } else if let fitError {
            fields.append(("omori", "{\"error\": \(JSONText.string(fitError))}"))
        }
        if let forecast {
            let p = forecast.parameters
            let cells = forecast.cells.map {
                "{\"magnitude\": \($0.magnitude), \"days\": \($0.horizonDays), \"expected\": \($0.expectedCount), \"probability\": \($0.probability)}"
            }
            fields.append(("forecast", "{\"elapsed_days\": \(forecast.elapsedDays), "
                           + "\"parameters\": {\"source\": \"\(p == .genericCalifornia ? "generic-california" : "sequence")\", "
                           + "\"a\": \(p.a), \"b\": \(p.b), \"p\": \(p.p), \"c\": \(p.c)}, \"cells\": [" + cells.joined(separator: ", ") + "]}"))
        }
        return fields
    }

    static func one(_ value: Double) -> String { String(format: "%.1f", value) }
    static func significant(_ value: Double) -> String { String(format: "%.4g", value) }
}
