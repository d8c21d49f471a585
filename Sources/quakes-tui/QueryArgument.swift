import ArgumentParser
import QuakeQuery
import TerminalUI

/// A predicate or sort keys from the command line (`--where`, `--alert`,
/// `--sort`), checked: a parse error is a usage error whose lines are the
/// parser's, then the text with a caret under the bad column.
enum QueryArgument {
    /// `text` as a predicate; `option` names it in the error (`--where`).
    static func predicate(_ text: String, option: String, home: Home?) throws -> QuakePredicate {
        do {
            return try QuakePredicate(text, home: home)
        } catch let error as QuakePredicate.ParseError {
            throw usageError(option, error, text)
        }
    }

    /// `--sort`'s keys, checked, with a caret under a bad `DISTANCE(…)`.
    static func validateSort(_ text: String, home: Home?) throws {
        do {
            _ = try SortKey.parseList(text, home: home)
        } catch let error as QuakePredicate.ParseError {
            throw usageError("--sort", error, text)
        } catch {
            throw ValidationError("--sort: \(error)")
        }
    }

    /// `--where: 1:6: …`, then the text and the caret, each line with its
    /// controls made visible (the caret counts their columns): the lines
    /// are printed one by one, so a newline in the text cannot split one.
    private static func usageError(_ option: String, _ error: QuakePredicate.ParseError, _ text: String) -> ValidationError {
        let caret = error.caretLines(for: text, width: DisplayWidth.of).map { "  " + $0 }
        return ValidationError(([TerminalText.visible("\(option): \(error)")] + caret.map(TerminalText.visible))
            .joined(separator: "\n"))
    }
}
