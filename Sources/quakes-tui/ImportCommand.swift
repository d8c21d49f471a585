// `quakes-tui import`: reads GeoJSON, CSV, FDSN text, QuakeML or ISC-GEM files
// into the catalog, each whole or not at all.
import ArgumentParser
import Foundation
import QuakeStore

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import USGS GeoJSON or CSV feeds, FDSN event text, QuakeML or the ISC-GEM catalogue, into the catalog.",
        discussion: """
            Each file is imported whole or not at all; on a terminal a line on stderr \
            says how far (quakes, bytes, rate, time left). A quake already stored is \
            replaced only by a newer 'updated'; an event whose 'ids' lists another \
            stored event supersedes it. Exits 1 if any file could not be imported.
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @Argument(help: ArgumentHelp("GeoJSON FeatureCollection, USGS CSV, FDSN text, QuakeML or ISC-GEM CSV files; - reads standard input.",
                                 valueName: "file"),
              completion: .file())
    var files: [String]

    @Flag(help: "List every skipped feature, not only the first \(ImportReport.maxSkipLines).")
    var allSkipped = false

    @Option(help: ArgumentHelp("The FDSN service the files come from (\(Self.serviceNames)): ids other than ComCat's "
                               + "are stored as SERVICE:ID.", valueName: "name"),
            completion: .list(EventIdentity.services.map(\.name)))
    var service: String?

    static var serviceNames: String { EventIdentity.services.map(\.name).joined(separator: ", ") }

    func validate() throws {
        if let service, EventIdentity.knownService(service) == nil {
            throw ValidationError("unknown service \"\(service)\"; known services: \(Self.serviceNames)")
        }
    }

    func run() throws {
        let catalog = try catalogOptions.open(seed: false, forImport: true)
        let importer = QuakeImporter(catalog: catalog)
        var failed = false
        for (index, file) in files.enumerated() {
            do {
                let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: file, exitsOnSignal: true) : nil
                defer { bar?.clear() }
                let text = ReadProgressText(name: file == "-" ? "standard input" : file, position: (index, files.count))
                let start = Date()
                let report = try importer.importFile(at: file, service: service.flatMap(EventIdentity.knownService),
                                                     progress: { bar?.show(line: text.importLine($0, elapsed: Date().timeIntervalSince(start))) })
                // The bar off its line first: the summary was written after it, on the same line.
                bar?.clear()
                // Lines for a person: a file name or a skipped value may hold control characters.
                // Numbers with separators for a person at a terminal; as ever in a pipe.
                for line in report.lines(allSkipped: allSkipped, grouped: isatty(STDOUT_FILENO) == 1) { StandardOutput.writeLine(line) }
            } catch {
                printError("error: \(error)")
                failed = true
            }
        }
        PendingIndexBuild.finish(catalog)
        if failed { throw ExitCode(1) }
    }
}
