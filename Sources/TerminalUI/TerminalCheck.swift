import CNcursesw
import Foundation

/// Why curses cannot drive the terminal `TERM` names: found before a
/// program opens or creates anything, so it can say so in one line instead
/// of ncurses' own `Error opening terminal` (or, for `dumb`, a screen drawn
/// line after line).
public struct UnusableTerminal: Error, CustomStringConvertible, Equatable {
    public let description: String

    static let advice = "set TERM (e.g. xterm-256color), or use quakes-tui list"

    /// nil when ncurses knows the terminal and can place the cursor on it.
    /// Reads the terminfo entry only; nothing is sent to the terminal.
    public static func check(environment: [String: String] = ProcessInfo.processInfo.environment) -> UnusableTerminal? {
        let name = environment["TERM"] ?? ""
        guard !name.isEmpty else { return UnusableTerminal(description: "TERM is not set; \(advice)") }
        var status: Int32 = 0
        guard setupterm(name, STDOUT_FILENO, &status) == OK, status == 1 else {
            return UnusableTerminal(description: "terminal '\(name)' is unknown to ncurses; \(advice)")
        }
        // `dumb` (and hardcopy terminals) are known but cannot move the cursor.
        let cursorAddress = tigetstr("cup")
        if cursorAddress == nil || Int(bitPattern: cursorAddress) == -1 {
            return UnusableTerminal(description: "terminal '\(name)' cannot move the cursor; \(advice)")
        }
        return nil
    }
}
