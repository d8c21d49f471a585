import ArgumentParser
import Foundation
import QuakeStore

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print quakes, newest first, as a table, CSV or JSON."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, csv, json }

    @OptionGroup var database: DatabaseOptions

    @Option(help: "How many quakes to print; 0 for all. Default: 20 for a table, all for CSV and JSON.")
    var limit: Int?

    @Option(help: "table, csv or json.")
    var format: Format = .table

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
    }

    func run() throws {
        let catalog = try database.open()
        let limit = self.limit ?? (format == .table ? 20 : 0)
        let quakes = try catalog.pool.read { db in
            try Quake.fetchAll(db, sql: "SELECT * FROM quake ORDER BY time DESC, id DESC LIMIT ?",
                               arguments: [limit == 0 ? -1 : limit])
        }
        var output = StandardOutput()
        switch format {
        case .table: QuakeListFormat.table(quakes, to: &output)
        case .csv: try QuakeListFormat.csv(quakes, to: &output)
        case .json: try QuakeListFormat.json(quakes, to: &output)
        }
    }
}

struct StandardOutput: TextOutputStream {
    mutating func write(_ string: String) { FileHandle.standardOutput.write(Data(string.utf8)) }
}
