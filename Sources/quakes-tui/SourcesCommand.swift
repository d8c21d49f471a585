// `quakes-tui sources`: lists the feeds and FDSN queries the catalog
// remembers, which sync brings up to date.
import ArgumentParser
import Foundation
import QuakeFeed
import QuakeStore
import QuakeViews
import TerminalUI

struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the sources the catalog remembers: what `sync` brings up to date.",
        discussion: """
            One line per source: the service or feed, its query, its range, when it was \
            last synced (or how far its backfill got) and the quakes it brought (new or \
            updated, all runs together). Times in UTC.
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let catalog = try catalogOptions.open(seed: false, purpose: .read)
        let ledger = FetchLedger(catalog: catalog)
        let sources = try ledger.sources()
        guard !sources.isEmpty else {
            StandardOutput.writeLine("no sources: fetch --service NAME or --feed NAME adds one")
            return
        }
        var rows = [["SOURCE", "QUERY", "RANGE", "LAST SYNC", "QUAKES"]]
        for source in sources {
            rows.append([CatalogSync.label(of: source), Self.query(of: source), Self.range(of: source),
                         try Self.state(of: source, ledger), Formatting.count(source.events)])
        }
        let widths = rows[0].indices.map { column in rows.map { DisplayWidth.of($0[column]) }.max()! }
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? String(repeating: " ", count: widths[column] - DisplayWidth.of(cell)) + cell
                    : cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
            }
            StandardOutput.writeLine(cells.joined(separator: "  "))
        }
    }

    /// `minmagnitude=4.5 (text)`, `feed` for a summary feed.
    static func query(of source: FetchLedger.Source) -> String {
        switch source.kind {
        case .feed: "feed"
        case .fdsn: (source.parameters.isEmpty ? "all events" : source.parameters.replacingOccurrences(of: "&", with: " "))
            + " (\(source.format))"
        }
    }

    /// `2019-07-01…now`, `2019-07-01…2019-08-01`; `-` for a feed.
    static func range(of source: FetchLedger.Source) -> String {
        guard source.kind == .fdsn else { return "-" }
        return source.endsNow ? ServiceFetchRun.time(source.startTime) + "…now" : ServiceFetchRun.range(source.startTime, source.endTime)
    }

    /// `2026-11-23 20:41`, or `backfill 3 of 14 windows` while one is unfinished.
    static func state(of source: FetchLedger.Source, _ ledger: FetchLedger) throws -> String {
        if source.kind == .fdsn, source.backfilledAt == nil {
            let windows = try ledger.windows(of: source)
            return "backfill \(windows.filter(\.done).count) of \(windows.count) windows"
        }
        return source.syncedAt.map { String(ISOTime.dateAndTime(epochMilliseconds: $0.epochMilliseconds).prefix(16)) } ?? "never"
    }
}
