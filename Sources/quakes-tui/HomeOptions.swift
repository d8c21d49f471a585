import ArgumentParser
import QuakeQuery

/// `--home`, shared by `list` and the browser: where `DISTANCE()` measures
/// from, over the config file's `home`.
struct HomeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Where DISTANCE() measures from (and the browser's Dist column): a place (\"Tokyo\", \"Springfield, US\") or latitude,longitude (35.68,139.69). Default: the config file's home.",
        valueName: "place"))
    var home: String?

    func validate() throws {
        guard let home else { return }
        do { _ = try Home(parsing: home) } catch { throw ValidationError("--home: \(error)") }
    }

    /// `--home`, else the config file's; nil when neither is set. Throws
    /// a bad config file's error.
    func resolved(config: UserConfig? = nil) throws -> Home? {
        // Checked in validate(): cannot fail here.
        if let home, let parsed = try? Home(parsing: home) { return parsed }
        return try (config ?? UserConfig.load()).home
    }

    /// The home, when any of `texts` (a predicate, sort keys) mentions
    /// DISTANCE: a command that measures nothing reads no config file.
    func resolved(for texts: [String?]) throws -> Home? {
        guard texts.contains(where: { $0?.uppercased().contains("DISTANCE") ?? false }) else { return nil }
        return try resolved()
    }
}
