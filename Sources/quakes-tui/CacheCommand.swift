// `quakes-tui cache`: lists or removes the catalogs kept for opened files
// in $XDG_CACHE_HOME/quakes-tui.
import ArgumentParser
import Foundation
import QuakeFeed
import QuakeStore

struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List the catalogs kept for opened files, or remove them.",
        discussion: """
            quakes-tui FILE reads the file into a catalog of its own in \
            $XDG_CACHE_HOME/quakes-tui (~/.cache/quakes-tui), so that the next open of the \
            same unchanged file reads nothing. They are kept under 2 GB in all \
            ($QUAKES_CACHE_LIMIT, e.g. 500MB), the least recently used removed first.
            """
    )

    @Flag(help: "Remove every cached catalog.")
    var clear = false

    /// `$QUAKES_CACHE_LIMIT` (`500MB`, `2 GB`, bytes), else 2 GB.
    static func limit(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int {
        guard let text = environment["QUAKES_CACHE_LIMIT"], !text.isEmpty else { return CacheFolder.defaultLimit }
        guard let bytes = ByteCount.parse(text) ?? Int(text) else {
            throw CacheError("QUAKES_CACHE_LIMIT '\(text)' is not a size (e.g. 500MB, 2GB)")
        }
        return bytes
    }

    func run() throws {
        let cache = CacheFolder()
        if clear {
            let removed = cache.clear()
            StandardOutput.writeLine("removed \(removed) cached catalog\(removed == 1 ? "" : "s") from \(cache.path)")
            return
        }
        let entries = cache.entries().reversed()
        guard !entries.isEmpty else {
            StandardOutput.writeLine("no cached catalogs in \(cache.path)")
            return
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        StandardOutput.writeLine("LAST USED            SIZE      SOURCE")
        for entry in entries {
            let size = ByteCount.text(entry.size)
            StandardOutput.writeLine(formatter.string(from: entry.lastUsed) + "  " + size.padding(toLength: 8, withPad: " ", startingAt: 0)
                                     + "  " + (entry.source ?? "?") + "  (" + entry.path + ")")
        }
        let total = entries.reduce(0) { $0 + $1.size }
        StandardOutput.writeLine("\(entries.count) catalog\(entries.count == 1 ? "" : "s"), \(ByteCount.text(total)) in \(cache.path)")
    }
}
