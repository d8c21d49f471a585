import ArgumentParser
import Foundation
import QuakeQuery
import QuakeSeismology
import QuakeStore
import QuakeViews

/// `quakes-tui decluster`: separates mainshocks from their foreshocks and
/// aftershocks over a selection, prints the counts and keeps each quake's
/// cluster, role and mainshock in the catalog (the `cluster`, `role` and
/// `mainshock` fields read the last method run).
struct DeclusterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decluster",
        abstract: "Find mainshocks, foreshocks and aftershocks; keep each quake's cluster, role and mainshock.",
        discussion: """
            gk: Gardner & Knopoff (1974): the largest quake not yet in a cluster takes every quake \
            within its window (distance L(M), time T(M) after it and as long before it), with the \
            window of Gardner & Knopoff, Grünthal (1985) or Uhrhammer (1986). reasenberg: Reasenberg \
            (1985) with ZMAP's defaults (tau 1 to 10 days, P 0.95, xk 0.5, rfact 10, location errors \
            1.5 km and 2 km). Quakes without a magnitude are left out. The results are kept per \
            method; the last run is what the cluster, role and mainshock fields read.

            Examples:
              quakes-tui decluster --method gk --window uhrhammer
              quakes-tui decluster --method reasenberg --where 'time >= "2019-01-01"'
              quakes-tui list --where 'role == "mainshock"'
            """
    )

    enum Method: String, ExpressibleByArgument, CaseIterable { case gk, reasenberg }
    enum Window: String, ExpressibleByArgument, CaseIterable { case gk, gruenthal, uhrhammer }
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var homeOptions: HomeOptions
    @OptionGroup var whereOption: WhereOption

    @Option(help: "gk (Gardner–Knopoff) or reasenberg.")
    var method: Method = .gk

    @Option(help: "Gardner–Knopoff's window: gk, gruenthal or uhrhammer.")
    var window: Window?

    @Option(name: [.customShort("f"), .long], help: "text or json.")
    var format: Format = .text

    /// The name the method's results are kept under (`DeclusterAlgorithm.named`).
    var storedName: String {
        switch (method, window ?? .gk) {
        case (.reasenberg, _): "reasenberg"
        case (.gk, .gk): "gk"
        case (.gk, let other): "gk-" + other.rawValue
        }
    }

    func validate() throws {
        if window != nil && method != .gk { throw ValidationError("--window is Gardner–Knopoff's: use it with --method gk") }
        _ = try whereOption.predicate(homeOptions)
    }

    func run() throws {
        let predicate = try whereOption.predicate(homeOptions)
        let catalog = try catalogOptions.open(seed: false, forImport: true)
        let algorithm = DeclusterAlgorithm.named(storedName)!
        // A method keeps one run: an earlier one over another selection is replaced, and said so.
        let earlier = try catalog.sequenceRuns().first { $0.method == storedName && $0.scope.text != (whereOption.text ?? "") }
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: "decluster") : nil
        let summary = try Declusterer.run(algorithm, on: catalog, predicate: predicate, text: whereOption.text ?? "") { done in
            bar?.show(line: "declustering (\(algorithm.method))… \(Int(done * 100)) %")
            return true
        }
        bar?.clear()
        var output = StandardOutput()
        switch format {
        case .text:
            var lines = Self.text(summary, path: catalog.path)
            if let earlier {
                lines.append("replaced its run of \(ISOTime.string(epochMilliseconds: earlier.ranAt.epochMilliseconds)) over "
                             + (earlier.scope.text.isEmpty ? "every quake" : "--where '\(earlier.scope.text)'"))
            }
            output.write(lines.map { $0 + "\n" }.joined())
        case .json: output.write(Self.json(summary))
        }
        output.flush()
    }

    static func text(_ summary: SequenceSummary, path: String) -> [String] {
        let count = Formatting.count
        var lines = ["\(summary.run.method) (\(summary.run.settings)): \(count(summary.quakes)) quakes in \(count(summary.clusters)) \(summary.clusters == 1 ? "cluster" : "clusters")"]
        let rows: [(String, Int)] = [("mainshocks", summary.roles[.mainshock] ?? 0), ("foreshocks", summary.roles[.foreshock] ?? 0),
                                     ("aftershocks", summary.roles[.aftershock] ?? 0)]
        let width = rows.map { count($0.1).count }.max() ?? 0
        for (name, n) in rows {
            let text = count(n)
            var line = "  " + name.padding(toLength: 12, withPad: " ", startingAt: 0) + String(repeating: " ", count: width - text.count) + text
            if name == "mainshocks" { line += "  (\(count(summary.alone)) alone)" }
            lines.append(line)
        }
        if let largest = summary.largest, largest.size > 1 {
            lines.append("largest: \(count(largest.size)) quakes, mainshock \(largest.mainshock) "
                         + "M\(String(format: "%.1f", largest.magnitude)) "
                         + ISOTime.string(epochMilliseconds: Int64((largest.time * 1000).rounded())))
        }
        lines.append("kept in \(path) as \(summary.run.method); the declustered catalog: list --where 'role == \"mainshock\"'")
        return lines
    }

    static func json(_ summary: SequenceSummary) -> String {
        let largest = summary.largest.map {
            "{\"size\": \($0.size), \"mainshock\": \(JSONText.string($0.mainshock)), \"magnitude\": \(JSONText.number($0.magnitude))}"
        } ?? "null"
        let fields: [(String, String)] = [
            ("method", JSONText.string(summary.run.method)),
            ("settings", JSONText.string(summary.run.settings)),
            ("where", summary.run.scope.text.isEmpty ? "null" : JSONText.string(summary.run.scope.text)),
            ("quakes", "\(summary.quakes)"),
            ("clusters", "\(summary.clusters)"),
            ("alone", "\(summary.alone)"),
            ("mainshocks", "\(summary.roles[.mainshock] ?? 0)"),
            ("foreshocks", "\(summary.roles[.foreshock] ?? 0)"),
            ("aftershocks", "\(summary.roles[.aftershock] ?? 0)"),
            ("largest", largest),
        ]
        return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }
}
