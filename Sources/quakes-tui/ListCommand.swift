import ArgumentParser
import Foundation
import QuakeOutput
import QuakeQuery
import QuakeStore
import QuakesApp

// The format's values are list's --format values.
extension QuakeListFormat.Format: ExpressibleByArgument {}
extension QuakeListFormat.Columns: ExpressibleByArgument {
    public static var defaultCompletionKind: CompletionKind { .list(["standard", "all", "usgs"]) }
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print quakes as a table, CSV, JSON or GeoJSON: filtered, sorted and sectioned.",
        discussion: """
            Examples:
              quakes-tui list --where 'place CONTAINS[cd] "alaska" AND magnitude >= 2.5' --sort -magnitude
              quakes-tui list --section day --format csv
              quakes-tui list --format csv --csv-safe > for-a-spreadsheet.csv
              quakes-tui list --format csv --columns usgs > as-usgs-writes-it.csv
              quakes-tui list --where 'magnitude >= 4.5' --format geojson > big.geojson
              quakes-tui list --where 'DISTANCE("Anchorage") < 100' --sort 'DISTANCE("Anchorage")'

            DISTANCE("place") finds places in GeoNames' list of 34,006 places of 15,000 people \
            or more: place data © GeoNames (https://www.geonames.org/), CC BY 4.0.
            """
    )

    typealias Format = QuakeListFormat.Format

    @OptionGroup var catalogOptions: CatalogOptions

    @OptionGroup var homeOptions: HomeOptions

    // Unconditional: `--limit -1` is a value to refuse, not an unknown option `-1`.
    @Option(name: [.customShort("n"), .long], parsing: .unconditional, help: "How many quakes to print; 0 for all. Default: 20 for a table, all for CSV, JSON and GeoJSON.")
    var limit: Int?

    @Option(name: [.customShort("f"), .long], help: "table, csv, json or geojson (a USGS FeatureCollection that import reads back).")
    var format: Format = .table

    // CSV keeps the feed's text exactly unless asked: a program reading it gets what the feed said.
    @Flag(help: "For a spreadsheet: with --format csv, put ' before a text field (id, place, net, code, type, status, section) that begins with = + - @, a tab or CR, so it is not run as a formula. Numbers and times are never changed.")
    var csvSafe = false

    // Asked for, not the default: scripts already read the standard columns, counting from either end.
    @Option(help: ArgumentHelp("With --format csv: standard (id, time, magnitude, place, depth, latitude, longitude, net, code, type, status, then any distance and section), all (those, then magType, updated, sig, tsunami, alert, felt, cdi, mmi and the measurements: nst, gap, dmin, rms, horizontalError, depthError, magError, magNst, locationSource, magSource, catalog, contributor, evaluationMode, evaluationStatus, empty when unknown; then origins, how many services reported the quake, and cluster, role, mainshock), usgs (a USGS feed CSV's 22 columns in USGS's order, which import reads back), or any of those fields joined by commas, in the order given (id,time,magnitude,cdi,mmi).",
                               valueName: "set"), transform: { argument in
        guard let columns = QuakeListFormat.Columns(argument: argument) else {
            throw ValidationError(QuakeListFormat.Columns.problem(argument))
        }
        return columns
    })
    var columns: QuakeListFormat.Columns = .standard

    @OptionGroup var whereOption: WhereOption

    @Flag(help: "Print every origin (each service's report) of the listed events, with its event's id, the preferred origin first, and its differences from it (dt s, distance km, dmagnitude).")
    var origins = false

    @Option(name: [.customShort("s"), .long], parsing: .unconditional, help: ArgumentHelp("Sort keys, comma-separated, '-' for descending: -magnitude,time, or DISTANCE(35.68,139.69) (nearest first; adds a distance column). Default: -time.",
                               valueName: "keys"), completion: SortCompletion.keys)
    var sort: String?

    @OptionGroup var viewOptions: ViewOptions

    @Option(help: ArgumentHelp("Instead of the quakes: how many of them hold each value of this field, most first, with "
                               + "their share (magnitude in half units, depth by 10 km, latitude and longitude by degree, "
                               + "times by UTC day), counted without reading the rows.", valueName: "field"))
    var freq: String?

    @Option(help: ArgumentHelp("Group rows by day, magnitude (band), network, type or sequence (each quake under its mainshock, by the last decluster run).", valueName: "key"),
            completion: .list(["day", "magnitude", "network", "type", "sequence"]))
    var section: String?

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if csvSafe && format != .csv { throw ValidationError("--csv-safe is for --format csv only") }
        if columns != .standard && format != .csv { throw ValidationError("--columns is for --format csv only") }
        if origins && (format == .geojson || columns != .standard || csvSafe) {
            throw ValidationError("--origins prints table, csv or json, with its own columns")
        }
        _ = try fetchConfiguration()
        if let freq { _ = try Self.frequencyField(freq) }
        if freq != nil && (origins || format == .geojson || columns != .standard || csvSafe) {
            throw ValidationError("--freq prints table, csv or json, with its own columns")
        }
        if let section, SectionKey(argument: section) == nil {
            throw ValidationError("--section must be day, magnitude, network, type or sequence, not '\(section)'")
        }
    }

    func run() throws {
        try list(try fetchConfiguration())
    }

    /// `--freq`'s field, or why it has no frequency table.
    static func frequencyField(_ name: String) throws -> QuakeField {
        guard let field = QuakeField.named(name) else {
            throw ValidationError("--freq: no field '\(name)'; fields: \(QuakeField.all.map(\.name).joined(separator: ", "))")
        }
        if let reason = FrequencyTable.check(field) { throw ValidationError("--freq \(field.name): \(reason)") }
        return field
    }

    /// What to list. Run by validate() too: a bad `--sort`, `--where` or
    /// `--view` is a usage error found while the command line is read.
    private func fetchConfiguration() throws -> FetchConfiguration {
        let home = try homeOptions.resolved(for: [whereOption.text, sort])
        if let sort { try QueryArgument.validateSort(sort, home: home) }
        let predicate = try whereOption.predicate(home: home)
        if let view = try viewOptions.savedView() { return try configuration(view) }
        var configuration = FetchConfiguration(sortKeys: try SortKey.parseList(sort ?? "-time", home: home),
                                               sectionIdentifier: section.flatMap(SectionKey.init(argument:)))
        configuration.predicate = predicate
        return configuration
    }

    /// `--view`: the saved view's predicate, sort and sections, with
    /// `--where`, `--sort` and `--section` over them.
    private func configuration(_ saved: SavedView) throws -> FetchConfiguration {
        let view = ViewOptions.overriding(saved, predicate: whereOption.text, sort: sort)
        let home = try homeOptions.resolved(for: [view.predicate, view.sort])
        var configuration = FetchConfiguration()
        do {
            configuration.predicate = try view.combinedPredicate(home: home)
            configuration.sortKeys = try view.sortKeys(home: home)
            configuration.sectionIdentifier = try section.flatMap(SectionKey.init(argument:)) ?? view.sectionKey()
        } catch {
            throw ValidationError("--view \(viewOptions.view ?? ""): \(error)")
        }
        return configuration
    }

    private func list(_ configuration: FetchConfiguration) throws {
        let catalog = try catalogOptions.open(purpose: .read)
        var output = StandardOutput()
        do {
            let controller = try ResultsController(catalog, configuration: configuration)
            if let freq {
                let field = try Self.frequencyField(freq)
                let table = FrequencyTable(field: field, try controller.aggregate(FrequencyTable.request(field)))
                try FrequencyListFormat(format: format).write(table, to: &output)
                output.flush()
                return
            }
            // GeoJSON's metadata carries the count, so it is counted first;
            // a table on a terminal says how many it left out.
            let onTerminal = format == .table && isatty(STDOUT_FILENO) == 1
            let snapshot = try controller.fetchNow(counting: format == .geojson || onTerminal)
            let limit = self.limit ?? (format == .table ? 20 : 0)
            if origins {
                var events: [String] = []
                try snapshot.forEachRow(limit: limit) { _, quake in events.append(quake.id) }
                try OriginListFormat(format: format).write(try catalog.origins(ofEvents: events), to: &output)
                output.flush()
                return
            }
            var listFormat = QuakeListFormat(format: format, configuration: configuration, csvSafe: csvSafe)
            listFormat.columns = columns
            // A reader gone or a full disk ends the rows there, not after all of them.
            try listFormat.write(snapshot, limit: limit, to: &output) { written in
                if written % 64 == 0 { try StandardOutput.checkWritten() }   // a failed 64 KiB write is seen within 64 rows
            }
            if onTerminal, limit > 0, let count = snapshot.count, count > limit {
                output.write("(\(DigitGrouping.grouped(limit)) of \(DigitGrouping.grouped(count)); --limit 0 for all)\n")
            }
            output.flush()
        } catch {
            // A corrupt page or a disk error, said in one line, after the rows read before it.
            output.flush()
            throw CatalogError.reading(error, path: catalog.path)
        }
    }
}

