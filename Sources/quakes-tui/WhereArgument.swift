import ArgumentParser
import QuakeQuery
import TerminalUI

/// `--where`'s text as a predicate, for the commands that print: a parse
/// error is the parser's line, then the text with a caret under the bad
/// column, and exit 2.
enum WhereArgument {
    static func predicate(_ text: String?, home: Home? = nil) throws -> QuakePredicate? {
        guard let text else { return nil }
        do {
            return try QuakePredicate(text, home: home)
        } catch let error as QuakePredicate.ParseError {
            printError("error: --where: \(error)")
            // The text is printed with its controls made visible: the caret counts their columns.
            for line in error.caretLines(for: text, width: DisplayWidth.of) { printError("  " + line) }
            throw ExitCode(2)
        }
    }
}
