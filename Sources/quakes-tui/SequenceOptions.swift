import ArgumentParser
import Foundation
import QuakeQuery
import QuakeSeismology
import QuakeStore

/// `stats --omori` and `--forecast`: the selection read as one sequence
/// (its largest quake the mainshock), the decay of its aftershocks and the
/// chance of a larger quake.
struct SequenceOptions: ParsableArguments {
    @Flag(help: "Fit the Omori–Utsu law to the aftershocks of the selection's largest quake (Ogata 1983, maximum likelihood).")
    var omori = false

    @Flag(help: "The Reasenberg & Jones (1989) chance of quakes of Mmain−1, M5, M6 and M7 in the next day, week, month and year.")
    var forecast = false

    @Option(name: .customLong("omori-start"), help: ArgumentHelp("The fit's first day after the mainshock (default 0).", valueName: "days"))
    var start: Double = 0

    @Option(name: .customLong("omori-end"), help: ArgumentHelp("The fit's last day after the mainshock (default: the last aftershock's).",
                                                               valueName: "days"))
    var end: Double?

    @Option(name: .customLong("omori-magnitude"), help: ArgumentHelp(
        "The fit's magnitude threshold (default: Mc of the aftershocks by maximum curvature).", valueName: "magnitude"))
    var threshold: Double?

    @Option(name: .customLong("at"), help: ArgumentHelp("The forecast's \"now\" (ISO 8601, UTC; default: now).", valueName: "time"))
    var at: String?

    var isAsked: Bool { omori || forecast }

    func validate() throws {
        if start < 0 || !start.isFinite { throw ValidationError("--omori-start must be a number of days at or after 0") }
        if let end, !(end > start) { throw ValidationError("--omori-end must be later than --omori-start (\(start) days)") }
        _ = try now()
    }

    func now() throws -> Date {
        guard let at else { return Date() }
        guard let ms = ISOTime.epochMilliseconds(at) else {
            throw ValidationError("--at: \"\(at)\" is not an ISO 8601 time (e.g. 2019-07-07T00:00:00Z)")
        }
        return Date(epochMilliseconds: ms)
    }

    /// What `stats` prints for the sequence: the fit (or why none), the forecast.
    func report(_ selection: SequenceSelection?) throws -> SequenceReport? {
        guard isAsked, let selection else { return nil }
        guard let decay = SequenceDecay(selection) else { return SequenceReport(decay: nil, fit: nil, fitError: nil, forecast: nil) }
        let magnitude = threshold ?? decay.aftershockMc ?? decay.mainshockMagnitude
        var fit: OmoriFit?
        var fitError: String?
        do {
            fit = try decay.omoriFit(minimumMagnitude: magnitude, start: start, end: end)
        } catch let error as OmoriFitError {
            fitError = error.description
        }
        var forecast: AftershockForecast?
        if self.forecast {
            forecast = try decay.forecast(at: try now(), fit: fit)
        }
        return SequenceReport(decay: decay, fit: omori || forecast != nil ? fit : nil, fitError: fitError, forecast: forecast)
    }
}
