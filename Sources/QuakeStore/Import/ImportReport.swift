/// What one import did to the catalog, and what it could not store.
public struct ImportReport: Sendable, Equatable {
    public var name: String
    public var new = 0
    public var updated = 0
    public var unchanged = 0
    /// Stored quakes absorbed into another one: USGS merged their reports
    /// into one event (see `Upserter`).
    public var merged = 0
    /// Reports that joined another service's report of the same quake as
    /// one event (`EventGrouping`).
    public var joined = 0
    /// Skipped features, rows or events: where (a feature's or a QuakeML
    /// event's number, counted from 1, a CSV line number) and why.
    public var skipped: [Skip] = []
    /// Quakes of a fetched answer outside the time window it was asked
    /// for (a service that does not filter as asked): not imported.
    public var outsideWindow = 0

    public struct Skip: Sendable, Equatable {
        public var location: String
        public var reason: String

        public init(location: String, reason: String) { self.location = location; self.reason = reason }
    }

    public init(name: String) { self.name = name }

    /// Counts one quake's upsert.
    mutating func count(_ outcome: Upserter.Outcome) {
        switch outcome {
        case .new: new += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        }
    }

    /// Adds what another import did (one refresh of several sources).
    public mutating func add(_ other: ImportReport) {
        new += other.new; updated += other.updated; unchanged += other.unchanged
        merged += other.merged; joined += other.joined; skipped += other.skipped; outsideWindow += other.outsideWindow
    }

    /// How many skip reasons `lines` prints before summarising the rest.
    public static let maxSkipLines = 20

    /// `imported FILE: N new, N updated, N unchanged, N skipped[, N merged]`
    public var summaryLine: String { summaryLine(grouped: false) }

    /// `grouped`: numbers with separators (`4,711 new`), for a person at a
    /// terminal; without, as scripts have always read them.
    public func summaryLine(grouped: Bool) -> String { "imported \(name): \(counts(grouped: grouped))" }

    /// `N new, N updated, N unchanged, N skipped`, then `, N merged` when a
    /// stored quake was absorbed and `, N outside the window, not imported`
    /// (the line stays as it was otherwise).
    public var counts: String { counts(grouped: false) }

    public func counts(grouped: Bool) -> String {
        func n(_ value: Int) -> String { grouped ? DigitGrouping.grouped(value) : String(value) }
        return "\(n(new)) new, \(n(updated)) updated, \(n(unchanged)) unchanged, \(n(skipped.count)) skipped"
            + (merged > 0 ? ", \(n(merged)) merged" : "")
            + (joined > 0 ? ", \(n(joined)) joined another service's event" : "")
            + (outsideWindow > 0 ? ", \(n(outsideWindow)) outside the window, not imported" : "")
    }

    /// The summary line, then one line per skipped feature (at most
    /// `maxSkipLines`, then a count of the rest, unless `allSkipped`).
    public var lines: [String] { lines(allSkipped: false) }

    public func lines(allSkipped: Bool, grouped: Bool = false) -> [String] {
        let shown = allSkipped ? skipped.count : Self.maxSkipLines
        var lines = [summaryLine(grouped: grouped)]
        for skip in skipped.prefix(shown) { lines.append("  skipped \(skip.location): \(skip.reason)") }
        if skipped.count > shown { lines.append("  … and \(skipped.count - shown) more skipped (--all-skipped lists them)") }
        return lines
    }
}
