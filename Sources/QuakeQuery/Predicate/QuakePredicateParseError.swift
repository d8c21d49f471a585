// QuakePredicate.ParseError: what is wrong with a predicate and where, and
// the caret line the CLI and the browser show under it.
extension QuakePredicate {
    /// A predicate that cannot be parsed: what is wrong, and the 1-based column
    /// where. Prints as `1:13: expected a value after '>=', found end of input`.
    /// (Named inside QuakePredicate: a top-level `PredicateError` clashes with Foundation's.)
    public struct ParseError: Error, Equatable, CustomStringConvertible, Sendable {
        public var message: String
        public var line: Int = 1
        public var column: Int

        public init(message: String, line: Int = 1, column: Int) {
            self.message = message; self.line = line; self.column = column
        }

        public var description: String { "\(line):\(column): \(message)" }

        /// The predicate's text with a caret under the bad column, as the CLI
        /// shows it. `width` is how many columns a text takes where it is
        /// shown (a terminal's: a CJK character two, a TAB shown as `^I` two).
        public func caretLines(for text: String, width: (String) -> Int = { $0.count }) -> [String] {
            let line = text.split(separator: "\n", omittingEmptySubsequences: false)
                .dropFirst(self.line - 1).first.map(String.init) ?? text
            return [line, String(repeating: " ", count: caretOffset(in: line, width: width)) + "^"]
        }

        /// How many columns of `line` come before the bad one, as `width` counts them.
        public func caretOffset(in line: String, width: (String) -> Int) -> Int {
            width(String(line.prefix(max(0, column - 1))))
        }
    }
}
