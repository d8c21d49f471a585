import ArgumentParser
import QuakeQuery

/// What the shells offer after `--sort`: every sortable key, ascending and
/// descending (`-magnitude`). One key per word; a comma list is typed on.
enum SortCompletion {
    static var names: [String] {
        QuakeField.sortable.flatMap { [$0.name, "-" + $0.name] }
    }

    static var keys: CompletionKind { .list(names) }
}
