import ArgumentParser
import Foundation

/// One style for every error, said once, at the top. A usage error,
/// ArgumentParser's or ours (a ValidationError, thrown while the command
/// line is read), is its lines and where to read more, exit 64 (EX_USAGE):
///
///     error: --where: 1:12: expected a value after '>', found end of input
///       magnitude >
///                  ^
///     See 'quakes-tui list --help'.
///
/// Any other failure (a catalog, a feed, a config file) is `error: <what>`,
/// exit 1; a command that said its own lines ends with the ExitCode it threw.
extension QuakesTUI {
    /// Says `error` on stderr (help and `--version` on stdout) and returns
    /// the exit status. `command`: the command whose `run()` threw it; nil
    /// when it was thrown while the command line was read.
    static func report(_ error: any Error, ranBy command: (any ParsableCommand.Type)? = nil) -> Int32 {
        if let exit = error as? ExitCode { return exit.rawValue }
        let code = exitCode(for: error)
        if code == .success {
            writeHelp(fullMessage(for: error))
        } else if code == .validationFailure {
            let helpCommand = command.map(helpCommand(for:)) ?? helpCommand(in: fullMessage(for: error))
            for line in usageLines(message(for: error), helpCommand: helpCommand) { printError(line) }
        } else {
            // A command's own error as it describes itself (ArgumentParser would prefer a LocalizedError's text).
            let message = command == nil ? message(for: error) : String(describing: error)
            if !message.isEmpty { printError("error: " + message) }
        }
        return code.rawValue
    }

    /// `error: ` before the first line, a lowercase first word as ours are
    /// (ArgumentParser's `Unknown option` becomes `unknown option`), then
    /// the other lines (a caret, a list of values) and the hint.
    static func usageLines(_ message: String, helpCommand: String) -> [String] {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let first = lines[0].first, first.isUppercase, lines[0].dropFirst().first?.isLowercase == true {
            lines[0] = first.lowercased() + lines[0].dropFirst()
        }
        lines[0] = "error: " + lines[0]
        return lines + ["See '\(helpCommand) --help'."]
    }

    private static var rootName: String { configuration.commandName ?? "quakes-tui" }

    /// `quakes-tui stats`: the command whose `run()` found a usage error
    /// (a `--bin` too small for the quakes' span).
    private static func helpCommand(for command: any ParsableCommand.Type) -> String {
        guard !(command is QuakesTUI.Type), let name = command.configuration.commandName else { return rootName }
        return rootName + " " + name
    }

    /// The command ArgumentParser's usage text says to ask for help
    /// (`  See 'quakes-tui list --help' for more information.`): the one
    /// the error was found in.
    private static func helpCommand(in fullMessage: String) -> String {
        guard let line = fullMessage.split(separator: "\n").last(where: { $0.contains("See '") }),
              let quoted = line.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first,
              quoted.hasSuffix(" --help") else { return rootName }
        return String(quoted.dropLast(" --help".count))
    }

    /// The top help's `--version` line names `-V` too (`main` takes `-V`
    /// for `--version`; ArgumentParser's own flag has no short name).
    static func withShortVersion(_ help: String) -> String {
        help.replacingOccurrences(of: "\n  --version               Show the version.",
                                  with: "\n  -V, --version           Show the version.")
    }

    private static func writeHelp(_ text: String) {
        guard !text.isEmpty else { return }
        var output = StandardOutput()
        output.write(withShortVersion(text) + "\n")
        output.flush()
    }
}
