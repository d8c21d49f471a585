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
        abstract: "Print a braille map of where the quakes are.",
        discussion: """
            H lines of W characters, then `N quakes, lat S…N, lon W…E`. Colors on a \
            terminal without NO_COLOR; `*` and `.` outside a UTF-8 locale. Land outlines: \
            Natural Earth (public domain).

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

    @Option(parsing: .unconditional, help: "Lines of map (the scale line is one more). Default: the terminal's height less one, else 30.")
    var height: Int?

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
        let land = try LandOutline.bundled()

        let terminal = ScreenPrinter.terminalSize()
        let columns = width ?? terminal.map { min(Self.sizes.upperBound, max(1, $0.columns)) } ?? 100
        let rows = height ?? terminal.map { min(Self.sizes.upperBound, max(1, $0.rows - 1)) } ?? 30
        let area = Rect(x: 0, y: 0, width: columns, height: rows + 1)
        let projection = MapView.projection(view, in: area)

        let catalog = try catalogOptions.open(purpose: .read)
        let quakes: MapQuakes
        do {
            let result = try ResultsController(catalog, configuration: configuration).aggregate(MapAggregate.request(for: projection))
            quakes = MapAggregate.quakes(result, projection: projection)
        } catch {
            throw CatalogError.reading(error, path: catalog.path)
        }

        var screen = Screen(width: columns, height: rows + 1)
        let map = MapView(region: view, quakes: quakes, land: land, unicode: ASCIIFallback.localeIsUTF8())
        map.render(in: area, into: &screen)
        var output = StandardOutput()
        // Styles only on a terminal.
        ScreenPrinter.write(screen, rows: 0..<rows, styled: terminal != nil, to: &output)
        // The scale line whole, however narrow the map: it is the answer a script reads.
        output.write(map.scaleLine(count: quakes.count) + "\n")
        output.flush()
    }

    /// `--region`, else the world.
    private func view() throws -> MapRegion {
        guard let region else { return .world }
        do { return try MapRegion(argument: region) } catch { throw ValidationError("--region: \(error)") }
    }
}
