import ArgumentParser
import Foundation
import QuakeCharts
import QuakeQuery
import QuakeStore
import QuakeViews
import TerminalUI

// `--bin` takes the sizes' own names: 1min, 10min, 1h, 6h, 1d, 1w, 1mo, 1y.
extension TimeBinSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `quakes-tui stats`: the charts pane's figures printed once, through the
/// same query path as `list` and `map` (a results controller, three
/// aggregates, never the rows): activity over time, the magnitude–frequency
/// distribution, Mc and the Gutenberg–Richter b-value, magnitude over time
/// and the cumulative count.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print quakes per time bin and per 0.1 magnitude, Mc and the b-value.",
        discussion: """
            Mc by maximum curvature, b by Aki–Utsu maximum likelihood over the quakes at or above \
            Mc, its error by Shi & Bolt (1982), a = log10(n) + b·Mc; no fit below 50 quakes.

            Examples:
              quakes-tui stats --where 'magnitude >= 2.5'
              quakes-tui stats --where 'place CONTAINS[cd] "alaska"' --format json --bin 1d
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var catalogOptions: CatalogOptions

    @OptionGroup var homeOptions: HomeOptions

    @OptionGroup var whereOption: WhereOption

    @OptionGroup(title: "Magnitudes") var magnitudeOptions: MagnitudeOptions

    @OptionGroup(title: "Sequence") var sequenceOptions: SequenceOptions

    @Option(name: [.customShort("f"), .long], help: "text or json.")
    var format: Format = .text

    @Option(name: .customLong("bin"), help: ArgumentHelp(
        "The time bins: 1min, 10min, 1h, 6h, 1d, 1w, 1mo or 1y. Default: the smallest with at most \(Self.defaultWidth) bins (the terminal's width on one).",
        valueName: "size"))
    var binSize: TimeBinSize?

    /// The columns the time bins are fitted to when stdout is no terminal.
    static let defaultWidth = 100

    func validate() throws {
        _ = try whereOption.predicate(homeOptions)
    }

    func run() throws {
        var configuration = FetchConfiguration()
        configuration.predicate = try whereOption.predicate(homeOptions)
        let terminal = ScreenPrinter.terminalSize()
        let width = max(20, terminal?.columns ?? Self.defaultWidth)
        // The text draws the charts as the pane does: the time bins fit the activity chart.
        let area = Rect(x: 0, y: 0, width: width, height: Self.chartRows)
        let binWidth = format == .text ? ChartsView.binColumns(in: area) : width
        let catalog = try catalogOptions.open(purpose: .read)
        let charts: QuakeCharts
        let labels: MagnitudeLabels
        do {
            let controller = try ResultsController(catalog, configuration: configuration)
            let counted = try ChartAggregates.charts(controller, width: binWidth, binSize: binSize)
            charts = counted.withMagnitudeTime(try ChartAggregates.magnitudeTime(controller, span: counted.span, dots: 2 * binWidth))
            labels = MagnitudeLabels(try controller.aggregate(MagnitudeLabels.request))
        } catch let error as TimeBinLimitError {
            // A usage error, though only the data can tell: the bin asked for is too small for its span.
            throw ValidationError("--bin \(error.size.rawValue): \(error)")
        } catch {
            throw CatalogError.reading(error, path: catalog.path)
        }
        // The quakes as columns, only for what aggregates cannot give: other methods, β, the sequence.
        let selection = magnitudeOptions.readsRows || sequenceOptions.isAsked
            ? try SequenceSelection.read(catalog, predicate: configuration.predicate) : nil
        let magnitudes = MagnitudeReport(analysis: try magnitudeOptions.analysis(selection), labels: labels,
                                         methods: (try magnitudeOptions.completeness().name, (magnitudeOptions.bMethod ?? .utsu).rawValue),
                                         rateChange: try magnitudeOptions.rateChange(selection))
        let sequence = try sequenceOptions.report(selection)
        var output = StandardOutput()
        switch format {
        case .json:
            let fields = magnitudes.jsonFields()
            output.write(Self.json(charts, replacing: fields.replacing, adding: fields.adding + (sequence?.jsonFields() ?? [])))
        case .text:
            let unicode = ASCIIFallback.localeIsUTF8()
            // Both layouts, one under the other, a blank row between.
            var screen = Screen(width: width, height: 2 * Self.chartRows + 1)
            ChartsView(charts: charts, unicode: unicode).render(in: area, into: &screen)
            ChartsView(charts: charts, unicode: unicode, layout: .timeline)
                .render(in: Rect(x: 0, y: Self.chartRows + 1, width: width, height: Self.chartRows), into: &screen)
            ScreenPrinter.write(screen, rows: 0..<screen.height, styled: terminal != nil, to: &output)
            var lines = Self.textLines(charts, unicode: unicode)
            if let analysis = magnitudes.analysis { lines[0] = magnitudes.figuresLine(analysis, unicode: unicode) }
            // After the count, span and quakes without a magnitude; before the bin tables.
            lines.insert(contentsOf: magnitudes.textLines(unicode: unicode), at: lines.firstIndex(of: "") ?? lines.count)
            output.write("\n" + lines.map { $0 + "\n" }.joined())
            if let sequence { output.write("\n" + sequence.textLines(unicode: unicode).map { $0 + "\n" }.joined()) }
        }
        output.flush()
    }

    /// Each layout's height in the text output: the pane's on a 40-line terminal.
    static let chartRows = 12
}
