import ArgumentParser
import QuakeQuery
import TerminalUI

/// `--where` and `--sort` as the commands take them, a parse error shown
/// with the text and a caret under the bad column: `--where`'s is the
/// parser's line and exit 2, `--sort`'s a usage error.
enum QueryArgument {
    /// `--where`'s text as a predicate, for the commands that print.
    static func predicate(_ text: String?, home: Home? = nil) throws -> QuakePredicate? {
        guard let text else { return nil }
        do {
            return try QuakePredicate(text, home: home)
        } catch let error as QuakePredicate.ParseError {
            printError("error: --where: \(error)")
            for line in caretLines(error, text) { printError(line) }
            throw ExitCode(2)
        }
    }

    /// The text, indented, and a caret under the error's column. The text is
    /// printed with its controls made visible: the caret counts their columns.
    static func caretLines(_ error: QuakePredicate.ParseError, _ text: String) -> [String] {
        error.caretLines(for: text, width: DisplayWidth.of).map { "  " + $0 }
    }

    /// `--sort`'s keys, checked: a usage error, with a caret under a bad `DISTANCE(…)`.
    static func validateSort(_ text: String, home: Home?) throws {
        do {
            _ = try SortKey.parseList(text, home: home)
        } catch let error as QuakePredicate.ParseError {
            throw ValidationError((["--sort: \(error)"] + caretLines(error, text)).joined(separator: "\n"))
        } catch {
            throw ValidationError("--sort: \(error)")
        }
    }
}
