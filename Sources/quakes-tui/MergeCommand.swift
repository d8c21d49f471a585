// `quakes-tui merge`: makes the events holding two origins one event, kept
// so by later imports (split undoes it).
import ArgumentParser
import QuakeStore

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Make the events holding two origins one event, whatever their distance, in this and later imports.",
        discussion: """
            Either id may be an event's or any of its origins' (list --origins shows them). \
            The event's preferred origin is chosen again by the association policy. Refused \
            when both events hold a report of the same service. Undo with split.
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @Argument(help: "An origin or event id.") var first: String
    @Argument(help: "Another origin or event id.") var second: String

    func run() throws {
        let catalog = try catalogOptions.open(seed: false, forImport: true)
        let event = try catalog.merge(first, second)
        StandardOutput.writeLine("merged \(first) and \(second): event \(event), \(try catalog.origins(ofEventHolding: event).count) origins")
    }
}
