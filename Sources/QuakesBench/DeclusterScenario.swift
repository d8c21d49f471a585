import ArgumentParser
import Foundation
import QuakeQuery
import QuakeSeismology
import QuakeStore

/// `decluster-child`: `quakes-tui decluster` as the user waits for it (the
/// selection read, the method run, every quake's verdict written), with
/// Gardner–Knopoff's window and with Reasenberg's method, on a copy of the
/// generated catalog.
struct DeclusterChild: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decluster-child", shouldDisplay: false)
    @Option var db: String

    func run() throws {
        let catalog = try QuakeCatalog(path: db)
        var figures: [String: Double] = [:]
        for (method, key) in [("gk", "decluster_gk_s"), ("reasenberg", "decluster_reasenberg_s")] {
            let algorithm = DeclusterAlgorithm.named(method)!
            let ms = try BrowseScenarios.milliseconds {
                _ = try Declusterer.run(algorithm, on: catalog, predicate: nil, text: "")
            }
            figures[key] = ms / 1000
            // Where the time goes: the read and the method alone (the rest is the write).
            var selection: SequenceSelection?
            figures[key + "_read"] = try BrowseScenarios.milliseconds {
                selection = try SequenceSelection.read(catalog, predicate: nil)
            } / 1000
            figures[key + "_method"] = try BrowseScenarios.milliseconds { _ = try algorithm.run(selection!.columns, { _ in true }) } / 1000
        }
        // The declustered catalog browsed by sequence (`s` to "sequence", or
        // `T`), from the table in time order: the first window the key
        // shows, then the counted page with every sequence's section.
        let waiter = DeliveryWaiter<ResultsSnapshot>()
        let controller = try ResultsController(catalog, configuration: FetchConfiguration())
        controller.onSnapshot { waiter.deliver($0) }
        try controller.start()
        _ = waiter.wait { $0.isComplete }
        let before = waiter.generation
        let start = DispatchTime.now().uptimeNanoseconds
        controller.fetch { $0.sectionIdentifier = .sequence }
        _ = waiter.wait { $0.generation > before && $0.configuration.sectionIdentifier == .sequence }
        figures["sequence_sections_first_ms"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let counted = waiter.wait { $0.generation > before && $0.configuration.sectionIdentifier == .sequence && $0.isComplete }
        figures["sequence_sections_ms"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let sections = counted.sections.count
        figures["sequence_sections"] = Double(sections)
        print(String(decoding: try JSONSerialization.data(withJSONObject: figures), as: UTF8.self))
    }
}
