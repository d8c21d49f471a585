import ArgumentParser
import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
import QuakeViews
import TerminalUI

/// `quakes-tui map`: the browser's map printed once, through the same query
/// path as `list` (a results controller over the catalog, one aggregate per
/// dot), so a map can be checked, piped or diffed.
struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Print a map of where the quakes are.",
        discussion: """
            H lines of W characters: coastlines, a graticule with its labels and the quakes \
            (as density or as symbols sized by magnitude, see --style), the view true to \
            proportion at its centre latitude; then a legend with a scale bar, and \
            `N quakes, lat S…N, lon W…E`. Colors on a terminal without NO_COLOR; without \
            colors quakes are drawn with glyphs no coastline or layer uses (`·` `•` `●` `◉` `■`, \
            shades for density), so a map in a file shows every quake. ASCII outside a \
            UTF-8 locale. Coastlines: Natural Earth (public domain).

            Examples:
              quakes-tui map --where 'magnitude >= 4.5'
              quakes-tui map --region 51,72,-180,-129 --width 80 --height 20
              quakes-tui map --region -25,-10,170,-170     # across 180°: Fiji to Tonga
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @OptionGroup var whereOption: WhereOption

    @OptionGroup var homeOptions: HomeOptions

    // Unconditional: a southern region starts with '-' (`--region -25,-10,170,-170`).
    @Option(parsing: .unconditional, help: ArgumentHelp("The view: south,north,west,east in degrees; west above east crosses 180°. Default: the world.",
                               valueName: "S,N,W,E"))
    var region: String?

    // Unconditional too: `--width -1` is a value to refuse, not an unknown option.
    @Option(parsing: .unconditional, help: "Characters across. Default: the terminal's width, else 100.")
    var width: Int?

    @Option(parsing: .unconditional, help: "Lines of map (the legend and the scale line are two more). Default: the terminal's height less three (those two and the shell's prompt after them), else 30.")
    var height: Int?

    @Option(help: ArgumentHelp("How quakes are drawn: auto (density once lit cells hold \(Int(MapStyle.densityThreshold)) quakes each on average), density, or events.",
                               valueName: "auto|density|events"))
    var style: MapStyle = .auto

    @Option(name: .customLong("color-by"), help: ArgumentHelp("What colors the events: magnitude, depth or time.",
                                                               valueName: "magnitude|depth|time"))
    var colorBy: MapColoring = .magnitude

    @Flag(name: .customLong("no-layers"), help: "Coastlines only: no plate boundaries, faults or towns.")
    var noLayers = false

    static let sizes = 1...1000

    func validate() throws {
        _ = try whereOption.predicate(homeOptions)
        _ = try view()
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !Self.sizes.contains(value) {
                throw ValidationError("\(name) must be between \(Self.sizes.lowerBound) and \(Self.sizes.upperBound)")
            }
        }
    }

    func run() throws {
        var configuration = FetchConfiguration()
        configuration.predicate = try whereOption.predicate(homeOptions)
        let view = try view()
        _ = try LandOutline.bundled()   // a bundle without its outlines is an error, not a blank map

        let terminal = ScreenPrinter.terminalSize()
        let columns = width ?? terminal.map { min(Self.sizes.upperBound, max(1, $0.columns)) } ?? 100
        // The legend, the scale line and the prompt the shell prints next
        // fit under the map, so its top row (the graticule's labels) stays on screen.
        let rows = height ?? terminal.map { min(Self.sizes.upperBound, MapView.mapRows(fitting: $0.rows - 1)) } ?? 30
        // The map's rows, the legend's (when there is room) and the scale line.
        let area = Rect(x: 0, y: 0, width: columns, height: MapView.paneHeight(mapRows: rows))
        let cellAspect = try UserConfig.load().cellAspect ?? MapFrame.defaultCellAspect
        let projection = MapView.projection(view, in: area, cellAspect: cellAspect)

        let catalog = try catalogOptions.open(purpose: .read)
        let quakes: MapQuakes
        do {
            let result = try ResultsController(catalog, configuration: configuration)
                .aggregate(MapAggregate.request(for: projection, coloring: colorBy))
            quakes = MapAggregate.quakes(result, projection: projection)
        } catch {
            throw CatalogError.reading(error, path: catalog.path)
        }

        var screen = Screen(width: columns, height: area.height)
        var map = MapView(region: view, quakes: quakes, land: .none, unicode: ASCIIFallback.localeIsUTF8(),
                          colors: terminal != nil && ScreenPrinter.colorsAllowed, style: style, coloring: colorBy,
                          cellAspect: cellAspect)
        MapLayers.bundled.applied(to: &map, showsLayers: !noLayers)
        map.render(in: area, into: &screen)
        var output = StandardOutput()
        // Styles only on a terminal.
        ScreenPrinter.write(screen, rows: 0..<area.height - 1, styled: terminal != nil, to: &output)
        // The scale line whole, however narrow the map: it is the answer a script reads.
        output.write(map.scaleLine(count: quakes.count, in: area) + "\n")
        output.flush()
    }

    /// `--region`, else the world.
    private func view() throws -> MapRegion {
        guard let region else { return .world }
        do { return try MapRegion(argument: region) } catch { throw ValidationError("--region: \(error)") }
    }
}

extension MapStyle: ExpressibleByArgument {}
extension MapColoring: ExpressibleByArgument {}
