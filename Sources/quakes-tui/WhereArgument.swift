import ArgumentParser
import QuakeQuery

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
            for line in error.caretLines(for: text) { printError("  " + line) }
            throw ExitCode(2)
        }
    }
}
