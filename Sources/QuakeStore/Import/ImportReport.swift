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
    public var summaryLine: String { "imported \(name): \(counts)" }

    /// `N new, N updated, N unchanged, N skipped`, then `, N merged` when a
    /// stored quake was absorbed and `, N outside the window, not imported`
    /// (the line stays as it was otherwise).
    public var counts: String {
        "\(new) new, \(updated) updated, \(unchanged) unchanged, \(skipped.count) skipped"
            + (merged > 0 ? ", \(merged) merged" : "")
            + (joined > 0 ? ", \(joined) joined another service's event" : "")
            + (outsideWindow > 0 ? ", \(outsideWindow) outside the window, not imported" : "")
    }

    /// The summary line, then one line per skipped feature (at most
    /// `maxSkipLines`, then a count of the rest, unless `allSkipped`).
    public var lines: [String] { lines(allSkipped: false) }

    public func lines(allSkipped: Bool) -> [String] {
        let shown = allSkipped ? skipped.count : Self.maxSkipLines
        var lines = [summaryLine]
        for skip in skipped.prefix(shown) { lines.append("  skipped \(skip.location): \(skip.reason)") }
        if skipped.count > shown { lines.append("  … and \(skipped.count - shown) more skipped (--all-skipped lists them)") }
        return lines
    }
}
