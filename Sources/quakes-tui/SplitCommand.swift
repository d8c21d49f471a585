// `quakes-tui split`: takes an origin out of its event as an event of its
// own, kept apart by later imports.
import ArgumentParser
import QuakeStore

struct SplitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Take an origin out of its event as an event of its own, kept apart in later imports.",
        discussion: "list --origins shows each event's origins and their ids."
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @Argument(help: "The origin's id.") var origin: String

    func run() throws {
        let catalog = try catalogOptions.open(seed: false, forImport: true)
        let rest = try catalog.split(origin)
        StandardOutput.writeLine("split \(origin) from event \(rest): now an event of its own")
    }
}
