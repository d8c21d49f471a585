import ArgumentParser
import Foundation
import QuakeOutput
import QuakeQuery
import QuakeMap
import QuakeStore
import QuakeViews
import QuakesApp
import TerminalUI

/// `quakes-tui section`: a depth cross-section along a line, headless.
struct SectionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "section",
        abstract: "Print the quakes of a depth cross-section: their distance along a line A–A′ and off it, and their depth.",
        discussion: """
            The quakes within --half-width km of the great circle from A to A′, between A and A′, \
            in order along it. Distances are GMT project's (-C A -E A′ -Q): along the great circle \
            from A, and off it (positive left of A→A′), in km of 111.195 to the degree.

            Examples:
              quakes-tui section --profile -15,178:-25,-176 --half-width 300
              quakes-tui section --profile 35.5,-118:36,-117 --half-width 20 --where 'magnitude >= 1' --format csv
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @OptionGroup var whereOption: WhereOption

    @Option(help: ArgumentHelp("The line A–A′: LAT,LON:LAT,LON in degrees (A first).", valueName: "line"))
    var profile: String

    @Option(help: ArgumentHelp("Kilometres either side of the line (default 100).", valueName: "km"))
    var halfWidth: Double = 100

    @Option(name: [.customShort("f"), .long], help: "table (the section drawn), csv or json (each quake's distances).")
    var format: Format = .table

    /// The section's formats (no GeoJSON: a section's rows are distances, not features).
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case table, csv, json
        var listFormat: QuakeListFormat.Format { QuakeListFormat.Format(rawValue: rawValue)! }
    }

    @Flag(help: "Fill the plot both ways instead of drawing it true to scale (a kilometre as long down as across).")
    var stretch = false

    @Option(parsing: .unconditional, help: "Characters across the drawing. Default: the terminal's width, else 100.")
    var width: Int?

    @Option(parsing: .unconditional, help: "Lines of drawing, its axis included. Default: 20.")
    var height: Int?

    func validate() throws {
        _ = try Self.profile(profile, halfWidth: halfWidth)
        if let width, !(20...1000).contains(width) { throw ValidationError("--width must be between 20 and 1000") }
        if let height, !(5...1000).contains(height) { throw ValidationError("--height must be between 5 and 1000") }
        _ = try whereOption.predicate(home: nil)
    }

    /// `LAT,LON:LAT,LON`, each in range; A and A′ apart and not antipodal.
    static func profile(_ text: String, halfWidth: Double) throws -> Profile {
        let points = text.split(separator: ":", omittingEmptySubsequences: false).map { point in
            point.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        }
        guard points.count == 2, points.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0 != nil } }) else {
            throw ValidationError("--profile must be LAT,LON:LAT,LON, not '\(text)'")
        }
        let a = (latitude: points[0][0]!, longitude: points[0][1]!), b = (latitude: points[1][0]!, longitude: points[1][1]!)
        for p in [a, b] where !(-90...90).contains(p.latitude) || !(-180...180).contains(p.longitude) {
            throw ValidationError("--profile: \(p.latitude),\(p.longitude) is not a place (latitude −90…90, longitude −180…180)")
        }
        guard halfWidth > 0, halfWidth.isFinite, halfWidth <= 2_000 else {
            throw ValidationError("--half-width must be more than 0 and at most 2000 km")
        }
        let line = Profile(start: a, end: b, halfWidthKilometres: halfWidth)
        let length = GreatCircle.distanceKilometres(a.latitude, a.longitude, b.latitude, b.longitude)
        guard length >= 1, length < 19_000 else {
            throw ValidationError("--profile: A and A′ must be at least 1 km apart and not opposite each other")
        }
        return line
    }

    @Option(name: .customLong("color-by"), help: ArgumentHelp("What colors the quakes drawn: magnitude, depth or time (as the map's).",
                                                               valueName: "magnitude|depth|time"))
    var colorBy: MapColoring = .magnitude

    func run() throws {
        let line = try Self.profile(profile, halfWidth: halfWidth)
        let catalog = try catalogOptions.open(purpose: .read)
        var output = StandardOutput()
        do {
            let placed = try SectionQuery.quakes(in: line, selection: try whereOption.predicate(home: nil), catalog: catalog).quakes
            if format == .table { draw(placed, line, to: &output) } else { try SectionListFormat(format: format.listFormat).write(placed, profile: line, to: &output) }
            output.flush()
        } catch {
            output.flush()
            throw CatalogError.reading(error, path: catalog.path)
        }
    }

    /// The title, then the section drawn (styles only on a terminal).
    private func draw(_ placed: [SectionListFormat.Placed], _ line: Profile, to output: inout StandardOutput) {
        let terminal = ScreenPrinter.terminalSize()
        let columns = width ?? terminal.map { min(1000, max(20, $0.columns)) } ?? 100
        let area = Rect(x: 0, y: 0, width: columns, height: height ?? 20)
        var screen = Screen(width: area.width, height: area.height)
        let cellAspect = (try? UserConfig.load().cellAspect) ?? nil
        let points = placed.map { SectionPlotView.Point(along: $0.along, depth: $0.quake.depth, magnitude: $0.quake.magnitude,
                                                        time: Double($0.quake.time.epochMilliseconds)) }
        SectionPlotView(lengthKilometres: line.lengthKilometres, points: points, stretched: stretch, unicode: ASCIIFallback.localeIsUTF8(),
                        cellAspect: cellAspect ?? MapFrame.defaultCellAspect, coloring: colorBy,
                        colors: terminal != nil && ScreenPrinter.colorsAllowed)
            .render(in: area, into: &screen)
        output.write(SectionListFormat.title(line, count: placed.count) + "; depth km down" + (stretch ? " (stretched)" : "") + "\n")
        ScreenPrinter.write(screen, rows: 0..<area.height, styled: terminal != nil, to: &output)
    }
}
