import ArgumentParser
import GRDB

/// `quakes-tui version`: the same line as `--version`; `--verbose` adds the
/// SQLite library actually linked, which is what a catalog's behaviour
/// depends on (the system's libsqlite3, not a copy of our own).
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the version (the same line as --version)."
    )

    @Flag(help: "Also print the SQLite library's version.")
    var verbose = false

    func run() throws {
        StandardOutput.writeLine(QuakesVersion.line)
        guard verbose else { return }
        StandardOutput.writeLine("SQLite \(try Self.sqliteVersion())")
    }

    /// `sqlite_version()` asked of an in-memory database: no catalog is opened or created.
    static func sqliteVersion() throws -> String {
        let database = try DatabaseQueue()
        return try database.read { try String.fetchOne($0, sql: "SELECT sqlite_version()") } ?? "unknown"
    }
}
