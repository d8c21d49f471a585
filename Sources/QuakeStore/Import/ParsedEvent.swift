/// One feature or CSV row as the importer sees it: a quake to store, or the
/// reason it cannot be stored.
enum ParsedEvent: Sendable {
    case quake(Quake)
    case skipped(reason: String)
}
