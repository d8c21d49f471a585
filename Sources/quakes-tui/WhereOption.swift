import ArgumentParser
import QuakeQuery

/// `--where`, shared by browse, list, map, stats and watch: the quakes to
/// show, as a predicate. A bad one is a usage error found while the command
/// line is read: here when it measures no distance; a predicate with
/// `DISTANCE` needs the home, which another option group (or the config
/// file) holds, so the command's `validate()` checks it with `predicate(home:)`.
struct WhereOption: ParsableArguments {
    @Option(name: [.customShort("w"), .customLong("where")], help: ArgumentHelp(
        "Only the quakes matching this predicate, in NSPredicate's format language, e.g. 'magnitude >= 4.5 AND place CONTAINS[cd] \"alaska\"'. A time compares with an age before now: 'time > \"24h\"' (s, m, h, d: \"7d\", \"1h30m\"; \"now\").",
        valueName: "predicate"))
    var text: String?

    func validate() throws {
        if !mentionsDistance { _ = try predicate(home: nil) }
    }

    /// The predicate, nil without `--where`; `home` is where `DISTANCE()` measures from.
    func predicate(home: Home?) throws -> QuakePredicate? {
        try text.map { try QueryArgument.predicate($0, option: "--where", home: home) }
    }

    /// The predicate, `DISTANCE()` measured from `--home`, else the config
    /// file's home (read only when the predicate mentions DISTANCE).
    func predicate(_ homeOptions: HomeOptions) throws -> QuakePredicate? {
        try predicate(home: homeOptions.resolved(for: [text]))
    }

    /// Whether the predicate may need the home: only then is the config file read.
    var mentionsDistance: Bool { text?.uppercased().contains("DISTANCE") ?? false }
}
